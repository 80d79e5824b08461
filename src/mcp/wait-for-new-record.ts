import type { Db } from "../store/database.ts";
import { latestScan, scanHistory, type StoredScan } from "../store/scans-repo.ts";
import { findActiveJob } from "../scans/queue.ts";

export interface WaitOptions {
  waitMs: number;
  pollMs: number;
  signal: AbortSignal;
  /** Called after each wait with the milliseconds waited so far (progress reports). */
  onWaiting?: (elapsedMs: number) => Promise<void>;
}

/**
 * Waits for a record of `domain` newer than `afterId` (the row id of the latest record before the scan
 * was requested, 0 when none), polling the store: the worker runs in this process and the store reads
 * the newest record from memory, so a poll is cheap. Returns null when the wait ends first, when the
 * caller goes away, or when no job is left that could write the record.
 */
export async function waitForNewRecord(db: Db, domain: string, afterId: number, options: WaitOptions): Promise<StoredScan | null> {
  const started = performance.now();
  for (;;) {
    const found = scanAfter(db, domain, afterId);
    if (found) return found;
    // A job stores its record in the transaction that finishes it, so no job and no record means none is coming.
    if (!findActiveJob(db, domain)) return scanAfter(db, domain, afterId);
    const elapsed = performance.now() - started;
    if (elapsed >= options.waitMs || options.signal.aborted) return null;
    await sleep(Math.min(options.pollMs, options.waitMs - elapsed), options.signal);
    await options.onWaiting?.(performance.now() - started);
  }
}

/**
 * The scan stored after row `afterId`, or null. The latest record is cached, so a poll is cheap; only when
 * it is a re-scored row are the few newest rows read to find a scan beside it.
 */
function scanAfter(db: Db, domain: string, afterId: number): StoredScan | null {
  const latest = latestScan(db, domain);
  if (!latest || latest.id <= afterId) return null;
  if (!isRescore(latest)) return latest;
  return scanHistory(db, domain, 5).find((scan) => scan.id > afterId && !isRescore(scan)) ?? null;
}

/** `sightline rescore` stores new rows too, judged from an older scan's artifacts: they are not the scan awaited. */
function isRescore(scan: StoredScan): boolean {
  return scan.recordJson.includes('"rescoredFrom"') && (JSON.parse(scan.recordJson) as { rescoredFrom?: unknown }).rescoredFrom !== undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
