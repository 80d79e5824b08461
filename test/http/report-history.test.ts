/**
 * GET /api/report/:domain/history.json: a domain's scans newest first, paged with limit and offset,
 * with clear 400s for bad query parameters and the report's own 404 for a domain with no scan.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { failedRecordFor, okRecord, storeRecord } from "../web/record-fixtures.ts";
import { claimNextJob, enqueueScan } from "../../src/scans/queue.ts";
import { setJobProgress } from "../../src/store/jobs-repo.ts";

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function idleService(): Promise<TestRuntime> {
  service = await createTestRuntime({}, { lookup: fakeDns(), runWorker: false });
  return service;
}

interface HistoryJson {
  domain: string;
  total: number;
  limit: number;
  offset: number;
  scans: { scannedAt: string; status: string; score: number | null; grade: string | null; rescored: boolean }[];
  next: string | null;
  scan?: unknown;
}

async function history(s: TestRuntime, path: string): Promise<{ status: number; body: HistoryJson & { error?: string } }> {
  const response = await s.request(path);
  expect(response.headers.get("content-type")).toStartWith("application/json");
  return { status: response.status, body: (await response.json()) as HistoryJson & { error?: string } };
}

/** Five scans of history.test, one a day, the third failed; returns their times oldest first. */
async function seedFive(s: TestRuntime): Promise<string[]> {
  const times = [1, 2, 3, 4, 5].map((day) => new Date(Date.UTC(2026, 10, day, 12)).toISOString());
  await storeRecord(s.runtime.db, okRecord("history.test", 55, "x", times[0]));
  await storeRecord(s.runtime.db, okRecord("history.test", 62, "x", times[1]));
  await storeRecord(s.runtime.db, failedRecordFor("history.test", "The site did not answer.", times[2]));
  await storeRecord(s.runtime.db, okRecord("history.test", 78, "x", times[3]));
  await storeRecord(s.runtime.db, okRecord("history.test", 91, "x", times[4]));
  await storeRecord(s.runtime.db, okRecord("other.test", 10));
  return times;
}

describe("GET /api/report/:domain/history.json", () => {
  test("lists every scan newest first with date, score, grade and status; the domain is normalised", async () => {
    const s = await idleService();
    const times = await seedFive(s);
    const { status, body } = await history(s, "/api/report/WWW.History.test/history.json");
    expect(status).toBe(200);
    expect(body).toEqual({
      domain: "history.test",
      total: 5,
      limit: 20,
      offset: 0,
      next: null,
      scans: [
        { scannedAt: times[4]!, status: "ok", score: 91, grade: "A", rescored: false },
        { scannedAt: times[3]!, status: "ok", score: 78, grade: "B", rescored: false },
        { scannedAt: times[2]!, status: "failed", score: null, grade: null, rescored: false },
        { scannedAt: times[1]!, status: "ok", score: 62, grade: "C", rescored: false },
        { scannedAt: times[0]!, status: "ok", score: 55, grade: "D", rescored: false },
      ],
    });
  });

  test("pages with limit and offset, and `next` walks to the last page", async () => {
    const s = await idleService();
    await seedFive(s);
    const first = await history(s, "/api/report/history.test/history.json?limit=2");
    expect(first.body.scans.map((scan) => scan.score)).toEqual([91, 78]);
    expect(first.body.next).toBe("/api/report/history.test/history.json?limit=2&offset=2");
    const second = await history(s, first.body.next!);
    expect(second.body.scans.map((scan) => scan.score)).toEqual([null, 62]);
    const third = await history(s, second.body.next!);
    expect(third.body.scans.map((scan) => scan.score)).toEqual([55]);
    expect(third.body.next).toBeNull();
    const past = await history(s, "/api/report/history.test/history.json?offset=5");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ total: 5, offset: 5, scans: [], next: null });
  });

  test("bad query parameters are 400s that name the parameter", async () => {
    const s = await idleService();
    await seedFive(s);
    const cases: [string, string][] = [
      ["limit=0", 'The query parameter "limit" must be a whole number from 1 to 100; got "0".'],
      ["limit=101", 'The query parameter "limit" must be a whole number from 1 to 100; got "101".'],
      ["limit=ten", 'The query parameter "limit" must be a whole number from 1 to 100; got "ten".'],
      ["limit=1.5", 'The query parameter "limit" must be a whole number from 1 to 100; got "1.5".'],
      ["offset=-1", 'The query parameter "offset" must be a whole number from 0 to 100000; got "-1".'],
      ["offset=100001", 'The query parameter "offset" must be a whole number from 0 to 100000; got "100001".'],
      ["limit=2&limit=3", 'The query parameter "limit" is given more than once.'],
      ["page=2", 'Unknown query parameter "page": the history accepts limit and offset.'],
    ];
    for (const [query, error] of cases) {
      const { status, body } = await history(s, `/api/report/history.test/history.json?${query}`);
      expect({ query, status, body: body as unknown }).toEqual({ query, status: 400, body: { error } });
    }
  });

  test("a domain with no scan, or a name that is not a domain, is the report's 404; a first scan under way adds `scan`", async () => {
    const s = await idleService();
    expect(await history(s, "/api/report/never.test/history.json")).toEqual({ status: 404, body: { error: "Not found" } as never });
    expect(await history(s, "/api/report/not_a_domain/history.json")).toEqual({ status: 404, body: { error: "Not found" } as never });
    const queuedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
    await enqueueScan(s.runtime.db, "first.test", { kind: "pipeline" }, queuedAt);
    const queued = await history(s, "/api/report/first.test/history.json");
    expect(queued).toEqual({ status: 404, body: { error: "Not found", scan: { state: "queued", queuedAt: "2026-01-02T03:04:05.000Z", progress: null } } as never });
  });

  test("a rescan under way shows in the history as `scan`, and needs no authentication", async () => {
    const s = await idleService();
    await seedFive(s);
    await enqueueScan(s.runtime.db, "history.test", { kind: "pipeline" }, Date.now());
    const job = (await claimNextJob(s.runtime.db, Date.now(), 60_000))!;
    await setJobProgress(s.runtime.db, job.id, job.leaseToken, JSON.stringify({ done: 2, total: 9, step: "Reading robots.txt" }), Date.now());
    const { status, body } = await history(s, "/api/report/history.test/history.json?limit=1");
    expect(status).toBe(200);
    expect(body.scan).toMatchObject({ state: "running", progress: { done: 2, total: 9, step: "Reading robots.txt" } });
  });
});

test("the endpoint is in /swagger/json beside the report, and the static files are not", async () => {
  const s = await idleService();
  const paths = (await (await s.request("/swagger/json")).json()).paths as Record<string, { get?: { summary?: string } }>;
  expect(paths["/api/report/{domain}/history.json"]?.get?.summary).toBeString();
  expect(paths["/api/report/{domain}.json"]).toBeDefined();
  for (const path of ["/llms.txt", "/robots.txt", "/sitemap.xml", "/swagger/assets/init.js"]) expect(paths[path]).toBeUndefined();
  expect(Object.keys(paths).filter((path) => path.startsWith("/assets/"))).toEqual([]);
});
