import { clearedSessionCookie, readCookie, sessionCookie, sessionCookieName } from "../auth/sessions.ts";
import type { SessionKind } from "../store/sessions-repo.ts";
import type { AccountDeps } from "./account-deps.ts";
import { endSession, readSession, type ActiveSession, type StartedSession } from "./session-service.ts";

/** Sessions as a browser carries them: read from the Cookie header, given and taken back with Set-Cookie. */

/** `binding`: the credentials the session must have been opened with (the admin's), as startSession took it. */
export async function sessionFromHeaders(deps: AccountDeps, headers: Headers, kind: SessionKind, publicUrl: string, binding: Uint8Array | null = null): Promise<ActiveSession | null> {
  const token = readCookie(headers.get("cookie"), sessionCookieName(kind, publicUrl));
  return readSession(deps.db, token, kind, deps.now(), binding);
}

export function cookieFor(kind: SessionKind, publicUrl: string, session: StartedSession, now: number): string {
  return sessionCookie(kind, publicUrl, session.token, (session.absoluteExpiresAt - now) / 1000);
}

/** Ends the session the request carries (if any) and returns the Set-Cookie that clears it. */
export async function endSessionFromHeaders(deps: AccountDeps, headers: Headers, kind: SessionKind, publicUrl: string, binding: Uint8Array | null = null): Promise<string> {
  await endSession(deps.db, readCookie(headers.get("cookie"), sessionCookieName(kind, publicUrl)), binding);
  return clearedSessionCookie(kind, publicUrl);
}

/**
 * The raw session token the request carries, for sealing data only that session may open (key-flash.ts).
 * Call it only after sessionFromHeaders accepted the session; it is never logged or stored.
 */
export function sessionTokenFromHeaders(headers: Headers, kind: SessionKind, publicUrl: string): string | null {
  return readCookie(headers.get("cookie"), sessionCookieName(kind, publicUrl));
}
