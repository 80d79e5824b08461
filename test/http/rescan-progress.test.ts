/**
 * GET /api/report/:domain.json while a domain that has a record is rescanned: the 200 keeps every
 * byte of the stored record and adds `scan` (state, queue time, progress) as its last member, with no
 * ETag, so that a poller sees the step; once the new record is stored, the plain record is back.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { okRecord, storeRecord } from "../web/record-fixtures.ts";
import { claimNextJob, completeJob, enqueueScan } from "../../src/scans/queue.ts";
import { setJobProgress } from "../../src/store/jobs-repo.ts";

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe("the report 200 during a rescan", () => {
  test("adds the running scan's state and step to the stored record, then serves the new record alone", async () => {
    const s = (service = await createTestRuntime({}, { lookup: fakeDns(), runWorker: false }));
    const db = s.runtime.db;
    const old = okRecord("rescan.test", 62, "old", "2026-11-20T10:00:00.000Z");
    await storeRecord(db, old);

    const idle = await s.request("/api/report/rescan.test.json");
    expect(idle.status).toBe(200);
    const etag = idle.headers.get("etag");
    expect(etag).not.toBeNull();
    expect(await idle.json()).toEqual(old as never);

    const queuedAt = Date.now();
    await enqueueScan(db, "rescan.test", { kind: "pipeline" }, queuedAt);
    const job = (await claimNextJob(db, Date.now(), 60_000))!;
    await setJobProgress(db, job.id, job.leaseToken, JSON.stringify({ done: 4, total: 9, step: "Reading the sitemap <&>" }), Date.now());
    // The running scan is remembered for at most a quarter of a second between polls.
    await Bun.sleep(300);

    const running = await s.request("/api/report/rescan.test.json", { headers: { "if-none-match": etag! } });
    expect(running.status).toBe(200);
    expect(running.headers.get("etag")).toBeNull();
    expect(running.headers.get("cache-control")).toBe("no-store");
    const text = await running.text();
    expect(text.startsWith(JSON.stringify(old).slice(0, -1))).toBe(true);
    expect(JSON.parse(text)).toEqual({
      ...old,
      scan: { state: "running", queuedAt: new Date(queuedAt).toISOString(), progress: { done: 4, total: 9, step: "Reading the sitemap <&>" } },
    } as never);

    const fresh = okRecord("rescan.test", 88, "new", "2026-11-21T10:00:00.000Z");
    expect(await completeJob(db, job, Date.now(), () => storeRecord(db, fresh))).toBe(true);
    await Bun.sleep(300);
    const done = await s.request("/api/report/rescan.test.json");
    expect(done.status).toBe(200);
    expect(done.headers.get("etag")).not.toBeNull();
    expect(await done.json()).toEqual(fresh as never);
  });
});
