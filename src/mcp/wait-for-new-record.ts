import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { scannedAfter } from "../reports/latest-record.ts";
import { runningScan } from "../reports/running-scan.ts";
import type { ReportSubject } from "../reports/report-subject.ts";

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
export async function waitForNewRecord(db: Db, domain: string | ReportSubject, afterId: number, options: WaitOptions): Promise<StoredScan | null> {
  const started = performance.now();
  // A page's subject (the schema service) waits for that page's record, not any newer one of the domain.
  const subject = typeof domain === "string" ? { domain } : domain;
  for (;;) {
    const found = await scannedAfter(db, subject, afterId);
    if (found) return found;
    // A job stores its record in the transaction that finishes it, so no job and no record means none is coming.
    if (!await runningScan(db, subject)) return scannedAfter(db, subject, afterId);
    const elapsed = performance.now() - started;
    if (elapsed >= options.waitMs || options.signal.aborted) return null;
    await sleep(Math.min(options.pollMs, options.waitMs - elapsed), options.signal);
    await options.onWaiting?.(performance.now() - started);
  }
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
