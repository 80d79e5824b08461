/**
 * The running-scan memo behind the report endpoint's `scan` member: while no job changes, polls for
 * any number of domains cost one signature read per interval and no look-up; a change is seen by
 * the next poll after the interval.
 */
import { afterEach, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { claimNextJob, enqueueScan } from "../../src/scans/queue.ts";
import { setJobProgress } from "../../src/store/jobs-repo.ts";
import { RunningScanMemo } from "../../src/reports/running-scan-memo.ts";

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** Counts the memo's statements: the signature read and the per-domain look-ups apart. */
function countingDb(inner: Db): { db: Db; signatures: () => number; lookUps: () => number } {
  let signatures = 0;
  let lookUps = 0;
  const counted: Db = Object.create(inner);
  counted.get = (sql, params) => {
    if (sql.includes("max(updated_at)")) signatures++;
    else lookUps++;
    return inner.get(sql, params);
  };
  return { db: counted, signatures: () => signatures, lookUps: () => lookUps };
}

test("while no job changes, repeated polls of many domains make no look-ups and one signature read per interval", async () => {
  db = openDatabase(":memory:");
  const { db: counted, signatures, lookUps } = countingDb(db);
  const memo = new RunningScanMemo(counted, 60_000);
  const domains = Array.from({ length: 16 }, (_, i) => ({ domain: `d${i}.test` }));
  for (const subject of domains) expect(await memo.get(subject)).toBeNull();
  expect(lookUps()).toBe(16);
  for (let round = 0; round < 5; round++) for (const subject of domains) await memo.get(subject);
  expect(lookUps()).toBe(16);
  expect(signatures()).toBe(1);
});

test("a queued job, its claim and its progress are each seen on the first poll after the interval", async () => {
  db = openDatabase(":memory:");
  const memo = new RunningScanMemo(db, 20);
  const subject = { domain: "memo.test" };
  expect(await memo.get(subject)).toBeNull();

  await enqueueScan(db, "memo.test", { kind: "pipeline" }, Date.now());
  await Bun.sleep(25);
  expect((await memo.get(subject))?.state).toBe("queued");

  const job = (await claimNextJob(db, Date.now(), 15_000))!;
  await Bun.sleep(25);
  expect((await memo.get(subject))?.state).toBe("running");

  await Bun.sleep(2);
  await setJobProgress(db, job.id, job.leaseToken, JSON.stringify({ done: 2, total: 9, step: "Reading robots.txt" }), Date.now());
  await Bun.sleep(25);
  expect((await memo.get(subject))?.progress).toEqual({ done: 2, total: 9, step: "Reading robots.txt" });
});
