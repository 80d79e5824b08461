/**
 * The page budget and the per-page verdicts through the platform (issue 29): the budget a request asks
 * for is checked against its caller's maximum, travels with the durable job into the analyzer's
 * ScanContext, and is kept with the record, which then satisfies the 24-hour cache only for as many
 * pages; the verdicts an analyzer returns are stored with the record, in its transaction, tied to it.
 */
import { describe, expect, test } from "bun:test";
import type { Analyzer, ScanContext } from "../../src/analyzers/analyzer.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";
import type { PageVerdict } from "../../src/analyzers/visibility/site-record-schema.ts";
import { latestPageVerdicts } from "../../src/reports/page-verdicts.ts";
import { inProcessScanner } from "../../src/scans/in-process-scanner.ts";
import type { PageBudgets } from "../../src/scans/page-budget.ts";
import { claimNextJob, completeJob } from "../../src/scans/queue.ts";
import type { AnyRecord } from "../../src/scans/run-scan.ts";
import { runScanJob } from "../../src/scans/scan-job.ts";
import { startScan, type StartScanDeps } from "../../src/scans/start-scan.ts";
import type { Db } from "../../src/store/database.ts";
import { insertScan, latestScan } from "../../src/store/scans-repo.ts";
import { insertApiKey } from "../../src/store/api-keys-repo.ts";
import type { Caller } from "../../src/types/caller.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { fakeDns } from "../helpers/test-runtime.ts";
import { okRecord } from "../web/record-fixtures.ts";
import { pageVerdict, sampleSiteVerdicts } from "../fixtures/page-verdicts.ts";

const T = POSTGRES_HOOK_TIMEOUT_MS;
const BUDGETS: PageBudgets = { anonymous: { default: 10, max: 10 }, key: { default: 25, max: 100 }, pipeline: { default: 25, max: 100 } };
const visitor: Caller = { kind: "challenge" };

function depsOf(db: Db, overrides: Partial<StartScanDeps> = {}): StartScanDeps {
  return {
    db,
    cacheTtlSeconds: 86_400,
    limits: { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 },
    connectTo: [],
    lookup: fakeDns(),
    pageBudgets: BUDGETS,
    wakeWorker() {},
    now: Date.now,
    ...overrides,
  };
}

/** An analyzer that records the context it was given and answers with a record and these verdicts. */
function fakeAnalyzer(pages: PageVerdict[] | undefined, seen: ScanContext[]): Analyzer<AnyRecord> {
  return {
    service: "visibility",
    recordSchema: {} as never,
    async scan(context) {
      seen.push(context);
      return { record: okRecord(context.domain, 71, "x", context.now().toISOString()), artifacts: { version: "test" }, ...(pages ? { pages } : {}) };
    },
    failedRecord: (domain, reason, at) => ({ domain, status: "failed", scannedAt: at.toISOString(), reason }) as AnyRecord,
    scoreOf: (record) => (record as VisibilityRecord).result?.score ?? null,
  };
}

/** Claims the next job and runs it through the scan pipeline as the worker does, storing its record. */
async function runNextJob(db: Db, analyzer: Analyzer<AnyRecord>): Promise<void> {
  const job = await claimNextJob(db, Date.now(), 60_000);
  if (!job) throw new Error("no job queued");
  const scanner = inProcessScanner({
    analyzer,
    fetcher: (() => {
      throw new Error("the fake analyzer fetches nothing");
    }) as never,
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    scanTimeoutMs: 10_000,
    now: Date.now,
  });
  const result = await runScanJob({ db, analyzer, scanner, scanTimeoutMs: 10_000, now: Date.now }, job, new AbortController().signal);
  if (result.kind !== "done") throw new Error(`the job did not finish: ${result.error}`);
  expect(await completeJob(db, job, Date.now(), result.store)).toBe(true);
}

const rateEvents = async (db: Db) => (await db.get<{ count: number }>("SELECT COUNT(*) AS count FROM rate_events"))?.count ?? 0;

forEachStoreEngine((engine) => {
  /** A fresh database with one operator API key (jobs and scans name their key). */
  async function openWithKey(): Promise<{ db: Db; key: Caller }> {
    const db = await engine.open();
    const keyId = await insertApiKey(db, { userId: null, name: "ci", keyHash: crypto.getRandomValues(new Uint8Array(32)), visibleStart: "aivis_abc", createdAt: Date.now() });
    return { db, key: { kind: "key", keyId } };
  }

  describe("the page budget", () => {
    test("travels from the request through the job into ScanContext.pages and is kept with the record", async () => {
      const { db, key } = await openWithKey();
      const started = await startScan(depsOf(db), { url: "shop.test", forceRescan: false, caller: key, clientIp: "203.0.113.1", pages: 60 });
      expect(started).toMatchObject({ kind: "started", joined: false });
      const seen: ScanContext[] = [];
      await runNextJob(db, fakeAnalyzer(undefined, seen));
      expect(seen.map((context) => context.pages)).toEqual([60]);
      expect((await latestScan(db, "shop.test"))?.pagesBudget).toBe(60);
    }, T);

    test("each caller kind gets its own default, and a budget over its maximum is refused before anything is spent", async () => {
      const { db, key } = await openWithKey();
      const seen: ScanContext[] = [];
      await startScan(depsOf(db), { url: "a.test", forceRescan: false, caller: visitor, clientIp: "203.0.113.2" });
      await runNextJob(db, fakeAnalyzer(undefined, seen));
      await startScan(depsOf(db), { url: "b.test", forceRescan: false, caller: key, clientIp: "203.0.113.2" });
      await runNextJob(db, fakeAnalyzer(undefined, seen));
      await startScan(depsOf(db), { url: "c.test", forceRescan: false, caller: { kind: "cli" }, clientIp: "203.0.113.2", pages: 500 });
      await runNextJob(db, fakeAnalyzer(undefined, seen));
      expect(seen.map((context) => context.pages)).toEqual([10, 25, 500]);

      const before = await rateEvents(db);
      expect(await startScan(depsOf(db), { url: "d.test", forceRescan: false, caller: visitor, clientIp: "203.0.113.2", pages: 11 })).toEqual({
        kind: "invalid",
        error: "pages must be at most 10 without an API key (an API key allows up to 100).",
      });
      expect(await startScan(depsOf(db), { url: "d.test", forceRescan: false, caller: key, clientIp: "203.0.113.2", pages: 101 })).toEqual({
        kind: "invalid",
        error: "pages must be at most 100 with an API key.",
      });
      expect(await startScan(depsOf(db), { url: "d.test", forceRescan: false, caller: { kind: "pipeline" }, clientIp: "203.0.113.2", pages: 101 })).toEqual({
        kind: "invalid",
        error: "pages must be at most 100 with the pipeline token.",
      });
      expect(await startScan(depsOf(db), { url: "d.test", forceRescan: false, caller: { kind: "cli" }, clientIp: "203.0.113.2", pages: 501 })).toMatchObject({ kind: "invalid" });
      expect(await startScan(depsOf(db), { url: "d.test", forceRescan: false, caller: key, clientIp: "203.0.113.2", pages: 0 })).toEqual({
        kind: "invalid",
        error: "pages must be an integer of at least 1.",
      });
      expect(await rateEvents(db)).toBe(before);
    }, T);

    test("a site-wide scan counts once against the limits, whatever its pages", async () => {
      const { db, key } = await openWithKey();
      const deps = depsOf(db, { limits: { perIpPerHour: 2, perDomainPerHour: 3, perKeyPerHour: 2 } });
      expect((await startScan(deps, { url: "one.test", forceRescan: false, caller: key, clientIp: "203.0.113.3", pages: 100 })).kind).toBe("started");
      expect(await rateEvents(db)).toBe(2); // one event in the key's bucket, one in the domain's
      expect((await startScan(deps, { url: "two.test", forceRescan: false, caller: key, clientIp: "203.0.113.3", pages: 100 })).kind).toBe("started");
      expect((await startScan(deps, { url: "three.test", forceRescan: false, caller: key, clientIp: "203.0.113.3", pages: 1 })).kind).toBe("limited");
    }, T);

    test("a cached record serves requests for as many pages or fewer; a larger budget scans again", async () => {
      const { db, key } = await openWithKey();
      await startScan(depsOf(db), { url: "cache.test", forceRescan: false, caller: key, clientIp: "203.0.113.4", pages: 40 });
      await runNextJob(db, fakeAnalyzer(undefined, []));
      expect((await startScan(depsOf(db), { url: "cache.test", forceRescan: false, caller: key, clientIp: "203.0.113.4", pages: 40 })).kind).toBe("cached");
      expect((await startScan(depsOf(db), { url: "cache.test", forceRescan: false, caller: visitor, clientIp: "203.0.113.4" })).kind).toBe("cached");
      expect(await startScan(depsOf(db), { url: "cache.test", forceRescan: false, caller: key, clientIp: "203.0.113.4", pages: 41 })).toMatchObject({ kind: "started", joined: false });
    }, T);

    test("a record from before budgets serves requests that name no pages, not one asking for more than one", async () => {
      const { db, key } = await openWithKey();
      await insertScan(db, { domain: "old.test", status: "ok", score: 50, scannedAt: Date.now(), recordJson: JSON.stringify(okRecord("old.test", 50)), artifactsJson: null, caller: key });
      expect((await startScan(depsOf(db), { url: "old.test", forceRescan: false, caller: key, clientIp: "203.0.113.5" })).kind).toBe("cached");
      expect((await startScan(depsOf(db), { url: "old.test", forceRescan: false, caller: key, clientIp: "203.0.113.5", pages: 1 })).kind).toBe("cached");
      expect((await startScan(depsOf(db), { url: "old.test", forceRescan: false, caller: key, clientIp: "203.0.113.5", pages: 2 })).kind).toBe("started");
    }, T);

    test("single-page services refuse a budget", async () => {
      const { db, key } = await openWithKey();
      expect(await startScan(depsOf(db, { perPage: true }), { url: "one.test", forceRescan: false, caller: key, clientIp: "203.0.113.6", pages: 3 })).toEqual({
        kind: "invalid",
        error: "pages applies to site-wide scans of the visibility service; this service reads one page.",
      });
    }, T);
  });

  describe("the per-page verdicts", () => {
    test("are stored with the record the analyzer returned them with, and each scan keeps its own", async () => {
      const { db, key } = await openWithKey();
      const first = sampleSiteVerdicts();
      await startScan(depsOf(db), { url: "shop.test", forceRescan: false, caller: key, clientIp: "203.0.113.7", pages: 7 });
      await runNextJob(db, fakeAnalyzer(first, []));
      const firstScan = (await latestScan(db, "shop.test"))!;

      const second = [pageVerdict("https://shop.test/", "/", { source: "homepage" }), pageVerdict("https://shop.test/new", "/<slug>", { verdict: "issues" })];
      await startScan(depsOf(db), { url: "shop.test", forceRescan: true, caller: key, clientIp: "203.0.113.7", pages: 7 });
      await runNextJob(db, fakeAnalyzer(second, []));

      const latest = (await latestPageVerdicts(db, { domain: "shop.test", page: undefined }, { offset: 0, limit: 50 }))!;
      expect(latest.scanId).not.toBe(firstScan.id);
      expect(latest.pagesJson.map((json) => JSON.parse(json))).toEqual(second);
      const rows = await db.all<{ scan_id: number; n: number }>("SELECT scan_id, COUNT(*) AS n FROM scan_pages GROUP BY scan_id ORDER BY scan_id");
      expect(rows).toEqual([
        { scan_id: firstScan.id, n: first.length },
        { scan_id: latest.scanId, n: 2 },
      ]);
    }, T);

    test("land in the record's transaction: a verdict that cannot be stored leaves no record either", async () => {
      const { db, key } = await openWithKey();
      const broken = { template: null as unknown as string, verdict: "sound", status: 200, unreached: [], json: "{}" };
      const insert = insertScan(db, { domain: "atomic.test", status: "ok", score: 1, scannedAt: Date.now(), recordJson: "{}", artifactsJson: null, caller: key, pages: [broken] });
      await expect(insert).rejects.toThrow();
      expect(await latestScan(db, "atomic.test")).toBeNull();
    }, T);

    test("filter by template, verdict, HTTP status and unreached platform, in the sampled order, a page at a time", async () => {
      const { db, key } = await openWithKey();
      const verdicts = sampleSiteVerdicts();
      await startScan(depsOf(db), { url: "shop.test", forceRescan: false, caller: key, clientIp: "203.0.113.8", pages: 7 });
      await runNextJob(db, fakeAnalyzer(verdicts, []));
      const subject = { domain: "shop.test", page: undefined };
      const urls = async (filters: Parameters<typeof latestPageVerdicts>[2]) => {
        const page = (await latestPageVerdicts(db, subject, filters))!;
        return { total: page.total, urls: page.pagesJson.map((json) => (JSON.parse(json) as PageVerdict).url.replace("https://shop.test", "")) };
      };
      expect(await urls({ template: "/blog/<slug>", offset: 0, limit: 50 })).toEqual({ total: 3, urls: ["/blog/one", "/blog/two", "/blog/three"] });
      expect(await urls({ status: "issues", offset: 0, limit: 2 })).toEqual({ total: 4, urls: ["/blog/one", "/blog/two"] });
      expect(await urls({ status: "issues", offset: 2, limit: 2 })).toEqual({ total: 4, urls: ["/blog/three", "/products/2"] });
      expect(await urls({ status: 404, offset: 0, limit: 50 })).toEqual({ total: 1, urls: ["/old/page"] });
      expect(await urls({ platform: "chatgpt", offset: 0, limit: 50 })).toEqual({ total: 3, urls: ["/blog/one", "/blog/two", "/blog/three"] });
      expect(await urls({ platform: "chat", offset: 0, limit: 50 })).toEqual({ total: 0, urls: [] });
      expect(await urls({ platform: "google", template: "/blog/<slug>", offset: 0, limit: 50 })).toEqual({ total: 0, urls: [] });
      expect((await latestPageVerdicts(db, subject, { offset: 0, limit: 1 }))!.templates).toEqual([
        { template: "/blog/<slug>", pages: 3 },
        { template: "/products/<id>", pages: 2 },
        { template: "/", pages: 1 },
        { template: "/old/<slug>", pages: 1 },
      ]);
      expect(await latestPageVerdicts(db, { domain: "never.test", page: undefined }, { offset: 0, limit: 5 })).toBeNull();
    }, T);
  });
});
