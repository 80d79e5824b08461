import type { Db } from "./database.ts";

/**
 * Sliding-window rate-limit events (one row per admitted request per bucket) and the refusals kept for
 * the admin page. An event counts while `at > since`, where `since` is now minus the window.
 * Callers hold BEGIN IMMEDIATE around a check and its writes, which is what makes the count exact.
 */

export interface RateRefusal {
  bucket: string;
  at: number;
  retryAfterSeconds: number;
}

export async function countRateEvents(db: Db, bucket: string, since: number): Promise<number> {
  const row = (await db.get<{ count: number }>("SELECT count(*) AS count FROM rate_events WHERE bucket = ? AND at > ?", [bucket, since]));
  return row?.count ?? 0;
}

/** The time of the `offset`-th oldest event still in the window (0 = the oldest), or null if there is none. */
export async function rateEventAtOffset(db: Db, bucket: string, since: number, offset: number): Promise<number | null> {
  const row = (await db.get<{ at: number }>("SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?", [bucket, since, offset]));
  return row?.at ?? null;
}

export async function insertRateEvent(db: Db, bucket: string, at: number): Promise<void> {
  (await db.run("INSERT INTO rate_events (bucket, at) VALUES (?, ?)", [bucket, at]));
}

export async function insertRateRefusal(db: Db, refusal: RateRefusal): Promise<void> {
  (await db.run("INSERT INTO rate_refusals (bucket, at, retry_after_seconds) VALUES (?, ?, ?)", [refusal.bucket,
    refusal.at,
    refusal.retryAfterSeconds]));
}

/** Drops one bucket's events that have left its window (cheap: it walks the bucket's index range). */
export async function purgeBucketEvents(db: Db, bucket: string, notAfter: number): Promise<void> {
  (await db.run("DELETE FROM rate_events WHERE bucket = ? AND at <= ?", [bucket, notAfter]));
}

/** Drops every event at or before `notAfter`, for buckets nobody checks any more. */
export async function purgeRateEvents(db: Db, notAfter: number): Promise<void> {
  (await db.run("DELETE FROM rate_events WHERE at <= ?", [notAfter]));
}

export async function purgeRateRefusals(db: Db, notAfter: number): Promise<void> {
  (await db.run("DELETE FROM rate_refusals WHERE at <= ?", [notAfter]));
}

/** The newest refusals first, for the admin page. */
export async function recentRateRefusals(db: Db, limit: number): Promise<RateRefusal[]> {
  return (await db.all<RateRefusal>(`SELECT bucket, at, retry_after_seconds AS "retryAfterSeconds"
         FROM rate_refusals ORDER BY at DESC, id DESC LIMIT ?`, [limit]));
}

export interface BucketUse {
  bucket: string;
  /** Events still in the window. */
  used: number;
  /** The oldest of them (ms since the epoch). */
  oldestAt: number;
}

/** Buckets with events after `since`, the busiest first, for `sightline limits list` and the admin page. */
export async function bucketsInUse(db: Db, since: number, limit: number): Promise<BucketUse[]> {
  return (await db.all<BucketUse>(`SELECT bucket, count(*) AS used, min(at) AS "oldestAt"
         FROM rate_events WHERE at > ? GROUP BY bucket ORDER BY count(*) DESC, bucket ASC LIMIT ?`, [since, limit])).map((row) => ({
    bucket: row.bucket,
    used: Number(row.used),
    oldestAt: Number(row.oldestAt),
  }));
}

/** Forgets every event of one bucket, so its limit starts afresh; returns how many were forgotten. */
export async function clearBucketEvents(db: Db, bucket: string): Promise<number> {
  return await db.run("DELETE FROM rate_events WHERE bucket = ?", [bucket]);
}
