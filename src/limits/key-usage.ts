import type { Db } from "../store/database.ts";
import { countRateEvents, rateEventAtOffset } from "../store/rate-limits-repo.ts";
import { keyBucket, SCAN_LIMIT_WINDOW_SECONDS } from "./scan-limit-rules.ts";

/**
 * How much of its hourly limit (LIMIT_PER_KEY_PER_HOUR) a key has spent, read from the same sliding
 * window the limiter counts in, so the dashboard agrees with what the next request will be told.
 */

export interface KeyUsage {
  /** Fresh scans counted in the last hour. */
  used: number;
  limit: number;
  /** Seconds until the oldest counted scan leaves the window and frees a slot; 0 when none is counted. */
  nextSlotSeconds: number;
}

export async function keyUsage(db: Db, keyId: number, limit: number, now: number): Promise<KeyUsage> {
  const windowMs = SCAN_LIMIT_WINDOW_SECONDS * 1000;
  const since = now - windowMs;
  const bucket = keyBucket(keyId);
  const used = await countRateEvents(db, bucket, since);
  const oldest = used === 0 ? null : await rateEventAtOffset(db, bucket, since, 0);
  const nextSlotSeconds = oldest === null ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  return { used, limit, nextSlotSeconds };
}
