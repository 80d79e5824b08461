import { describe, expect, test } from "bun:test";
import type { Db } from "../../src/store/database.ts";
import {
  claimNextJob,
  completeJob,
  enqueueScan,
  findActiveJob,
  giveUpJob,
  listJobs,
  queueCounts,
  releaseJob,
  renewLease,
  retryJob,
} from "../../src/scans/queue.ts";
import type { Caller } from "../../src/types/caller.ts";
import { jobById } from "../../src/store/jobs-repo.ts";
import { insertScan, latestScan } from "../../src/store/scans-repo.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const T0 = 1_750_000_000_000;
const LEASE = 15_000;
const anonymous: Caller = { kind: "challenge" };

const T = POSTGRES_HOOK_TIMEOUT_MS;

function storeRecord(db: Db, domain: string, status: "ok" | "failed", at: number): () => Promise<void> {
  return async () => {
    await insertScan(db, {
      domain,
      status,
      score: status === "ok" ? 90 : null,
      scannedAt: at,
      recordJson: JSON.stringify({ domain, status }),
      artifactsJson: null,
      caller: { kind: "challenge" },
    });
  };
}

forEachStoreEngine((engine) => {
  describe("enqueueScan and findActiveJob", () => {
    test("a domain has at most one active job; enqueueing again joins it", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "example.com", anonymous, T0);
      expect(await enqueueScan(db, "example.com", { kind: "pipeline" }, T0 + 1)).toBe(id);
      expect(await findActiveJob(db, "example.com")).toMatchObject({ id, state: "queued" });
      expect(await findActiveJob(db, "other.example")).toBeNull();
      expect(await queueCounts(db)).toEqual({ queued: 1, running: 0, failed: 0 });

      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await findActiveJob(db, "example.com")).toMatchObject({ id, state: "running" });
      expect(await enqueueScan(db, "example.com", anonymous, T0)).toBe(id);

      expect(await completeJob(db, job, T0 + 10, async () => {})).toBe(true);
      expect(await findActiveJob(db, "example.com")).toBeNull();
      const next = await enqueueScan(db, "example.com", anonymous, T0 + 20);
      expect(next).not.toBe(id);
    }, T);
  });

  describe("claimNextJob", () => {
    test("claims due jobs oldest first under a fresh lease, counting the attempt", async () => {
      const db = await engine.open();
      const first = await enqueueScan(db, "a.example", { kind: "pipeline" }, T0);
      const second = await enqueueScan(db, "b.example", anonymous, T0 + 1);
      const job = (await claimNextJob(db, T0 + 5, LEASE))!;
      expect(job).toMatchObject({ id: first, domain: "a.example", caller: { kind: "pipeline" }, attempts: 1 });
      expect(job.leaseToken.length).toBeGreaterThanOrEqual(32);
      expect(await jobById(db, first)).toMatchObject({ state: "running", leaseExpiresAt: T0 + 5 + LEASE, attempts: 1 });
      expect((await claimNextJob(db, T0 + 5, LEASE))!.id).toBe(second);
      expect(await claimNextJob(db, T0 + 5, LEASE)).toBeNull();
    }, T);

    test("a job is not claimed before its run_after", async () => {
      const db = await engine.open();
      await enqueueScan(db, "a.example", anonymous, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await retryJob(db, job, "timeout", T0 + 10_000, T0 + 1)).toBe(true);
      expect(await jobById(db, job.id)).toMatchObject({ state: "queued", attempts: 1, lastError: "timeout", runAfter: T0 + 10_000 });
      expect(await claimNextJob(db, T0 + 9_999, LEASE)).toBeNull();
      expect(await claimNextJob(db, T0 + 10_000, LEASE)).toMatchObject({ id: job.id, attempts: 2 });
    }, T);

    test("heartbeats keep the lease; an expired lease is reclaimed and the old holder is fenced off", async () => {
      const db = await engine.open();
      const id = await enqueueScan(db, "a.example", anonymous, T0);
      const first = (await claimNextJob(db, T0, LEASE))!;
      expect(await renewLease(db, first, T0 + 10_000, LEASE)).toBe(true);
      // The renewed lease runs to T0 + 25 s: not claimable at T0 + 20 s.
      expect(await claimNextJob(db, T0 + 20_000, LEASE)).toBeNull();

      const second = (await claimNextJob(db, T0 + 25_000, LEASE))!;
      expect(second).toMatchObject({ id, attempts: 2 });
      expect(second.leaseToken).not.toBe(first.leaseToken);

      let stored = false;
      expect(await renewLease(db, first, T0 + 26_000, LEASE)).toBe(false);
      expect(await completeJob(db, first, T0 + 26_000, async () => void (stored = true))).toBe(false);
      expect(stored).toBe(false);
      expect(await retryJob(db, first, "late", T0, T0 + 26_000)).toBe(false);
      expect(await releaseJob(db, first, T0 + 26_000)).toBe(false);
      expect(await giveUpJob(db, first, "late", T0 + 26_000, async () => void (stored = true))).toBe(false);
      expect(stored).toBe(false);
      expect(await jobById(db, id)).toMatchObject({ state: "running", attempts: 2 });

      expect(await completeJob(db, second, T0 + 27_000, storeRecord(db, "a.example", "ok", T0 + 27_000))).toBe(true);
      expect(await jobById(db, id)).toMatchObject({ state: "done", leaseExpiresAt: null });
      expect((await latestScan(db, "a.example"))?.status).toBe("ok");
    }, T);

    test("two connections to one database never claim the same job", async () => {
      const { a, b, closeAll } = await twoHandles(engine);
      try {
        for (let i = 0; i < 10; i++) await enqueueScan(a, `s${i}.example`, anonymous, T0);
        const claimed: number[] = [];
        // Turn by turn, not at once: two SQLite connections in one thread cannot both hold a transaction
        // open across an await (the second BEGIN IMMEDIATE would block the thread the first needs to commit).
        // Claims racing at once are in test/store/store-engines.test.ts.
        for (let round = 0; round < 6; round++) {
          for (const db of [a, b]) {
            const job = await claimNextJob(db, T0 + 1, LEASE);
            if (job) claimed.push(job.id);
          }
        }
        expect(claimed).toHaveLength(10);
        expect(new Set(claimed).size).toBe(10);
      } finally {
        await closeAll();
      }
    }, T);
  });

  describe("completing, giving up and releasing", () => {
    test("completion and the record land together: a throwing store leaves the job unfinished", async () => {
      const db = await engine.open();
      await enqueueScan(db, "a.example", anonymous, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      const failingStore = async () => {
        await storeRecord(db, "a.example", "ok", T0)();
        throw new Error("disk full");
      };
      await expect(completeJob(db, job, T0 + 1, failingStore)).rejects.toThrow("disk full");
      expect(await latestScan(db, "a.example")).toBeNull();
      expect(await jobById(db, job.id)).toMatchObject({ state: "running" });
      // The lease is still ours, so a later completion works.
      expect(await completeJob(db, job, T0 + 2, storeRecord(db, "a.example", "ok", T0 + 2))).toBe(true);
      expect(await latestScan(db, "a.example")).not.toBeNull();
    }, T);

    test("completion can run inside an outer transaction", async () => {
      const db = await engine.open();
      await enqueueScan(db, "a.example", anonymous, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await db.exclusive(() => completeJob(db, job, T0 + 1, storeRecord(db, "a.example", "ok", T0 + 1)))).toBe(true);
      expect(await jobById(db, job.id)).toMatchObject({ state: "done" });
      expect((await latestScan(db, "a.example"))?.status).toBe("ok");
    }, T);

    test("giving up marks the job failed and stores the failed record", async () => {
      const db = await engine.open();
      await enqueueScan(db, "a.example", anonymous, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      expect(await giveUpJob(db, job, "connection refused", T0 + 1, storeRecord(db, "a.example", "failed", T0 + 1))).toBe(true);
      expect(await jobById(db, job.id)).toMatchObject({ state: "failed", lastError: "connection refused" });
      expect((await latestScan(db, "a.example"))?.status).toBe("failed");
      expect(await queueCounts(db)).toEqual({ queued: 0, running: 0, failed: 1 });
      expect((await listJobs(db, "failed", 10)).map((row) => row.domain)).toEqual(["a.example"]);
      expect(await findActiveJob(db, "a.example")).toBeNull();
    }, T);

    test("releasing puts the job back at once without counting the attempt", async () => {
      const db = await engine.open();
      await enqueueScan(db, "a.example", anonymous, T0);
      const job = (await claimNextJob(db, T0, LEASE))!;
      await retryJob(db, job, "first failure", T0 + 1, T0 + 1);
      const again = (await claimNextJob(db, T0 + 2, LEASE))!;
      expect(again.attempts).toBe(2);
      expect(await releaseJob(db, again, T0 + 3)).toBe(true);
      expect(await jobById(db, job.id)).toMatchObject({ state: "queued", attempts: 1, lastError: "first failure", leaseExpiresAt: null });
      expect(await claimNextJob(db, T0 + 3, LEASE)).toMatchObject({ id: job.id, attempts: 2 });
    }, T);

    test("finished jobs older than a week are purged by a later claim", async () => {
      const db = await engine.open();
      await enqueueScan(db, "old.example", anonymous, T0);
      const old = (await claimNextJob(db, T0, LEASE))!;
      await completeJob(db, old, T0, async () => {});
      await enqueueScan(db, "recent.example", anonymous, T0 + 6 * 86_400_000);
      const recent = (await claimNextJob(db, T0 + 6 * 86_400_000, LEASE))!;
      await completeJob(db, recent, T0 + 6 * 86_400_000, async () => {});
      await claimNextJob(db, T0 + 8 * 86_400_000, LEASE);
      expect(await jobById(db, old.id)).toBeNull();
      expect(await jobById(db, recent.id)).not.toBeNull();
    }, T);
  });
});
