/**
 * Runs for watched domains on both store engines: budgets refuse a run before any call, with the
 * figures; a run is claimed once, carried out through the SDKs against the fakes, and its samples,
 * spend per engine and results stored; the provider keys are nowhere in the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { answerRunWorker } from "../../src/answers/answer-run-worker.ts";
import { latestResults } from "../../src/answers/answer-results.ts";
import { startRun, type AnswerRunDeps } from "../../src/answers/answer-runs.ts";
import { configuredEngines, providerSecrets } from "../../src/answers/configured-engines.ts";
import { loadConfig } from "../../src/config.ts";
import { claimDueRun, monthUsage, setBudget, spendByMonth } from "../../src/store/answer-runs-repo.ts";
import { findWatch, insertPrompt, insertWatch } from "../../src/store/answer-watches-repo.ts";
import type { Db } from "../../src/store/database.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { startFakeProviders, type FakeProviders } from "../helpers/fake-answer-providers.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";

const KEYS = { OPENAI_API_KEY: "sk-proj-runsFakeOpenAi0123456789abcdef", GEMINI_API_KEY: "AIzaRunsFakeGemini0123456789abcdefgh" };
const NOW = Date.parse("2026-11-28T10:00:00Z");

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
  fakes.behave("openai", { kind: "answer", text: "Acme is best.", cited: [{ url: "https://www.example.com/p", title: "Acme" }, { url: "https://rival.io/", title: "Rival" }] });
  fakes.behave("gemini", { kind: "answer", text: "Rival is best.", cited: [{ url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/R", title: "rival.io" }] });
});
afterAll(() => fakes.stop());

function depsFor(db: Db, serviceLimitMicros: number | null = null): AnswerRunDeps {
  const config = loadConfig({ ...KEYS, OPENAI_BASE_URL: fakes.baseUrls.openai, GEMINI_BASE_URL: fakes.baseUrls.gemini, OPENAI_PRICE_USD: "0.03", GEMINI_PRICE_USD: "0.04", ANSWERS_RETRIES: "0" });
  return { db, engines: configuredEngines(config), serviceLimitMicros, timeoutMs: 5000, secrets: providerSecrets(config), now: () => NOW };
}

const silent = () => undefined;

async function watched(db: Db, email = "owner@example.com") {
  const userId = (await insertUser(db, { email, passwordHash: "x", createdAt: NOW }))!;
  const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["Acme"], competitors: ["rival.io"], engines: null, samples: 2, schedule: "none", nextRunAt: null }, NOW))!;
  await insertPrompt(db, watchId, { name: "best", prompt: "Best planner?", group: "buying" }, NOW);
  await insertPrompt(db, watchId, { name: "cheap", prompt: "Cheapest planner?", group: null }, NOW);
  return { userId, watchId };
}

forEachStoreEngine((engine) => {
  describe("budgets", () => {
    test("an account without a budget tracks nothing: refused before any call", async () => {
      const db = await engine.open();
      const { userId, watchId } = await watched(db);
      const before = fakes.requests.length;
      const started = await startRun(depsFor(db), userId, watchId, "manual");
      expect(started).toMatchObject({ ok: false, status: 402 });
      expect(!started.ok && started.error).toContain("no budget");
      expect(await answerRunWorker({ ...depsFor(db), log: silent }).drain()).toBe(0);
      expect(fakes.requests.length).toBe(before);
    });

    test("a run that would pass the account's budget is refused with the figures", async () => {
      const db = await engine.open();
      const { userId, watchId } = await watched(db);
      // 2 prompts × 2 samples × ($0.03 + $0.04) = $0.28
      await setBudget(db, userId, 270_000, NOW);
      const started = await startRun(depsFor(db), userId, watchId, "manual");
      expect(started.ok).toBe(false);
      expect(!started.ok && started.error).toBe("This run would cost about $0.2800, and the account has $0.2700 left of its $0.2700 for 2026-11 ($0.00 spent, $0.00 held by runs in progress).");
      expect(!started.ok && started.figures).toEqual({
        month: "2026-11",
        estimateUsd: 0.28,
        account: { budgetUsd: 0.27, spentUsd: 0, reservedUsd: 0 },
        service: { limitUsd: null, spentUsd: 0, reservedUsd: 0 },
      });
    });

    test("reservations count: a second run that no longer fits is refused while the first is queued; the service limit too", async () => {
      const db = await engine.open();
      const { userId, watchId } = await watched(db);
      await setBudget(db, userId, 500_000, NOW);
      expect((await startRun(depsFor(db), userId, watchId, "manual")).ok).toBe(true);
      const second = await startRun(depsFor(db), userId, watchId, "manual");
      expect(!second.ok && second.error).toContain("$0.2200 left of its $0.5000");
      expect(!second.ok && second.figures?.account.reservedUsd).toBe(0.28);
      const other = await watched(db, "other@example.com");
      await setBudget(db, other.userId, 10_000_000, NOW);
      const capped = await startRun(depsFor(db, 400_000), other.userId, other.watchId, "manual");
      expect(!capped.ok && capped.error).toBe("This run would cost about $0.2800, and the service has $0.1200 left of its monthly limit of $0.4000 for 2026-11.");
    });
  });

  test("a run is carried out through the SDKs, stored with its samples and spend, and its reservation released", async () => {
    const db = await engine.open();
    const { userId, watchId } = await watched(db);
    await setBudget(db, userId, 1_000_000, NOW);
    const started = await startRun(depsFor(db), userId, watchId, "manual");
    expect(started.ok).toBe(true);
    expect(await answerRunWorker({ ...depsFor(db), log: silent }).drain()).toBe(1);
    const results = await latestResults(db, (await findWatch(db, userId, watchId))!);
    expect(results).not.toBeNull();
    expect(results!.samples.length).toBe(8);
    expect(results!.byEngine.map((row) => [row.engine, row.shares.cited.k, row.shares.cited.n])).toEqual([
      ["openai", 4, 4],
      ["gemini", 0, 4],
    ]);
    expect(results!.byGroup).toEqual([expect.objectContaining({ group: "buying" })]);
    expect(results!.byGroup[0]!.shares.cited.n).toBe(4);
    expect(results!.shareOfVoice.map((entry) => [entry.domain, entry.citedSamples])).toEqual([
      ["example.com", 4],
      ["rival.io", 8],
    ]);
    expect(results!.costUsd).toBeCloseTo(0.28, 6);
    const usage = await monthUsage(db, "2026-11", userId);
    expect([usage.accountSpentMicros, usage.accountReservedMicros]).toEqual([280_000, 0]);
    expect(await spendByMonth(db, userId, 12)).toEqual([
      { month: "2026-11", engine: "gemini", micros: 160_000, calls: 4 },
      { month: "2026-11", engine: "openai", micros: 120_000, calls: 4 },
    ]);
    expect((await spendByMonth(db, null, 12)).length).toBe(2);
    // The keys were sent to the providers but are kept nowhere.
    const dump = JSON.stringify(await db.all("SELECT * FROM answer_samples")) + JSON.stringify(await db.all("SELECT * FROM answer_runs"));
    for (const key of Object.values(KEYS)) expect(dump).not.toContain(key);
  });

  test("a queued run is claimed by exactly one of two instances", async () => {
    const { a, b, closeAll } = await twoHandles(engine, { racing: true });
    try {
      const { userId, watchId } = await watched(a);
      await setBudget(a, userId, 1_000_000, NOW);
      expect((await startRun(depsFor(a), userId, watchId, "manual")).ok).toBe(true);
      const claims = await Promise.all([claimDueRun(a, "token-a", NOW + 60_000, NOW), claimDueRun(b, "token-b", NOW + 60_000, NOW)]);
      expect(claims.filter((claim) => claim !== null).length).toBe(1);
      // Until its lease runs out, nobody else takes it; afterwards, one does.
      expect(await claimDueRun(b, "token-c", NOW + 120_000, NOW + 1000)).toBeNull();
      expect((await claimDueRun(b, "token-d", NOW + 200_000, NOW + 61_000))?.attempts).toBe(2);
    } finally {
      await closeAll();
    }
  });
});
