import type { Db } from "../../store/database.ts";
import { advanceAlertBaseline, alertCandidates, alertSettingsOf, insertDelivery, type AlertCandidate, type AlertSettingsRow } from "../../store/alerts-repo.ts";
import { findRun } from "../../store/answer-runs-repo.ts";
import { recordOfScan } from "../../store/scans-repo.ts";
import { findUserById } from "../../store/users-repo.ts";
import { runResults } from "../answer-results.ts";
import { alertPayload, type AlertPayload } from "./alert-message.ts";
import { groupShareTriggers, scanTriggers, type AlertTrigger } from "./alert-triggers.ts";

/**
 * After a watch's domain is scanned again or its prompts are run again, compares the new scan with the
 * one it last compared (grade, platforms, templates) and the new run with the last one (citation share
 * per prompt group, and over all prompts), and queues an alert to each of the watch's channels when
 * something got worse. The first scan or run after alerts are set is the baseline and alerts nothing.
 *
 * Exactly once across instances: the baselines move by compare-and-set in the same transaction that
 * queues the deliveries, so of two instances comparing at once only one queues anything, and a crash
 * before the commit leaves the comparison to be made again.
 */
export const ALL_PROMPTS_GROUP = "all prompts";

export interface AlertEvaluationDeps {
  db: Db;
  publicUrl: string;
  now: () => number;
}

/** Compares every watch with something new (up to `limit`); resolves to the deliveries queued. */
export async function evaluateAlerts(deps: AlertEvaluationDeps, limit = 50): Promise<number> {
  let queued = 0;
  for (const candidate of await alertCandidates(deps.db, limit)) queued += await evaluateWatch(deps, candidate);
  return queued;
}

async function evaluateWatch(deps: AlertEvaluationDeps, candidate: AlertCandidate): Promise<number> {
  const settings = await alertSettingsOf(deps.db, candidate.watchId);
  if (!settings) return 0;
  const triggers: AlertTrigger[] = [];
  if (candidate.seenScanId !== null && candidate.latestScanId !== null && candidate.latestScanId !== candidate.seenScanId) {
    triggers.push(...scanTriggers(await parsedRecord(deps.db, candidate.seenScanId), await parsedRecord(deps.db, candidate.latestScanId)));
  }
  if (candidate.seenRunId !== null && candidate.latestRunId !== null && candidate.latestRunId !== candidate.seenRunId) {
    const [before, after] = await Promise.all([groupsOfRun(deps.db, candidate.userId, candidate.seenRunId), groupsOfRun(deps.db, candidate.userId, candidate.latestRunId)]);
    triggers.push(...groupShareTriggers(before, after, settings.shareDropPoints / 100));
  }
  const now = deps.now();
  const payload = triggers.length === 0 ? null : alertPayload("alert", { id: candidate.watchId, domain: candidate.domain }, triggers, deps.publicUrl, now);
  const to = payload && settings.email ? ((await findUserById(deps.db, candidate.userId))?.email ?? null) : null;
  return deps.db.transaction(async () => {
    const moved = await advanceAlertBaseline(
      deps.db,
      candidate.watchId,
      { scanId: candidate.seenScanId, runId: candidate.seenRunId },
      { scanId: candidate.latestScanId ?? candidate.seenScanId, runId: candidate.latestRunId ?? candidate.seenRunId },
    );
    if (!moved || payload === null) return 0;
    return queueDeliveries(deps, settings, payload, to, now);
  });
}

/** Queues one delivery per channel the watch has; resolves to how many. */
export async function queueDeliveries(deps: AlertEvaluationDeps, settings: AlertSettingsRow, payload: AlertPayload, email: string | null, now: number): Promise<number> {
  const body = JSON.stringify(payload);
  let queued = 0;
  if (settings.webhookUrl !== null) {
    await insertDelivery(deps.db, { watchId: settings.watchId, channel: "webhook", target: settings.webhookUrl, payload: body }, now);
    queued++;
  }
  if (settings.email && email !== null) {
    await insertDelivery(deps.db, { watchId: settings.watchId, channel: "email", target: email, payload: body }, now);
    queued++;
  }
  return queued;
}

async function parsedRecord(db: Db, scanId: number): Promise<unknown> {
  const text = await recordOfScan(db, scanId);
  try {
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

async function groupsOfRun(db: Db, userId: number, runId: number) {
  const run = await findRun(db, userId, runId);
  if (!run || run.state !== "done") return [];
  const results = await runResults(db, run);
  return [...results.byGroup, { group: ALL_PROMPTS_GROUP, shares: results.overall }];
}
