import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { immediate, openDatabase, type Db } from "../../src/store/database.ts";
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
  type JobCaller,
} from "../../src/scans/queue.ts";
import { jobById } from "../../src/store/jobs-repo.ts";
import { insertScan, latestScan } from "../../src/store/scans-repo.ts";

const T0 = 1_750_000_000_000;
const LEASE = 15_000;
const anonymous: JobCaller = { kind: "challenge", apiKeyId: null };

const opened: Db[] = [];
const tempDirs: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function memoryDb(): Db {
  const db = openDatabase(":memory:");
  opened.push(db);
  return db;
}

function storeRecord(db: Db, domain: string, status: "ok" | "failed", at: number): () => void {
  return () => {
    insertScan(db, {
      domain,
      status,
      score: status === "ok" ? 90 : null,
      scannedAt: at,
      recordJson: JSON.stringify({ domain, status }),
      artifactsJson: null,
      callerKind: "challenge",
      apiKeyId: null,
    });
  };
}

describe("enqueueScan and findActiveJob", () => {
  test("a domain has at most one active job; enqueueing again joins it", () => {
    const db = memoryDb();
    const id = enqueueScan(db, "example.com", anonymous, T0);
    expect(enqueueScan(db, "example.com", { kind: "key", apiKeyId: null }, T0 + 1)).toBe(id);
    expect(findActiveJob(db, "example.com")).toMatchObject({ id, state: "queued" });
    expect(findActiveJob(db, "other.example")).toBeNull();
    expect(queueCounts(db)).toEqual({ queued: 1, running: 0, failed: 0 });

    const job = claimNextJob(db, T0, LEASE)!;
    expect(findActiveJob(db, "example.com")).toMatchObject({ id, state: "running" });
    expect(enqueueScan(db, "example.com", anonymous, T0)).toBe(id);

    expect(completeJob(db, job, T0 + 10, () => {})).toBe(true);
    expect(findActiveJob(db, "example.com")).toBeNull();
    const next = enqueueScan(db, "example.com", anonymous, T0 + 20);
    expect(next).not.toBe(id);
  });
});

describe("claimNextJob", () => {
  test("claims due jobs oldest first under a fresh lease, counting the attempt", () => {
    const db = memoryDb();
    const first = enqueueScan(db, "a.example", { kind: "key", apiKeyId: null }, T0);
    const second = enqueueScan(db, "b.example", anonymous, T0 + 1);
    const job = claimNextJob(db, T0 + 5, LEASE)!;
    expect(job).toMatchObject({ id: first, domain: "a.example", caller: { kind: "key", apiKeyId: null }, attempts: 1 });
    expect(job.leaseToken.length).toBeGreaterThanOrEqual(32);
    expect(jobById(db, first)).toMatchObject({ state: "running", leaseExpiresAt: T0 + 5 + LEASE, attempts: 1 });
    expect(claimNextJob(db, T0 + 5, LEASE)!.id).toBe(second);
    expect(claimNextJob(db, T0 + 5, LEASE)).toBeNull();
  });

  test("a job is not claimed before its run_after", () => {
    const db = memoryDb();
    enqueueScan(db, "a.example", anonymous, T0);
    const job = claimNextJob(db, T0, LEASE)!;
    expect(retryJob(db, job, "timeout", T0 + 10_000, T0 + 1)).toBe(true);
    expect(jobById(db, job.id)).toMatchObject({ state: "queued", attempts: 1, lastError: "timeout", runAfter: T0 + 10_000 });
    expect(claimNextJob(db, T0 + 9_999, LEASE)).toBeNull();
    expect(claimNextJob(db, T0 + 10_000, LEASE)).toMatchObject({ id: job.id, attempts: 2 });
  });

  test("heartbeats keep the lease; an expired lease is reclaimed and the old holder is fenced off", () => {
    const db = memoryDb();
    const id = enqueueScan(db, "a.example", anonymous, T0);
    const first = claimNextJob(db, T0, LEASE)!;
    expect(renewLease(db, first, T0 + 10_000, LEASE)).toBe(true);
    // The renewed lease runs to T0 + 25 s: not claimable at T0 + 20 s.
    expect(claimNextJob(db, T0 + 20_000, LEASE)).toBeNull();

    const second = claimNextJob(db, T0 + 25_000, LEASE)!;
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(second.leaseToken).not.toBe(first.leaseToken);

    let stored = false;
    expect(renewLease(db, first, T0 + 26_000, LEASE)).toBe(false);
    expect(completeJob(db, first, T0 + 26_000, () => (stored = true))).toBe(false);
    expect(stored).toBe(false);
    expect(retryJob(db, first, "late", T0, T0 + 26_000)).toBe(false);
    expect(releaseJob(db, first, T0 + 26_000)).toBe(false);
    expect(giveUpJob(db, first, "late", T0 + 26_000, () => (stored = true))).toBe(false);
    expect(stored).toBe(false);
    expect(jobById(db, id)).toMatchObject({ state: "running", attempts: 2 });

    expect(completeJob(db, second, T0 + 27_000, storeRecord(db, "a.example", "ok", T0 + 27_000))).toBe(true);
    expect(jobById(db, id)).toMatchObject({ state: "done", leaseExpiresAt: null });
    expect(latestScan(db, "a.example")?.status).toBe("ok");
  });

  test("two connections to one file never claim the same job", () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-queue-"));
    tempDirs.push(dir);
    const a = openDatabase(join(dir, "queue.sqlite"));
    const b = openDatabase(join(dir, "queue.sqlite"));
    opened.push(a, b);
    for (let i = 0; i < 10; i++) enqueueScan(a, `s${i}.example`, anonymous, T0);
    const claimed: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (const db of [a, b]) {
        const job = claimNextJob(db, T0 + 1, LEASE);
        if (job) claimed.push(job.id);
      }
    }
    expect(claimed).toHaveLength(10);
    expect(new Set(claimed).size).toBe(10);
  });
});

describe("completing, giving up and releasing", () => {
  test("completion and the record land together: a throwing store leaves the job unfinished", () => {
    const db = memoryDb();
    enqueueScan(db, "a.example", anonymous, T0);
    const job = claimNextJob(db, T0, LEASE)!;
    const failingStore = () => {
      storeRecord(db, "a.example", "ok", T0)();
      throw new Error("disk full");
    };
    expect(() => completeJob(db, job, T0 + 1, failingStore)).toThrow("disk full");
    expect(latestScan(db, "a.example")).toBeNull();
    expect(jobById(db, job.id)).toMatchObject({ state: "running" });
    // The lease is still ours, so a later completion works.
    expect(completeJob(db, job, T0 + 2, storeRecord(db, "a.example", "ok", T0 + 2))).toBe(true);
    expect(latestScan(db, "a.example")).not.toBeNull();
  });

  test("completion can run inside an outer transaction", () => {
    const db = memoryDb();
    enqueueScan(db, "a.example", anonymous, T0);
    const job = claimNextJob(db, T0, LEASE)!;
    expect(immediate(db, () => completeJob(db, job, T0 + 1, () => {}))).toBe(true);
  });

  test("giving up marks the job failed and stores the failed record", () => {
    const db = memoryDb();
    enqueueScan(db, "a.example", anonymous, T0);
    const job = claimNextJob(db, T0, LEASE)!;
    expect(giveUpJob(db, job, "connection refused", T0 + 1, storeRecord(db, "a.example", "failed", T0 + 1))).toBe(true);
    expect(jobById(db, job.id)).toMatchObject({ state: "failed", lastError: "connection refused" });
    expect(latestScan(db, "a.example")?.status).toBe("failed");
    expect(queueCounts(db)).toEqual({ queued: 0, running: 0, failed: 1 });
    expect(listJobs(db, "failed", 10).map((row) => row.domain)).toEqual(["a.example"]);
    expect(findActiveJob(db, "a.example")).toBeNull();
  });

  test("releasing puts the job back at once without counting the attempt", () => {
    const db = memoryDb();
    enqueueScan(db, "a.example", anonymous, T0);
    const job = claimNextJob(db, T0, LEASE)!;
    retryJob(db, job, "first failure", T0 + 1, T0 + 1);
    const again = claimNextJob(db, T0 + 2, LEASE)!;
    expect(again.attempts).toBe(2);
    expect(releaseJob(db, again, T0 + 3)).toBe(true);
    expect(jobById(db, job.id)).toMatchObject({ state: "queued", attempts: 1, lastError: "first failure", leaseExpiresAt: null });
    expect(claimNextJob(db, T0 + 3, LEASE)).toMatchObject({ id: job.id, attempts: 2 });
  });

  test("finished jobs older than a week are purged by a later claim", () => {
    const db = memoryDb();
    enqueueScan(db, "old.example", anonymous, T0);
    const old = claimNextJob(db, T0, LEASE)!;
    completeJob(db, old, T0, () => {});
    enqueueScan(db, "recent.example", anonymous, T0 + 6 * 86_400_000);
    const recent = claimNextJob(db, T0 + 6 * 86_400_000, LEASE)!;
    completeJob(db, recent, T0 + 6 * 86_400_000, () => {});
    claimNextJob(db, T0 + 8 * 86_400_000, LEASE);
    expect(jobById(db, old.id)).toBeNull();
    expect(jobById(db, recent.id)).not.toBeNull();
  });
});
