import type { Db } from "../store/database.ts";
import { deleteSession, findSession, insertSession, purgeExpiredSessions, touchSession, type SessionKind } from "../store/sessions-repo.ts";
import { generateSessionToken, hashSessionToken, isSessionTokenShaped } from "../auth/sessions.ts";
import { SESSION_POLICIES, SESSION_TOUCH_RESOLUTION_MS } from "./session-policy.ts";

/** Starting, reading and ending browser sessions. The token never leaves this module except to the cookie. */

export interface StartedSession {
  /** For the cookie only; never logged or stored. */
  token: string;
  absoluteExpiresAt: number;
}

export interface ActiveSession {
  kind: SessionKind;
  userId: number | null;
  absoluteExpiresAt: number;
}

const PURGE_EVERY_MS = 60 * 60_000;
const lastPurgeAt = new WeakMap<Db, number>();

/** A new session with a new token: called at every sign-in, so a token planted before sign-in is worthless. */
export function startSession(db: Db, kind: SessionKind, userId: number | null, now: number): StartedSession {
  purgeOccasionally(db, now);
  const policy = SESSION_POLICIES[kind];
  const token = generateSessionToken();
  const absoluteExpiresAt = now + policy.absoluteMs;
  insertSession(db, {
    tokenHash: hashSessionToken(token),
    kind,
    userId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: Math.min(now + policy.idleMs, absoluteExpiresAt),
    absoluteExpiresAt,
  });
  return { token, absoluteExpiresAt };
}

/** The live session of `kind` that `token` names, or null (unknown, tampered, wrong kind, expired). */
export function readSession(db: Db, token: string | null, kind: SessionKind, now: number): ActiveSession | null {
  if (token === null || !isSessionTokenShaped(token)) return null;
  const tokenHash = hashSessionToken(token);
  const row = findSession(db, tokenHash);
  if (!row || row.kind !== kind) return null;
  if (row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) {
    deleteSession(db, tokenHash);
    return null;
  }
  if (now - row.lastSeenAt >= SESSION_TOUCH_RESOLUTION_MS) {
    touchSession(db, tokenHash, now, Math.min(now + SESSION_POLICIES[kind].idleMs, row.absoluteExpiresAt));
  }
  return { kind: row.kind, userId: row.userId, absoluteExpiresAt: row.absoluteExpiresAt };
}

export function endSession(db: Db, token: string | null): void {
  if (token === null || !isSessionTokenShaped(token)) return;
  deleteSession(db, hashSessionToken(token));
}

function purgeOccasionally(db: Db, now: number): void {
  const last = lastPurgeAt.get(db);
  if (last !== undefined && now - last < PURGE_EVERY_MS) return;
  lastPurgeAt.set(db, now);
  purgeExpiredSessions(db, now);
}
