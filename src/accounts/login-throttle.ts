import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../store/database.ts";
import { clearLoginFailures, loginFailuresOf, purgeLoginFailures, saveLoginFailures } from "../store/login-attempts-repo.ts";
import { insertRateRefusal } from "../store/rate-limits-repo.ts";
import { recordRateLimitRefusal } from "../metrics/rate-limit-metrics.ts";

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
export async function lockedForSeconds(db: Db, subjects: readonly ThrottleSubject[], now: number): Promise<number> {
  return db.exclusive(() => lockedSeconds(db, subjects, now));
}

/** The body of `lockedForSeconds`, for callers already inside a transaction. */
async function lockedSeconds(db: Db, subjects: readonly ThrottleSubject[], now: number): Promise<number> {
  let until = 0;
  let decisive: string | null = null;
  for (const subject of subjects) {
    const row = await loginFailuresOf(db, subject.key);
    if (row && row.lockedUntil > now && row.lockedUntil > until) {
      until = row.lockedUntil;
      decisive = subject.key;
    }
  }
  if (decisive === null) return 0;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  await insertRateRefusal(db, { bucket: decisive, at: now, retryAfterSeconds: seconds });
  recordRateLimitRefusal(decisive);
  return seconds;
}

export type LoginAttemptClaim = { ok: true; lockSecondsIfWrong: number } | { ok: false; retryAfterSeconds: number };

/**
 * The gate before a password is verified, atomic with the count: inside one exclusive transaction it
 * refuses a locked subject, or else counts the attempt as a failure in advance (with the lock that
 * failure earns). Parallel attempts therefore queue on the lock, and once the count reaches
 * the lock no further attempt even gets its password verified, however many arrive at once.
 * A right password takes the advance failure back with `settleLoginSuccess`.
 */
export async function claimLoginAttempt(db: Db, subjects: readonly ThrottleSubject[], now: number): Promise<LoginAttemptClaim> {
  return db.exclusive(async () => {
    const locked = await lockedSeconds(db, subjects, now);
    if (locked > 0) return { ok: false, retryAfterSeconds: locked };
    await purgeLoginFailures(db, now - FORGET_AFTER_MS);
    let longest = 0;
    for (const subject of subjects) {
      const failures = ((await loginFailuresOf(db, subject.key))?.failures ?? 0) + 1;
      const lockMs = lockDurationMs(subject.policy, failures);
      await saveLoginFailures(db, { subject: subject.key, failures, lockedUntil: lockMs > 0 ? now + lockMs : 0, lastFailedAt: now });
      longest = Math.max(longest, lockMs);
    }
    return { ok: true, lockSecondsIfWrong: Math.ceil(longest / 1000) };
  });
}

/**
 * A right password: the account's count is cleared, and the IP's advance failure taken back (one
 * good account must not wipe an IP's record of failures on other accounts). When that leaves the
 * IP below its lock, the lock the advance failure set is lifted too.
 */
export async function settleLoginSuccess(db: Db, subjects: readonly ThrottleSubject[]): Promise<void> {
  await db.exclusive(async () => {
    for (const subject of subjects) {
      if (!subject.key.startsWith("login-ip:")) {
        await clearLoginFailures(db, subject.key);
        continue;
      }
      const row = await loginFailuresOf(db, subject.key);
      if (!row) continue;
      const failures = Math.max(0, row.failures - 1);
      if (failures === 0) await clearLoginFailures(db, subject.key);
      else await saveLoginFailures(db, { ...row, failures, lockedUntil: lockDurationMs(subject.policy, failures) > 0 ? row.lockedUntil : 0 });
    }
  });
}

/** 0 while failures are free, then firstLockMs doubling with each further failure, capped at maxLockMs. */
export function lockDurationMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // Past 2^30 the cap has long been reached; stop before the number grows silly.
  return Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** Math.min(doublings, 30));
}
