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

export async function loginFailuresOf(db: Db, subject: string): Promise<LoginFailureRow | null> {
  return (await db.get<LoginFailureRow>(`SELECT subject, failures, locked_until AS "lockedUntil", last_failed_at AS "lastFailedAt" FROM login_failures WHERE subject = ?`, [subject]));
}

export async function saveLoginFailures(db: Db, row: LoginFailureRow): Promise<void> {
  (await db.run(`INSERT INTO login_failures (subject, failures, locked_until, last_failed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (subject) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until,
       last_failed_at = excluded.last_failed_at`, [row.subject, row.failures, row.lockedUntil, row.lastFailedAt]));
}

export async function clearLoginFailures(db: Db, subject: string): Promise<void> {
  (await db.run("DELETE FROM login_failures WHERE subject = ?", [subject]));
}

/** Forgets subjects whose last failure is at or before `notAfter`. */
export async function purgeLoginFailures(db: Db, notAfter: number): Promise<number> {
  return (await db.run("DELETE FROM login_failures WHERE last_failed_at <= ?", [notAfter]));
}
