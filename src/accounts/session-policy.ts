import type { SessionKind } from "../store/sessions-repo.ts";

/**
 * How long sessions last. A session ends after `idleMs` without a request or `absoluteMs` after
 * sign-in, whichever comes first. The admin can revoke anyone's keys, so their sessions are short.
 */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_POLICIES: Record<SessionKind, SessionPolicy> = {
  user: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  admin: { idleMs: 30 * MINUTE, absoluteMs: 8 * HOUR },
};

/** The idle expiry is written at most this often, so a busy session does not write on every request. */
export const SESSION_TOUCH_RESOLUTION_MS = MINUTE;
