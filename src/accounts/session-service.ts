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

/**
 * A new session with a new token: called at every sign-in, so a token planted before sign-in is worthless.
 * `binding` ties it to the credentials it was opened with (see hashSessionToken); read and end it with the same.
 */
export async function startSession(db: Db, kind: SessionKind, userId: number | null, now: number, binding: Uint8Array | null = null): Promise<StartedSession> {
  await purgeOccasionally(db, now);
  const policy = SESSION_POLICIES[kind];
  const token = generateSessionToken();
  const absoluteExpiresAt = now + policy.absoluteMs;
  await insertSession(db, {
    tokenHash: hashSessionToken(token, binding),
    kind,
    userId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: Math.min(now + policy.idleMs, absoluteExpiresAt),
    absoluteExpiresAt,
  });
  return { token, absoluteExpiresAt };
}

/** The live session of `kind` that `token` names, or null (unknown, tampered, wrong kind, other credentials, expired). */
export async function readSession(db: Db, token: string | null, kind: SessionKind, now: number, binding: Uint8Array | null = null): Promise<ActiveSession | null> {
  if (token === null || !isSessionTokenShaped(token)) return null;
  const tokenHash = hashSessionToken(token, binding);
  const row = await findSession(db, tokenHash);
  if (!row || row.kind !== kind) return null;
  if (row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now - row.lastSeenAt >= SESSION_TOUCH_RESOLUTION_MS) {
    await touchSession(db, tokenHash, now, Math.min(now + SESSION_POLICIES[kind].idleMs, row.absoluteExpiresAt));
  }
  return { kind: row.kind, userId: row.userId, absoluteExpiresAt: row.absoluteExpiresAt };
}

export async function endSession(db: Db, token: string | null, binding: Uint8Array | null = null): Promise<void> {
  if (token === null || !isSessionTokenShaped(token)) return;
  await deleteSession(db, hashSessionToken(token, binding));
}

async function purgeOccasionally(db: Db, now: number): Promise<void> {
  const last = lastPurgeAt.get(db);
  if (last !== undefined && now - last < PURGE_EVERY_MS) return;
  lastPurgeAt.set(db, now);
  await purgeExpiredSessions(db, now);
}
