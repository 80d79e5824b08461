import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { immediate, type Db } from "../store/database.ts";
import { clearLoginFailures, loginFailuresOf, purgeLoginFailures, saveLoginFailures } from "../store/login-attempts-repo.ts";
import { insertRateRefusal } from "../store/rate-limits-repo.ts";

/**
 * Growing delays after failed sign-ins, per client IP and per account. A few failures are free
 * (typos happen); after that each failure locks the subject for twice as long as the one before,
 * from one second up to fifteen minutes. An IP gets more free failures than an account, because
 * many people can share one address (an office, a carrier's NAT). Failures are forgotten a day
 * after the last one, and an account's count is cleared by a successful sign-in.
 */

export interface ThrottlePolicy {
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
}

export const ACCOUNT_THROTTLE: ThrottlePolicy = { freeFailures: 5, firstLockMs: 1000, maxLockMs: 15 * 60_000 };
export const IP_THROTTLE: ThrottlePolicy = { freeFailures: 20, firstLockMs: 1000, maxLockMs: 15 * 60_000 };
const FORGET_AFTER_MS = 86_400_000;

export interface ThrottleSubject {
  key: string;
  policy: ThrottlePolicy;
}

/** The subjects a sign-in attempt counts against. `realm` keeps the admin's account apart from users'. */
export function loginSubjects(realm: "user" | "admin", clientIp: string, email: string): ThrottleSubject[] {
  const emailDigest = encodeHexLowerCase(sha256(new TextEncoder().encode(email))).slice(0, 32);
  return [
    { key: `login-ip:${clientIp}`, policy: IP_THROTTLE },
    { key: `login-${realm}:${emailDigest}`, policy: ACCOUNT_THROTTLE },
  ];
}

/**
 * Seconds until every subject may try again (0: go ahead). A refusal is recorded with the rate-limit
 * refusals, so the admin sees sign-in lockouts beside scan limits.
 */
export function lockedForSeconds(db: Db, subjects: readonly ThrottleSubject[], now: number): number {
  return immediate(db, () => {
    let until = 0;
    let decisive: string | null = null;
    for (const subject of subjects) {
      const row = loginFailuresOf(db, subject.key);
      if (row && row.lockedUntil > now && row.lockedUntil > until) {
        until = row.lockedUntil;
        decisive = subject.key;
      }
    }
    if (decisive === null) return 0;
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    insertRateRefusal(db, { bucket: decisive, at: now, retryAfterSeconds: seconds });
    return seconds;
  });
}

/** Counts a failure against every subject and returns the longest lock it caused, in seconds (0: none). */
export function recordLoginFailure(db: Db, subjects: readonly ThrottleSubject[], now: number): number {
  return immediate(db, () => {
    purgeLoginFailures(db, now - FORGET_AFTER_MS);
    let longest = 0;
    for (const subject of subjects) {
      const failures = (loginFailuresOf(db, subject.key)?.failures ?? 0) + 1;
      const lockMs = lockDurationMs(subject.policy, failures);
      saveLoginFailures(db, { subject: subject.key, failures, lockedUntil: lockMs > 0 ? now + lockMs : 0, lastFailedAt: now });
      longest = Math.max(longest, lockMs);
    }
    return Math.ceil(longest / 1000);
  });
}

/** A successful sign-in clears the account's count (not the IP's: one good account must not unlock an IP). */
export function recordLoginSuccess(db: Db, subjects: readonly ThrottleSubject[]): void {
  const account = subjects.find((subject) => !subject.key.startsWith("login-ip:"));
  if (account) clearLoginFailures(db, account.key);
}

/** 0 while failures are free, then firstLockMs doubling with each further failure, capped at maxLockMs. */
export function lockDurationMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // Past 2^30 the cap has long been reached; stop before the number grows silly.
  return Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** Math.min(doublings, 30));
}
