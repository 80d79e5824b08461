/** The worker counts the scans it starts, completes and gives up on. */
import { afterEach, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { enqueueScan, queueCounts } from "../../src/scans/queue.ts";
import { startWorker, type JobResult, type Worker } from "../../src/scans/worker.ts";
import { instanceRegistry } from "../../src/metrics/instance-registry.ts";
import "../../src/metrics/scan-metrics.ts";
import { parseExposition, sampleValue } from "./exposition-parser.ts";

let db: Db | undefined;
let worker: Worker | undefined;
afterEach(async () => {
  await worker?.stop(0);
  await db?.close();
  worker = undefined;
  db = undefined;
});

async function scanCounts() {
  const families = parseExposition(await instanceRegistry.render());
  const value = (name: string) => sampleValue(families, name, name);
  return {
    started: value("sightline_scans_started_total"),
    completed: value("sightline_scans_completed_total"),
    failed: value("sightline_scans_failed_total"),
    durations: sampleValue(families, "sightline_scan_duration_seconds", "sightline_scan_duration_seconds_count"),
  };
}

async function runUntilSettled(runJob: () => Promise<JobResult>, maxAttempts: number): Promise<void> {
  db = openDatabase(":memory:");
  await enqueueScan(db, "counted.test", { kind: "pipeline" }, Date.now());
  worker = startWorker({
    db,
    concurrency: 1,
    runJob,
    onGiveUp: async () => {},
    log: () => {},
    now: Date.now,
    pollMs: 10,
    heartbeatMs: 1000,
    maxAttempts,
    backoff: () => 0,
  });
  // Done once the job has left the queue (stored or given up) and the worker has recorded it.
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const counts = await queueCounts(db);
    if (counts.queued + counts.running === 0 && worker.running === 0) break;
    await Bun.sleep(5);
  }
  await worker.stop(1000);
}

test("a scan given up after its last attempt counts each attempt started and one failure, and no completion", async () => {
  const before = await scanCounts();
  await runUntilSettled(async () => ({ kind: "retry", error: "the site did not answer" }), 2);
  const after = await scanCounts();
  expect(after.started - before.started).toBe(2);
  expect(after.failed - before.failed).toBe(1);
  expect(after.completed - before.completed).toBe(0);
  expect(after.durations - before.durations).toBe(0);
});

test("a stored scan counts one start, one completion and one duration", async () => {
  const before = await scanCounts();
  await runUntilSettled(async () => ({ kind: "done", store: async () => {} }), 3);
  const after = await scanCounts();
  expect(after.started - before.started).toBe(1);
  expect(after.completed - before.completed).toBe(1);
  expect(after.durations - before.durations).toBe(1);
  expect(after.failed - before.failed).toBe(0);
});
