import type { Db } from "../store/database.ts";
import {
  activeJobFor,
  claimDueJob,
  countJobsByState,
  extendJobLease,
  finishLeasedJob,
  insertQueuedJob,
  jobsInState,
  purgeFinishedJobs,
  requeueLeasedJob,
  type ActiveJobRow,
  type JobRow,
  type JobState,
} from "../store/jobs-repo.ts";
import { callerFromColumns, type Caller } from "../types/caller.ts";

/**
 * The durable scan queue, on top of the jobs table. Jobs survive restarts; a worker holds a job by a
 * lease that it renews while the scan runs, and a job whose lease ran out (its worker crashed) is
 * taken over by the next claim. Only the current lease holder can finish a job.
 */

export interface ClaimedJob {
  id: number;
  domain: string;
  /** The URL asked for, or null for the domain's homepage. */
  targetUrl: string | null;
  /** The page budget the scan runs with (site-wide scans), or null: the analyzer's own reading of the site. */
  pages: number | null;
  caller: Caller;
  /** Which attempt this claim is, counting from 1. */
  attempts: number;
  leaseToken: string;
}

export type { ActiveJobRow, JobRow, JobState };

const KEEP_FINISHED_JOBS_MS = 7 * 86_400_000;
const PURGE_EVERY_MS = 60 * 60_000;
const lastPurgeAt = new WeakMap<Db, number>();

/**
 * Queues a scan of `domain` (of `targetUrl` on it, when given), or returns the job already queued or
 * running for that page (the homepage when `targetUrl` is null). Services that keep one record per
 * domain (visibility) queue with null, so their joins stay per domain.
 */
export async function enqueueScan(db: Db, domain: string, caller: Caller, now: number, targetUrl: string | null = null, pages: number | null = null): Promise<number> {
  const inserted = await insertQueuedJob(db, domain, caller, now, targetUrl, pages);
  if (inserted !== null) return inserted;
  const active = await activeJobFor(db, domain, targetUrl);
  // The insert conflicted with an active job, so one exists unless a transaction-less caller raced a finish.
  if (active) return active.id;
  return enqueueScan(db, domain, caller, now, targetUrl, pages);
}

/** The page's active job (`targetUrl` null: the homepage), or with `targetUrl` undefined any active job of the domain. */
export function findActiveJob(db: Db, domain: string, targetUrl?: string | null): Promise<ActiveJobRow | null> {
  return activeJobFor(db, domain, targetUrl);
}

/** Claims the next due job under a fresh lease of `leaseMs`, or returns null when there is none. */
export async function claimNextJob(db: Db, now: number, leaseMs: number): Promise<ClaimedJob | null> {
  await purgeOccasionally(db, now);
  const leaseToken = crypto.randomUUID();
  const row = await claimDueJob(db, leaseToken, now + leaseMs, now);
  if (!row) return null;
  return {
    id: row.id,
    domain: row.domain,
    targetUrl: row.targetUrl,
    pages: row.pages,
    caller: callerFromColumns(row.callerKind, row.apiKeyId),
    attempts: row.attempts,
    leaseToken,
  };
}

/** Extends the lease; false means the job is no longer ours (taken over, released or finished). */
export function renewLease(db: Db, job: ClaimedJob, now: number, leaseMs: number): Promise<boolean> {
  return extendJobLease(db, job.id, job.leaseToken, now + leaseMs, now);
}

/**
 * Marks the job done and runs `store` (which writes the scan record) in one transaction, so the record
 * and the completion land together or not at all. Returns false, storing nothing, if the lease was
 * lost; an error thrown by `store` rolls everything back and propagates.
 */
export function completeJob(db: Db, job: ClaimedJob, now: number, store: () => Promise<unknown>): Promise<boolean> {
  return finishWith(db, job, "done", null, now, store);
}

/** Marks the job failed for good and runs `store` (which writes the failed record) in the same transaction. */
export function giveUpJob(db: Db, job: ClaimedJob, error: string, now: number, store: () => Promise<unknown>): Promise<boolean> {
  return finishWith(db, job, "failed", error, now, store);
}

/** Puts the job back in the queue, due at `runAfter`; the attempt stays counted. */
export function retryJob(db: Db, job: ClaimedJob, error: string, runAfter: number, now: number): Promise<boolean> {
  return requeueLeasedJob(db, job.id, job.leaseToken, { runAfter, lastError: error, refundAttempt: false }, now);
}

/** Hands the job back at once without counting the attempt: the worker is shutting down. */
export function releaseJob(db: Db, job: ClaimedJob, now: number): Promise<boolean> {
  return requeueLeasedJob(db, job.id, job.leaseToken, { runAfter: now, lastError: null, refundAttempt: true }, now);
}

export function queueCounts(db: Db): Promise<{ queued: number; running: number; failed: number }> {
  return countJobsByState(db);
}

export function listJobs(db: Db, state: JobState, limit: number): Promise<JobRow[]> {
  return jobsInState(db, state, limit);
}

/**
 * A plain transaction, not an exclusive one: the lease token in the UPDATE's WHERE already decides
 * who may finish the job, and its row lock holds off any other writer of that row until the commit.
 */
function finishWith(
  db: Db,
  job: ClaimedJob,
  state: "done" | "failed",
  error: string | null,
  now: number,
  store: () => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async () => {
    if (!(await finishLeasedJob(db, job.id, job.leaseToken, state, error, now))) return false;
    await store();
    return true;
  });
}

/** Finished jobs are only bookkeeping (the records live in scans); a week is enough to look into problems. */
async function purgeOccasionally(db: Db, now: number): Promise<void> {
  const last = lastPurgeAt.get(db);
  if (last !== undefined && now - last < PURGE_EVERY_MS) return;
  lastPurgeAt.set(db, now);
  await purgeFinishedJobs(db, now - KEEP_FINISHED_JOBS_MS);
}
