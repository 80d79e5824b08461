import type { Authenticator } from "../auth/authenticate.ts";
import { userIdOfKey } from "../store/api-keys-repo.ts";
import {
  countPromptsOf,
  countWatchesOf,
  deletePrompt,
  deleteWatch,
  findWatch,
  insertPrompt,
  insertWatch,
  promptsOf,
  watchesOf,
  type PromptRow,
  type WatchRow,
} from "../store/answer-watches-repo.ts";
import { budgetOf, findRun, runsOfWatch, spendByMonth } from "../store/answer-runs-repo.ts";
import { latestScan, storedArtifacts } from "../store/scans-repo.ts";
import { latestResults, runResults } from "./answer-results.ts";
import { startRun, type AnswerRunDeps } from "./answer-runs.ts";
import { usd } from "./budget-check.ts";
import { suggestPrompts, type SiteFacts } from "./prompt-suggestions.ts";
import { siteFactsOf } from "./site-facts.ts";
import { PROMPTS_PER_WATCH_MAX, WATCHES_PER_ACCOUNT_MAX, watchFieldsOf, type PromptBody, type WatchBody } from "./watch-input.ts";

/**
 * The answers API's logic: every operation is an account's, identified by one of its API keys (an
 * operator's key has no account, so no watches). Routes (http/answers-routes.ts) only pass requests here.
 */
export interface AnswersApiDeps extends AnswerRunDeps {
  authenticator: Authenticator;
}

export type ApiAnswer = { status: number; body: unknown };

const error = (status: number, message: string, extra: Record<string, unknown> = {}): ApiAnswer => ({ status, body: { error: message, ...extra } });

/** The account behind an Authorization header, or the refusal to send. */
export async function accountOf(deps: Pick<AnswersApiDeps, "authenticator" | "db">, authorization: string | null): Promise<{ ok: true; userId: number } | { ok: false; answer: ApiAnswer }> {
  const who = await deps.authenticator.identify(authorization);
  if (who === null || !who.ok) return { ok: false, answer: error(401, "Unauthorized", who?.hint ? { hint: who.hint } : {}) };
  if (who.caller.kind !== "key") return { ok: false, answer: error(403, "AI answer tracking belongs to accounts: use an API key of your account.") };
  const userId = await userIdOfKey(deps.db, who.caller.keyId);
  if (userId === null) return { ok: false, answer: error(403, "AI answer tracking belongs to accounts: an operator's key has none. Use an API key of your account.") };
  return { ok: true, userId };
}

export function watchJson(watch: WatchRow, prompts?: readonly PromptRow[]) {
  return {
    id: watch.id,
    domain: watch.domain,
    brandNames: watch.brandNames,
    competitors: watch.competitors,
    engines: watch.engines,
    samples: watch.samples,
    schedule: watch.schedule,
    nextRunAt: watch.nextRunAt === null ? null : new Date(watch.nextRunAt).toISOString(),
    createdAt: new Date(watch.createdAt).toISOString(),
    ...(prompts ? { prompts: prompts.map(promptJson) } : {}),
  };
}

function promptJson(prompt: PromptRow) {
  return { id: prompt.id, name: prompt.name, prompt: prompt.prompt, group: prompt.group };
}

export async function listWatches(deps: AnswersApiDeps, userId: number): Promise<ApiAnswer> {
  return { status: 200, body: { watches: (await watchesOf(deps.db, userId)).map((watch) => watchJson(watch)) } };
}

export async function createWatch(deps: AnswersApiDeps, userId: number, body: WatchBody): Promise<ApiAnswer> {
  const now = deps.now();
  const fields = watchFieldsOf(body, now);
  if (!fields.ok) return error(400, fields.error);
  if ((await countWatchesOf(deps.db, userId)) >= WATCHES_PER_ACCOUNT_MAX) return error(409, `An account watches at most ${WATCHES_PER_ACCOUNT_MAX} domains.`);
  const id = await insertWatch(deps.db, userId, fields.fields, now);
  if (id === null) return error(409, `You already watch ${fields.fields.domain}.`);
  return { status: 201, body: watchJson((await findWatch(deps.db, userId, id))!, []) };
}

export async function showWatch(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  return { status: 200, body: watchJson(watch, await promptsOf(deps.db, watch.id)) };
}

export async function removeWatch(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  return (await deleteWatch(deps.db, userId, watchId)) ? { status: 204, body: null } : error(404, "No such watch.");
}

export async function addPrompt(deps: AnswersApiDeps, userId: number, watchId: number, body: PromptBody): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const text = body.prompt.trim();
  const name = body.name.trim();
  if (text.length === 0 || name.length === 0) return error(400, "name and prompt must not be blank.");
  if ((await countPromptsOf(deps.db, watch.id)) >= PROMPTS_PER_WATCH_MAX) return error(409, `A watch has at most ${PROMPTS_PER_WATCH_MAX} prompts.`);
  const id = await insertPrompt(deps.db, watch.id, { name, prompt: text, group: body.group?.trim() || null }, deps.now());
  if (id === null) return error(409, `The watch already has a prompt named "${name}".`);
  return { status: 201, body: { id, name, prompt: text, group: body.group?.trim() || null } };
}

export async function removePrompt(deps: AnswersApiDeps, userId: number, watchId: number, promptId: number): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  return (await deletePrompt(deps.db, watch.id, promptId)) ? { status: 204, body: null } : error(404, "No such prompt.");
}

export async function requestRun(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  const started = await startRun(deps, userId, watchId, "manual");
  if (!started.ok) return error(started.status, started.error, started.figures ? { figures: started.figures } : {});
  return { status: 202, body: { runId: started.runId, state: "queued", figures: started.figures } };
}

export async function showRun(deps: AnswersApiDeps, userId: number, runId: number): Promise<ApiAnswer> {
  const run = await findRun(deps.db, userId, runId);
  if (!run) return error(404, "No such run.");
  const head = {
    runId: run.id,
    watchId: run.watchId,
    state: run.state,
    startedBy: run.startedBy,
    createdAt: new Date(run.createdAt).toISOString(),
    finishedAt: run.finishedAt === null ? null : new Date(run.finishedAt).toISOString(),
    reservedUsd: usd(run.reservedMicros),
    spentUsd: usd(run.spentMicros),
    error: run.lastError,
  };
  return { status: 200, body: run.state === "done" ? { ...head, results: await runResults(deps.db, run) } : head };
}

export async function watchRuns(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const runs = await runsOfWatch(deps.db, watch.id, 50);
  return { status: 200, body: { runs: runs.map((run) => ({ runId: run.id, state: run.state, startedBy: run.startedBy, createdAt: new Date(run.createdAt).toISOString(), spentUsd: usd(run.spentMicros) })) } };
}

export async function watchResults(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const results = await latestResults(deps.db, watch);
  return results === null ? error(404, `No run of ${watch.domain} has finished yet.`) : { status: 200, body: results };
}

export async function accountSpend(deps: AnswersApiDeps, userId: number): Promise<ApiAnswer> {
  const rows = await spendByMonth(deps.db, userId, 12);
  return {
    status: 200,
    body: { monthlyBudgetUsd: usd(await budgetOf(deps.db, userId)), spend: rows.map((row) => ({ month: row.month, engine: row.engine, usd: usd(row.micros), calls: row.calls })) },
  };
}

export async function promptSuggestions(deps: AnswersApiDeps, userId: number, watchId: number): Promise<ApiAnswer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const scan = await latestScan(deps.db, watch.domain);
  const stored = scan ? await storedArtifacts(deps.db, scan.id) : null;
  let facts: SiteFacts = { domain: watch.domain, name: null, offers: null, locality: null };
  try {
    if (stored?.artifactsJson) facts = siteFactsOf(watch.domain, stored.artifactsJson);
  } catch {
    // Artifacts of an older format: suggest from the domain alone.
  }
  return { status: 200, body: { basedOnScan: stored?.artifactsJson ? new Date(stored.scannedAt).toISOString() : null, facts, suggestions: suggestPrompts(facts) } };
}
