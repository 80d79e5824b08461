import type { Db } from "../store/database.ts";
import {
  countRateEvents,
  insertRateEvent,
  insertRateRefusal,
  purgeBucketEvents,
  purgeRateEvents,
  purgeRateRefusals,
  rateEventAtOffset,
} from "../store/rate-limits-repo.ts";
import { recordRateLimitRefusal } from "../metrics/rate-limit-metrics.ts";

/**
 * Sliding-window rate limits over several buckets at once (client IP, target domain, API key).
 *
 * A request is admitted only if every bucket has room, and only then is it counted in all of them: a
 * refusal spends nothing. The check and the counting run in one exclusive transaction (joining the
 * caller's, as start-scan.ts does to join-or-enqueue in the same one), so they cannot interleave with
 * another request's, across processes and across instances sharing a PostgreSQL database.
 */

export type LimitName = "ip" | "domain" | "key";

export interface LimitRule {
  name: LimitName;
  /** The stored bucket key, e.g. `ip:192.0.2.1` or `domain:example.com`. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitState {
  name: LimitName;
  limit: number;
  windowSeconds: number;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window and frees a slot (0 when none is counted). */
  resetSeconds: number;
}

export type RateLimitDecision =
  | { ok: true; states: LimitState[] }
  | { ok: false; refused: LimitState; retryAfterSeconds: number; states: LimitState[] };

/** Windows longer than this are refused: the periodic sweep drops every event older than it. */
export const MAX_WINDOW_SECONDS = 86_400;
const SWEEP_EVERY_MS = 10 * 60_000;
/** Refusals are shown on the admin page for a day. */
const KEEP_REFUSALS_MS = 86_400_000;
const lastSweepAt = new WeakMap<Db, number>();

interface BucketCheck {
  rule: LimitRule;
  admits: boolean;
  /** The state if this request is admitted (or, when refused, the bucket's state with nothing spent). */
  state: LimitState;
  retryAfterSeconds: number;
}

export function consumeRateLimits(db: Db, rules: readonly LimitRule[], now: number): Promise<RateLimitDecision> {
  for (const rule of rules) assertValidRule(rule);
  return db.exclusive(() => checkAndCount(db, rules, now));
}

async function checkAndCount(db: Db, rules: readonly LimitRule[], now: number): Promise<RateLimitDecision> {
  const checks: BucketCheck[] = [];
  for (const rule of rules) checks.push(await checkBucket(db, rule, now));
  await sweepOccasionally(db, now);

  const refusals = checks.filter((check) => !check.admits);
  if (refusals.length > 0) {
    for (const refusal of refusals) {
      await insertRateRefusal(db, { bucket: refusal.rule.bucket, at: now, retryAfterSeconds: refusal.retryAfterSeconds });
      recordRateLimitRefusal(refusal.rule.bucket);
    }
    const longest = refusals.reduce((worst, check) => (check.retryAfterSeconds > worst.retryAfterSeconds ? check : worst));
    return {
      ok: false,
      refused: longest.state,
      retryAfterSeconds: longest.retryAfterSeconds,
      states: checks.map((check) => (check.admits ? unspent(check.state) : check.state)),
    };
  }
  for (const rule of rules) await insertRateEvent(db, rule.bucket, now);
  return { ok: true, states: checks.map((check) => check.state) };
}

async function checkBucket(db: Db, rule: LimitRule, now: number): Promise<BucketCheck> {
  const windowMs = rule.windowSeconds * 1000;
  const since = now - windowMs;
  await purgeBucketEvents(db, rule.bucket, since);
  const count = await countRateEvents(db, rule.bucket, since);
  const base = { name: rule.name, limit: rule.limit, windowSeconds: rule.windowSeconds };

  if (count < rule.limit) {
    const oldest = (await rateEventAtOffset(db, rule.bucket, since, 0)) ?? now;
    return {
      rule,
      admits: true,
      state: { ...base, remaining: rule.limit - count - 1, resetSeconds: secondsUntil(oldest + windowMs, now) },
      retryAfterSeconds: 0,
    };
  }
  // To get under the limit, the oldest (count - limit + 1) events must leave the window; the last of
  // them decides. With a limit of 0 there is no such event and the wait is the whole window.
  const decisive = await rateEventAtOffset(db, rule.bucket, since, count - rule.limit);
  const retryAfterSeconds = decisive === null ? rule.windowSeconds : secondsUntil(decisive + windowMs, now);
  return { rule, admits: false, state: { ...base, remaining: 0, resetSeconds: retryAfterSeconds }, retryAfterSeconds };
}

/** A bucket that had room, reported for a refused request: nothing was spent from it. */
function unspent(state: LimitState): LimitState {
  const remaining = state.remaining + 1;
  return { ...state, remaining, resetSeconds: remaining === state.limit ? 0 : state.resetSeconds };
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}

/** Buckets nobody checks again (one per client IP) would otherwise keep their rows for ever. */
async function sweepOccasionally(db: Db, now: number): Promise<void> {
  const last = lastSweepAt.get(db);
  if (last !== undefined && now - last < SWEEP_EVERY_MS) return;
  lastSweepAt.set(db, now);
  await purgeRateEvents(db, now - MAX_WINDOW_SECONDS * 1000);
  await purgeRateRefusals(db, now - KEEP_REFUSALS_MS);
}

function assertValidRule(rule: LimitRule): void {
  if (!Number.isInteger(rule.limit) || rule.limit < 0) throw new RangeError(`Rate limit ${rule.name}: limit must be a whole number.`);
  if (!Number.isInteger(rule.windowSeconds) || rule.windowSeconds < 1 || rule.windowSeconds > MAX_WINDOW_SECONDS) {
    throw new RangeError(`Rate limit ${rule.name}: window must be 1 to ${MAX_WINDOW_SECONDS} seconds.`);
  }
}
