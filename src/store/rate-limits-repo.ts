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

export function countRateEvents(db: Db, bucket: string, since: number): number {
  const row = db
    .query<{ count: number }, [string, number]>("SELECT count(*) AS count FROM rate_events WHERE bucket = ? AND at > ?")
    .get(bucket, since);
  return row?.count ?? 0;
}

/** The time of the `offset`-th oldest event still in the window (0 = the oldest), or null if there is none. */
export function rateEventAtOffset(db: Db, bucket: string, since: number, offset: number): number | null {
  const row = db
    .query<{ at: number }, [string, number, number]>(
      "SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?",
    )
    .get(bucket, since, offset);
  return row?.at ?? null;
}

export function insertRateEvent(db: Db, bucket: string, at: number): void {
  db.query<never, [string, number]>("INSERT INTO rate_events (bucket, at) VALUES (?, ?)").run(bucket, at);
}

export function insertRateRefusal(db: Db, refusal: RateRefusal): void {
  db.query<never, [string, number, number]>("INSERT INTO rate_refusals (bucket, at, retry_after_seconds) VALUES (?, ?, ?)").run(
    refusal.bucket,
    refusal.at,
    refusal.retryAfterSeconds,
  );
}

/** Drops one bucket's events that have left its window (cheap: it walks the bucket's index range). */
export function purgeBucketEvents(db: Db, bucket: string, notAfter: number): void {
  db.query<never, [string, number]>("DELETE FROM rate_events WHERE bucket = ? AND at <= ?").run(bucket, notAfter);
}

/** Drops every event at or before `notAfter`, for buckets nobody checks any more. */
export function purgeRateEvents(db: Db, notAfter: number): void {
  db.query<never, [number]>("DELETE FROM rate_events WHERE at <= ?").run(notAfter);
}

export function purgeRateRefusals(db: Db, notAfter: number): void {
  db.query<never, [number]>("DELETE FROM rate_refusals WHERE at <= ?").run(notAfter);
}

/** The newest refusals first, for the admin page. */
export function recentRateRefusals(db: Db, limit: number): RateRefusal[] {
  return db
    .query<RateRefusal, [number]>(
      `SELECT bucket, at, retry_after_seconds AS retryAfterSeconds
         FROM rate_refusals ORDER BY at DESC, id DESC LIMIT ?`,
    )
    .all(limit);
}
