import type { Db } from "../store/database.ts";
import { immediate } from "../store/database.ts";
import type { CallerKind } from "../store/scans-repo.ts";
import {
  activeJobFor,
  countJobsByState,
  extendJobLease,
  finishLeasedJob,
  insertQueuedJob,
  jobsInState,
  leaseJob,
  nextClaimableJob,
  purgeFinishedJobs,
  requeueLeasedJob,
  type ActiveJobRow,
  type JobRow,
  type JobState,
} from "../store/jobs-repo.ts";

/**
 * The durable scan queue, on top of the jobs table. Jobs survive restarts; a worker holds a job by a
 * lease that it renews while the scan runs, and a job whose lease ran out (its worker crashed) is
 * taken over by the next claim. Only the current lease holder can finish a job.
 */

export interface JobCaller {
  kind: CallerKind;
  apiKeyId: number | null;
}

export interface ClaimedJob {
  id: number;
  domain: string;
  /** The URL asked for, or null for the domain's homepage. */
  targetUrl: string | null;
  caller: JobCaller;
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
 * running for the domain: a joined job keeps the URL it was queued with.
 */
export function enqueueScan(db: Db, domain: string, caller: JobCaller, now: number, targetUrl: string | null = null): number {
  const inserted = insertQueuedJob(db, domain, caller.kind, caller.apiKeyId, now, targetUrl);
  if (inserted !== null) return inserted;
  const active = activeJobFor(db, domain);
  // The insert conflicted with an active job, so one exists unless a transaction-less caller raced a finish.
  if (active) return active.id;
  return enqueueScan(db, domain, caller, now, targetUrl);
}

export function findActiveJob(db: Db, domain: string): ActiveJobRow | null {
  return activeJobFor(db, domain);
}

/** Claims the next due job under a fresh lease of `leaseMs`, or returns null when there is none. */
export function claimNextJob(db: Db, now: number, leaseMs: number): ClaimedJob | null {
  return immediate(db, () => {
    purgeOccasionally(db, now);
    const row = nextClaimableJob(db, now);
    if (!row) return null;
    const leaseToken = crypto.randomUUID();
    const attempts = leaseJob(db, row.id, leaseToken, now + leaseMs, now);
    return { id: row.id, domain: row.domain, targetUrl: row.targetUrl, caller: { kind: row.callerKind, apiKeyId: row.apiKeyId }, attempts, leaseToken };
  });
}

/** Extends the lease; false means the job is no longer ours (taken over, released or finished). */
export function renewLease(db: Db, job: ClaimedJob, now: number, leaseMs: number): boolean {
  return extendJobLease(db, job.id, job.leaseToken, now + leaseMs, now);
}

/**
 * Marks the job done and runs `store` (which writes the scan record) in one transaction, so the record
 * and the completion land together or not at all. Returns false, storing nothing, if the lease was
 * lost; an error thrown by `store` rolls everything back and propagates.
 */
export function completeJob(db: Db, job: ClaimedJob, now: number, store: () => void): boolean {
  return finishWith(db, job, "done", null, now, store);
}

/** Marks the job failed for good and runs `store` (which writes the failed record) in the same transaction. */
export function giveUpJob(db: Db, job: ClaimedJob, error: string, now: number, store: () => void): boolean {
  return finishWith(db, job, "failed", error, now, store);
}

/** Puts the job back in the queue, due at `runAfter`; the attempt stays counted. */
export function retryJob(db: Db, job: ClaimedJob, error: string, runAfter: number, now: number): boolean {
  return requeueLeasedJob(db, job.id, job.leaseToken, { runAfter, lastError: error, refundAttempt: false }, now);
}

/** Hands the job back at once without counting the attempt: the worker is shutting down. */
export function releaseJob(db: Db, job: ClaimedJob, now: number): boolean {
  return requeueLeasedJob(db, job.id, job.leaseToken, { runAfter: now, lastError: null, refundAttempt: true }, now);
}

export function queueCounts(db: Db): { queued: number; running: number; failed: number } {
  return countJobsByState(db);
}

export function listJobs(db: Db, state: JobState, limit: number): JobRow[] {
  return jobsInState(db, state, limit);
}

function finishWith(db: Db, job: ClaimedJob, state: "done" | "failed", error: string | null, now: number, store: () => void): boolean {
  return immediate(db, () => {
    if (!finishLeasedJob(db, job.id, job.leaseToken, state, error, now)) return false;
    store();
    return true;
  });
}

/** Finished jobs are only bookkeeping (the records live in scans); a week is enough to look into problems. */
function purgeOccasionally(db: Db, now: number): void {
  const last = lastPurgeAt.get(db);
  if (last !== undefined && now - last < PURGE_EVERY_MS) return;
  lastPurgeAt.set(db, now);
  purgeFinishedJobs(db, now - KEEP_FINISHED_JOBS_MS);
}
