import { Value } from "@sinclair/typebox/value";
import { SiteSummarySchema, type SiteSummary } from "../../analyzers/visibility/site-record-schema.ts";
import { platformReachOf } from "../../reports/platform-reach.ts";
import type { SampleShares } from "../statistics/answer-shares.ts";
import type { Share } from "../statistics/wilson-interval.ts";

/**
 * What changed between a watch's previous and latest state that its owner should hear about: the
 * grade dropped, a platform that could read the site no longer can, or a prompt group's citation
 * share fell by more than the threshold. Pure: the caller passes the two scan records and the two
 * runs' per-group shares; alert-evaluation.ts turns them into deliveries.
 */
export type AlertTrigger =
  | { kind: "grade-dropped"; from: string; to: string }
  | { kind: "platform-lost"; platform: string; from: "reads" | "limited"; to: "limited" | "blocked" }
  | { kind: "template-lost"; platform: string; template: string; from: { read: number; judged: number }; to: { read: number; judged: number }; cause: string | null }
  | { kind: "group-share-dropped"; group: string; from: Share; to: Share; threshold: number };

const GRADE_ORDER = ["A", "B", "C", "D", "F"];

export function scanTriggers(previous: unknown, latest: unknown): AlertTrigger[] {
  const triggers: AlertTrigger[] = [];
  const from = gradeOf(previous);
  const to = gradeOf(latest);
  if (from !== null && to !== null && GRADE_ORDER.indexOf(to) > GRADE_ORDER.indexOf(from)) triggers.push({ kind: "grade-dropped", from, to });
  const before = new Map(platformReachOf(previous).map((entry) => [entry.name, entry.status]));
  for (const entry of platformReachOf(latest)) {
    const was = before.get(entry.name);
    // "unknown" on either side says nothing: a probe that failed is not a lost platform.
    if ((was === "reads" && (entry.status === "limited" || entry.status === "blocked")) || (was === "limited" && entry.status === "blocked")) {
      triggers.push({ kind: "platform-lost", platform: entry.name, from: was, to: entry.status });
    }
  }
  triggers.push(...templateTriggers(siteOf(previous), siteOf(latest)));
  return triggers;
}

/**
 * A template whose sampled pages a platform could read (some of them) and now reads none of, from the
 * site-wide scan's summary (`result.site.reach`, site-record-schema.ts); records without it give none.
 */
function templateTriggers(previous: SiteSummary | null, latest: SiteSummary | null): AlertTrigger[] {
  if (previous === null || latest === null) return [];
  const triggers: AlertTrigger[] = [];
  for (const platform of latest.reach) {
    const before = previous.reach.find((entry) => entry.platform === platform.platform);
    if (!before) continue;
    for (const template of platform.templates) {
      const was = before.templates.find((entry) => entry.template === template.template);
      // Pages not judged (skipped, failed) say nothing about reach.
      if (!was || was.judged === 0 || was.read === 0 || template.judged === 0 || template.read > 0) continue;
      triggers.push({ kind: "template-lost", platform: platform.name, template: template.template, from: { read: was.read, judged: was.judged }, to: { read: template.read, judged: template.judged }, cause: template.cause });
    }
  }
  return triggers;
}

function siteOf(record: unknown): SiteSummary | null {
  const site = (record as { result?: { site?: unknown } } | null)?.result?.site;
  return site !== undefined && Value.Check(SiteSummarySchema, site) ? site : null;
}

/**
 * A group's citation share dropped by more than `threshold` (0-1, e.g. 0.2 for 20 points). Groups with
 * no answered sample on either side are skipped: an unavailable engine is not a drop.
 */
export function groupShareTriggers(previous: readonly { group: string; shares: SampleShares }[], latest: readonly { group: string; shares: SampleShares }[], threshold: number): AlertTrigger[] {
  const before = new Map(previous.map((entry) => [entry.group, entry.shares.cited]));
  const triggers: AlertTrigger[] = [];
  for (const entry of latest) {
    const from = before.get(entry.group);
    const to = entry.shares.cited;
    if (from === undefined || from.share === null || to.share === null) continue;
    if (from.share - to.share > threshold) triggers.push({ kind: "group-share-dropped", group: entry.group, from, to, threshold });
  }
  return triggers;
}

function gradeOf(record: unknown): string | null {
  const grade = (record as { status?: unknown; result?: { grade?: unknown } } | null)?.result?.grade;
  return (record as { status?: unknown } | null)?.status === "ok" && typeof grade === "string" && GRADE_ORDER.includes(grade) ? grade : null;
}
