/**
 * The running-scan memo behind the report endpoint's `scan` member: a poll never waits for a refresh
 * once the subject has an answer, and only one query per subject is in flight.
 */
import { afterEach, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { claimNextJob, enqueueScan } from "../../src/scans/queue.ts";
import { RunningScanMemo } from "../../src/reports/running-scan-memo.ts";

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** Counts the statements the memo makes, to see how many look-ups it started. */
function countingDb(inner: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted: Db = Object.create(inner);
  counted.get = (sql, params) => {
    reads++;
    return inner.get(sql, params);
  };
  return { db: counted, reads: () => reads };
}

test("an older answer is served while one refresh runs, and the refresh's answer follows", async () => {
  db = openDatabase(":memory:");
  await enqueueScan(db, "memo.test", { kind: "pipeline" }, 1000);
  const { db: counted, reads } = countingDb(db);
  const memo = new RunningScanMemo(counted, 0);
  const subject = { domain: "memo.test" };

  expect((await memo.get(subject))?.state).toBe("queued");
  expect(reads()).toBe(1);

  await claimNextJob(db, 2000, 15_000);
  // Stale (maxAgeMs 0): the poll gets the last answer at once, and starts one refresh.
  const during = [memo.get(subject), memo.get(subject), memo.get(subject)];
  expect((await Promise.all(during)).map((answer) => answer?.state)).toEqual(["queued", "queued", "queued"]);
  expect(reads()).toBe(2);
  await Bun.sleep(0);
  expect((await memo.get(subject))?.state).toBe("running");
});

test("within maxAgeMs the answer comes from memory", async () => {
  db = openDatabase(":memory:");
  const { db: counted, reads } = countingDb(db);
  const memo = new RunningScanMemo(counted, 60_000);
  expect(await memo.get({ domain: "idle.test" })).toBeNull();
  expect(await memo.get({ domain: "idle.test" })).toBeNull();
  expect(reads()).toBe(1);
});
