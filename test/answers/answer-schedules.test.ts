/**
 * Scheduled runs: once per period across two instances on one database, and again in the next
 * period after a restart; a budget refusal uses up the period without asking anything.
 */
import { expect, test } from "bun:test";
import { nextScheduledRun, startDueRuns } from "../../src/answers/answer-schedules.ts";
import type { AnswerRunDeps } from "../../src/answers/answer-runs.ts";
import type { AnswerEngine } from "../../src/answers/engine.ts";
import { setBudget } from "../../src/store/answer-runs-repo.ts";
import { findWatch, insertPrompt, insertWatch } from "../../src/store/answer-watches-repo.ts";
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";

const DAY = 86_400_000;
const START = Date.parse("2026-11-28T06:00:00Z");
// An engine that must never be asked here: scheduling only queues runs.
const engine: AnswerEngine = { name: "openai", api: "test", model: "m", priceUsd: 0.01, ask: () => Promise.reject(new Error("not asked in this test")) };
const silent = () => undefined;
const deps = (db: Db, now: number): AnswerRunDeps => ({ db, engines: [engine], serviceLimitMicros: null, timeoutMs: 1000, secrets: [], now: () => now });

test("the next time stays on the watch's grid and is after now", () => {
  expect(nextScheduledRun("daily", START, START)).toBe(START + DAY);
  expect(nextScheduledRun("daily", START, START + 3.5 * DAY)).toBe(START + 4 * DAY);
  expect(nextScheduledRun("weekly", START, START + DAY)).toBe(START + 7 * DAY);
  expect(nextScheduledRun("weekly", START, START - 1)).toBe(START);
});

async function scheduledWatch(db: Db, budgetMicros: number) {
  const userId = (await insertUser(db, { email: "owner@example.com", passwordHash: "x", createdAt: START }))!;
  const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 1, schedule: "daily", nextRunAt: START }, START))!;
  await insertPrompt(db, watchId, { name: "p", prompt: "Best?", group: null }, START);
  if (budgetMicros > 0) await setBudget(db, userId, budgetMicros, START);
  return { userId, watchId };
}

async function runCount(db: Db, startedBy = "schedule"): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM answer_runs WHERE started_by = ?", [startedBy]))!.count;
}

forEachStoreEngine((store) => {
  test("once per period across two instances at once, and again after a restart in the next period", async () => {
    const location = await store.location();
    // Two instances on one database (SQLite: one handle twice, as twoHandles explains for racing transactions).
    const open = async () => (store.name === "sqlite" ? openDatabase(location) : await openPostgres(location));
    const a = await open();
    const b = store.name === "sqlite" ? a : await open();
    const closeAll = async () => {
      await a.close();
      if (b !== a) await b.close();
    };
    try {
      const { userId, watchId } = await scheduledWatch(a, 10_000_000);
      const at = START + 60_000;
      const [fromA, fromB] = await Promise.all([startDueRuns(deps(a, at), silent), startDueRuns(deps(b, at), silent)]);
      expect(fromA.length + fromB.length).toBe(1);
      expect([...fromA, ...fromB][0]!.result.ok).toBe(true);
      expect(await runCount(a)).toBe(1);
      // The domain's rescan was queued once too, on the durable scan queue, as the schedule's.
      expect(await a.all("SELECT domain, state, caller_kind AS \"callerKind\" FROM jobs")).toEqual([{ domain: "example.com", state: "queued", callerKind: "schedule" }]);
      // Later the same day, nothing is due.
      expect(await startDueRuns(deps(b, at + 6 * 3_600_000), silent)).toEqual([]);
      expect((await findWatch(a, userId, watchId))!.nextRunAt).toBe(START + DAY);
    } finally {
      await closeAll();
    }
    // A fresh instance (a restart) the next day starts the next period's run, once.
    const restarted = await open();
    try {
      const nextDay = START + DAY + 1000;
      expect((await startDueRuns(deps(restarted, nextDay), silent)).length).toBe(1);
      expect((await startDueRuns(deps(restarted, nextDay), silent)).length).toBe(0);
      expect(await runCount(restarted)).toBe(2);
      // The first rescan is still queued (no scan worker here), so the next period's joins it instead of queueing a second.
      expect((await restarted.get<{ count: number }>("SELECT count(*) AS count FROM jobs"))!.count).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  test("a run the budget refuses uses up its period and asks nothing", async () => {
    const db = await store.open();
    await scheduledWatch(db, 0);
    const started = await startDueRuns(deps(db, START + 1), silent);
    expect(started.length).toBe(1);
    expect(started[0]!.result).toMatchObject({ ok: false, status: 402 });
    expect(await runCount(db)).toBe(0);
    // The site is rescanned all the same: following it costs no answer budget.
    expect((await db.get<{ count: number }>("SELECT count(*) AS count FROM jobs WHERE caller_kind = 'schedule'"))!.count).toBe(1);
    expect(await startDueRuns(deps(db, START + 2), silent)).toEqual([]);
  });
});
