import type { Db } from "./database.ts";

/**
 * Browser sessions, keyed by the SHA-256 of the cookie's token. A session ends at whichever comes
 * first: its idle expiry (pushed forward as it is used) or its absolute expiry (fixed at sign-in).
 */

export type SessionKind = "user" | "admin";

export interface SessionRow {
  kind: SessionKind;
  userId: number | null;
  createdAt: number;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

export interface NewSessionRow extends SessionRow {
  tokenHash: Uint8Array;
}

export async function insertSession(db: Db, session: NewSessionRow): Promise<void> {
  (await db.run(`INSERT INTO sessions (token_hash, kind, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`, [session.tokenHash,
    session.kind,
    session.userId,
    session.createdAt,
    session.lastSeenAt,
    session.idleExpiresAt,
    session.absoluteExpiresAt]));
}

export async function findSession(db: Db, tokenHash: Uint8Array): Promise<SessionRow | null> {
  return (await db.get<SessionRow>(`SELECT kind, user_id AS "userId", created_at AS "createdAt", last_seen_at AS "lastSeenAt",
              idle_expires_at AS "idleExpiresAt", absolute_expires_at AS "absoluteExpiresAt"
         FROM sessions WHERE token_hash = ?`, [tokenHash]));
}

/** Pushes the idle expiry forward (never beyond the absolute one, which the caller folds in). */
export async function touchSession(db: Db, tokenHash: Uint8Array, lastSeenAt: number, idleExpiresAt: number): Promise<void> {
  (await db.run("UPDATE sessions SET last_seen_at = ?, idle_expires_at = ? WHERE token_hash = ?", [lastSeenAt,
    idleExpiresAt,
    tokenHash]));
}

export async function deleteSession(db: Db, tokenHash: Uint8Array): Promise<void> {
  (await db.run("DELETE FROM sessions WHERE token_hash = ?", [tokenHash]));
}

/** Drops every session that has expired by either clock. */
export async function purgeExpiredSessions(db: Db, now: number): Promise<number> {
  return (await db.run("DELETE FROM sessions WHERE idle_expires_at <= ? OR absolute_expires_at <= ?", [now, now]));
}

/** Ends every admin session (the admin's credentials changed). */
export async function deleteAdminSessions(db: Db): Promise<number> {
  return (await db.run("DELETE FROM sessions WHERE kind = 'admin'"));
}
