import type { Db } from "./database.ts";
import type { CallerKind } from "./scans-repo.ts";

/**
 * The durable scan queue. A job is claimed by writing a fresh lease token; every later change
 * (heartbeat, completion, retry, release) names that token and changes nothing if another worker has
 * since taken the job over, so a worker that lost its lease cannot overwrite the new holder's work.
 */

export type JobState = "queued" | "running" | "done" | "failed";

export interface JobRow {
  id: number;
  domain: string;
  /** The URL asked for, or null for the domain's homepage. */
  targetUrl: string | null;
  state: JobState;
  callerKind: CallerKind;
  apiKeyId: number | null;
  attempts: number;
  runAfter: number;
  leaseExpiresAt: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

const JOB_COLUMNS = `id, domain, target_url AS targetUrl, state, caller_kind AS callerKind, api_key_id AS apiKeyId, attempts, run_after AS runAfter,
  lease_expires_at AS leaseExpiresAt, last_error AS lastError, created_at AS createdAt, updated_at AS updatedAt`;

/** Inserts a queued job, or returns null when the domain already has an active one (the unique index). */
export function insertQueuedJob(
  db: Db,
  domain: string,
  callerKind: CallerKind,
  apiKeyId: number | null,
  now: number,
  targetUrl: string | null = null,
): number | null {
  const row = db
    .query<{ id: number }, [string, string | null, string, number | null, number, number, number]>(
      `INSERT INTO jobs (domain, target_url, state, caller_kind, api_key_id, attempts, run_after, created_at, updated_at)
       VALUES (?, ?, 'queued', ?, ?, 0, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .get(domain, targetUrl, callerKind, apiKeyId, now, now, now);
  return row?.id ?? null;
}

/** The domain's queued or running job; `progressJson` is the running scan's latest report (see setJobProgress), or null. */
export interface ActiveJobRow {
  id: number;
  state: "queued" | "running";
  createdAt: number;
  progressJson: string | null;
}

export function activeJobFor(db: Db, domain: string): ActiveJobRow | null {
  return db
    .query<ActiveJobRow, [string]>(
      "SELECT id, state, created_at AS createdAt, progress AS progressJson FROM jobs WHERE domain = ? AND state IN ('queued', 'running')",
    )
    .get(domain);
}

/** Records the running scan's progress, if `leaseToken` still holds the job: a worker that lost its lease cannot overwrite the new holder's. */
export function setJobProgress(db: Db, id: number, leaseToken: string, progressJson: string, now: number): boolean {
  return (
    db
      .query<never, [string, number, number, string]>(
        `UPDATE jobs SET progress = ?, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`,
      )
      .run(progressJson, now, id, leaseToken).changes > 0
  );
}

/** The next job a worker may take: a queued one that is due, or a running one whose holder stopped renewing it. */
export function nextClaimableJob(db: Db, now: number): JobRow | null {
  return db
    .query<JobRow, [number, number]>(
      `SELECT ${JOB_COLUMNS} FROM jobs
        WHERE (state = 'queued' AND run_after <= ?) OR (state = 'running' AND lease_expires_at <= ?)
        ORDER BY run_after ASC, id ASC LIMIT 1`,
    )
    .get(now, now);
}

/** Takes the job under a new lease and counts the attempt. Returns the attempt number. */
export function leaseJob(db: Db, id: number, leaseToken: string, leaseExpiresAt: number, now: number): number {
  const row = db
    .query<{ attempts: number }, [string, number, number, number]>(
      `UPDATE jobs SET state = 'running', lease_token = ?, lease_expires_at = ?, attempts = attempts + 1, progress = NULL, updated_at = ?
        WHERE id = ? RETURNING attempts`,
    )
    .get(leaseToken, leaseExpiresAt, now, id);
  return row!.attempts;
}

export function extendJobLease(db: Db, id: number, leaseToken: string, leaseExpiresAt: number, now: number): boolean {
  return (
    db
      .query<never, [number, number, number, string]>(
        `UPDATE jobs SET lease_expires_at = ?, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`,
      )
      .run(leaseExpiresAt, now, id, leaseToken).changes > 0
  );
}

/** Ends the job as done or failed, if `leaseToken` still holds it. A done job keeps the error of any earlier attempt. */
export function finishLeasedJob(
  db: Db,
  id: number,
  leaseToken: string,
  state: "done" | "failed",
  lastError: string | null,
  now: number,
): boolean {
  return (
    db
      .query<never, [string, string | null, number, number, string]>(
        `UPDATE jobs SET state = ?, last_error = coalesce(?, last_error), lease_token = NULL, lease_expires_at = NULL, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`,
      )
      .run(state, lastError, now, id, leaseToken).changes > 0
  );
}

/**
 * Puts a leased job back in the queue, due at `runAfter`. With `refundAttempt` the attempt it was
 * claimed for is not counted (the worker stopped; the site did nothing wrong).
 */
export function requeueLeasedJob(
  db: Db,
  id: number,
  leaseToken: string,
  change: { runAfter: number; lastError: string | null; refundAttempt: boolean },
  now: number,
): boolean {
  return (
    db
      .query<never, [number, number, string | null, number, number, string]>(
        `UPDATE jobs SET state = 'queued', run_after = ?, attempts = max(0, attempts - ?), last_error = coalesce(?, last_error),
                lease_token = NULL, lease_expires_at = NULL, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`,
      )
      .run(change.runAfter, change.refundAttempt ? 1 : 0, change.lastError, now, id, leaseToken).changes > 0
  );
}

export function countJobsByState(db: Db): { queued: number; running: number; failed: number } {
  const rows = db
    .query<{ state: JobState; count: number }, []>(
      "SELECT state, count(*) AS count FROM jobs WHERE state IN ('queued', 'running', 'failed') GROUP BY state",
    )
    .all();
  const counts = { queued: 0, running: 0, failed: 0 };
  for (const row of rows) if (row.state !== "done") counts[row.state] = row.count;
  return counts;
}

/** The newest jobs in one state first. */
export function jobsInState(db: Db, state: JobState, limit: number): JobRow[] {
  return db
    .query<JobRow, [JobState, number]>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE state = ? ORDER BY updated_at DESC, id DESC LIMIT ?`)
    .all(state, limit);
}

export function jobById(db: Db, id: number): JobRow | null {
  return db.query<JobRow, [number]>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`).get(id);
}

/** Drops done and failed jobs last changed at or before `notAfter`; the scan records themselves stay. */
export function purgeFinishedJobs(db: Db, notAfter: number): number {
  return db.query<never, [number]>("DELETE FROM jobs WHERE state IN ('done', 'failed') AND updated_at <= ?").run(notAfter).changes;
}
