import type { Db } from "./database.ts";
import { callerColumns, type Caller } from "../types/caller.ts";

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
  /** The page budget of a site-wide scan, or null (a single-page service, or a job queued before budgets). */
  pages: number | null;
  state: JobState;
  callerKind: Caller["kind"];
  apiKeyId: number | null;
  attempts: number;
  runAfter: number;
  leaseExpiresAt: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

const JOB_COLUMNS = `id, domain, target_url AS "targetUrl", pages, state, caller_kind AS "callerKind", api_key_id AS "apiKeyId", attempts, run_after AS "runAfter",
  lease_expires_at AS "leaseExpiresAt", last_error AS "lastError", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * Inserts a queued job, or returns null when the page (domain and target URL, NULL being the
 * homepage) already has an active one: the unique index jobs_one_active_per_page.
 */
export async function insertQueuedJob(
  db: Db,
  domain: string,
  caller: Caller,
  now: number,
  targetUrl: string | null = null,
  pages: number | null = null,
): Promise<number | null> {
  const { kind, apiKeyId } = callerColumns(caller);
  const row = await db.get<{ id: number }>(
    `INSERT INTO jobs (domain, target_url, pages, state, caller_kind, api_key_id, attempts, run_after, created_at, updated_at)
     VALUES (?, ?, ?, 'queued', ?, ?, 0, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
    [domain, targetUrl, pages, kind, apiKeyId, now, now, now],
  );
  return row?.id ?? null;
}

/** The domain's queued or running job; `progressJson` is the running scan's latest report (see setJobProgress), or null. */
export interface ActiveJobRow {
  id: number;
  state: "queued" | "running";
  createdAt: number;
  progressJson: string | null;
}

/**
 * The active job of one page (`targetUrl`: the URL, null for the homepage), or, with `targetUrl`
 * undefined, any active job of the domain (the oldest): what the per-domain readers show.
 */
export async function activeJobFor(db: Db, domain: string, targetUrl?: string | null): Promise<ActiveJobRow | null> {
  const columns = `id, state, created_at AS "createdAt", progress AS "progressJson"`;
  if (targetUrl === undefined) {
    return db.get<ActiveJobRow>(`SELECT ${columns} FROM jobs WHERE domain = ? AND state IN ('queued', 'running') ORDER BY id LIMIT 1`, [domain]);
  }
  return db.get<ActiveJobRow>(`SELECT ${columns} FROM jobs WHERE domain = ? AND coalesce(target_url, '') = ? AND state IN ('queued', 'running')`, [domain, targetUrl ?? ""]);
}

/** Records the running scan's progress, if `leaseToken` still holds the job: a worker that lost its lease cannot overwrite the new holder's. */
export async function setJobProgress(db: Db, id: number, leaseToken: string, progressJson: string, now: number): Promise<boolean> {
  return (
    (await db.run(`UPDATE jobs SET progress = ?, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`, [progressJson, now, id, leaseToken])) > 0
  );
}

/**
 * Takes the next due job (a queued one whose time has come, or a running one whose holder stopped
 * renewing it) under a new lease, counts the attempt, and returns it with that count; null when none
 * is due.
 *
 * PostgreSQL: one statement whose inner SELECT skips rows another claimer has locked
 * (FOR UPDATE SKIP LOCKED), so workers on several instances claim different jobs at the same time
 * instead of queueing on one row. SQLite: the select and the update under the single write lock.
 */
export async function claimDueJob(db: Db, leaseToken: string, leaseExpiresAt: number, now: number): Promise<JobRow | null> {
  if (db.engine === "postgres") {
    return db.get<JobRow>(
      `UPDATE jobs SET state = 'running', lease_token = ?1, lease_expires_at = ?2, attempts = attempts + 1, progress = NULL, updated_at = ?3
        WHERE id = (SELECT id FROM jobs
                     WHERE (state = 'queued' AND run_after <= ?3) OR (state = 'running' AND lease_expires_at <= ?3)
                     ORDER BY run_after ASC, id ASC LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${JOB_COLUMNS}`,
      [leaseToken, leaseExpiresAt, now],
    );
  }
  return db.exclusive(async () => {
    const due = await db.get<{ id: number }>(
      `SELECT id FROM jobs WHERE (state = 'queued' AND run_after <= ?1) OR (state = 'running' AND lease_expires_at <= ?1)
        ORDER BY run_after ASC, id ASC LIMIT 1`,
      [now],
    );
    if (!due) return null;
    return db.get<JobRow>(
      `UPDATE jobs SET state = 'running', lease_token = ?, lease_expires_at = ?, attempts = attempts + 1, progress = NULL, updated_at = ?
        WHERE id = ? RETURNING ${JOB_COLUMNS}`,
      [leaseToken, leaseExpiresAt, now, due.id],
    );
  });
}

export async function extendJobLease(db: Db, id: number, leaseToken: string, leaseExpiresAt: number, now: number): Promise<boolean> {
  return (
    (await db.run(`UPDATE jobs SET lease_expires_at = ?, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`, [leaseExpiresAt, now, id, leaseToken])) > 0
  );
}

/** Ends the job as done or failed, if `leaseToken` still holds it. A done job keeps the error of any earlier attempt. */
export async function finishLeasedJob(
  db: Db,
  id: number,
  leaseToken: string,
  state: "done" | "failed",
  lastError: string | null,
  now: number,
): Promise<boolean> {
  return (
    (await db.run(`UPDATE jobs SET state = ?, last_error = coalesce(?, last_error), lease_token = NULL, lease_expires_at = NULL, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`, [state, lastError, now, id, leaseToken])) > 0
  );
}

/**
 * Puts a leased job back in the queue, due at `runAfter`. With `refundAttempt` the attempt it was
 * claimed for is not counted (the worker stopped; the site did nothing wrong).
 */
export async function requeueLeasedJob(
  db: Db,
  id: number,
  leaseToken: string,
  change: { runAfter: number; lastError: string | null; refundAttempt: boolean },
  now: number,
): Promise<boolean> {
  return (
    (await db.run(`UPDATE jobs SET state = 'queued', run_after = ?, attempts = ${GREATER[db.engine]}(0, attempts - ?), last_error = coalesce(?, last_error),
                lease_token = NULL, lease_expires_at = NULL, updated_at = ?
          WHERE id = ? AND state = 'running' AND lease_token = ?`, [change.runAfter, change.refundAttempt ? 1 : 0, change.lastError, now, id, leaseToken])) > 0
  );
}

export async function countJobsByState(db: Db): Promise<{ queued: number; running: number; failed: number }> {
  const rows = (await db.all<{ state: JobState; count: number }>("SELECT state, count(*) AS count FROM jobs WHERE state IN ('queued', 'running', 'failed') GROUP BY state"));
  const counts = { queued: 0, running: 0, failed: 0 };
  for (const row of rows) if (row.state !== "done") counts[row.state] = row.count;
  return counts;
}

/** The newest jobs in one state first. */
export async function jobsInState(db: Db, state: JobState, limit: number): Promise<JobRow[]> {
  return (await db.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE state = ? ORDER BY updated_at DESC, id DESC LIMIT ?`, [state, limit]));
}

export async function jobById(db: Db, id: number): Promise<JobRow | null> {
  return (await db.get<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`, [id]));
}

/** Drops done and failed jobs last changed at or before `notAfter`; the scan records themselves stay. */
export async function purgeFinishedJobs(db: Db, notAfter: number): Promise<number> {
  return (await db.run("DELETE FROM jobs WHERE state IN ('done', 'failed') AND updated_at <= ?", [notAfter]));
}

/** The larger of two values: SQLite's two-argument max() is PostgreSQL's greatest(). */
const GREATER = { sqlite: "max", postgres: "greatest" } as const;

/** When the longest-waiting queued job was queued, or null when none waits (for /metrics). */
export async function oldestQueuedJobCreatedAt(db: Db): Promise<number | null> {
  return (await db.get<{ at: number | null }>("SELECT min(created_at) AS at FROM jobs WHERE state = 'queued'"))?.at ?? null;
}

/**
 * A value that changes whenever a queued or running job is added, changes (claim, heartbeat, progress)
 * or leaves the active set: their number and their latest `updated_at`. Cheap (the active set is
 * small and `jobs_claimable` covers `state`), so one read can stand for every domain's running-scan
 * look-up until it changes.
 */
export async function activeJobsSignature(db: Db): Promise<string> {
  const row = await db.get<{ count: number; latest: number | null }>(
    "SELECT count(*) AS count, max(updated_at) AS latest FROM jobs WHERE state IN ('queued', 'running')",
  );
  return `${row?.count ?? 0}:${row?.latest ?? 0}`;
}
