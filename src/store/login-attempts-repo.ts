import type { Db } from "./database.ts";

/**
 * Failed sign-ins per subject: `ip:<address>` or `account:<sha-256 of the email>` (hashed, so that
 * addresses people mistyped, and addresses of nobody, are not kept in readable form). Callers run
 * a check and its update inside BEGIN IMMEDIATE.
 */

export interface LoginFailureRow {
  subject: string;
  failures: number;
  lockedUntil: number;
  lastFailedAt: number;
}

export function loginFailuresOf(db: Db, subject: string): LoginFailureRow | null {
  return db
    .query<LoginFailureRow, [string]>(
      "SELECT subject, failures, locked_until AS lockedUntil, last_failed_at AS lastFailedAt FROM login_failures WHERE subject = ?",
    )
    .get(subject);
}

export function saveLoginFailures(db: Db, row: LoginFailureRow): void {
  db.query<never, [string, number, number, number]>(
    `INSERT INTO login_failures (subject, failures, locked_until, last_failed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (subject) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until,
       last_failed_at = excluded.last_failed_at`,
  ).run(row.subject, row.failures, row.lockedUntil, row.lastFailedAt);
}

export function clearLoginFailures(db: Db, subject: string): void {
  db.query<never, [string]>("DELETE FROM login_failures WHERE subject = ?").run(subject);
}

/** Forgets subjects whose last failure is at or before `notAfter`. */
export function purgeLoginFailures(db: Db, notAfter: number): number {
  return db.query<never, [number]>("DELETE FROM login_failures WHERE last_failed_at <= ?").run(notAfter).changes;
}
