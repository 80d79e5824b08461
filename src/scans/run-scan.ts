import type { Analyzer, OffsiteEndpoints, ScanProgress } from "../analyzers/analyzer.ts";
import { TransientScanError } from "../analyzers/analyzer.ts";
import type { SafeFetcher } from "../net/fetch-types.ts";
import type { ScanOutcome, ScanRow, ScanTarget } from "./scan-outcome.ts";

/**
 * Runs one scan to an outcome: the analyzer gathers until the scan's deadline, then audits and scores
 * what it has. The same code runs in a scan thread (the service) and in the calling thread (the CLI and
 * tests that fake DNS or the clock, which cannot cross to a thread).
 */

export type AnyRecord = { domain: string; status: "ok" | "failed"; scannedAt: string };

export interface RunScanOptions {
  analyzer: Analyzer<AnyRecord>;
  fetcher: SafeFetcher;
  offsite: OffsiteEndpoints;
  /** Epoch milliseconds (real clock) at which gathering stops; the record follows at once. */
  deadlineAt: number;
  /** SCAN_TIMEOUT_MS, for the failed record's wording. */
  scanTimeoutMs: number;
  /** Fires when the scan must stop without a record (the worker is stopping or lost the lease). */
  signal: AbortSignal;
  /** The record's clock. */
  now: () => number;
  progress?: (update: ScanProgress) => void;
}

export async function runScan(target: ScanTarget, options: RunScanOptions): Promise<ScanOutcome> {
  const { analyzer } = options;
  const gatherSignal = AbortSignal.any([options.signal, AbortSignal.timeout(Math.max(0, options.deadlineAt - Date.now()))]);
  const scanning = analyzer.scan({
    domain: target.domain,
    ...(target.targetUrl ? { url: target.targetUrl } : {}),
    fetcher: options.fetcher,
    signal: gatherSignal,
    offsite: options.offsite,
    now: () => new Date(options.now()),
    ...(options.progress ? { progress: options.progress } : {}),
  });
  try {
    const output = await withSafetyNet(scanning, gatherSignal, safetyNetMs(options.scanTimeoutMs));
    return { kind: "record", row: rowOf(analyzer, output.record, output.artifacts) };
  } catch (error) {
    if (options.signal.aborted) return { kind: "retry", error: "The worker stopped during the scan." };
    if (error instanceof ScanDeadlineError) return deadlineOutcome(analyzer, target.domain, options.scanTimeoutMs, options.now());
    const message = error instanceof TransientScanError ? error.message : `Unexpected error: ${String(error)}`;
    return { kind: "retry", error: message };
  }
}

/** The failed record stored when a scan overran its deadline (its code ignored the signal, or its thread hung). */
export function deadlineOutcome(analyzer: Analyzer<AnyRecord>, domain: string, scanTimeoutMs: number, now: number): ScanOutcome {
  const reason = `The scan did not finish within ${Math.round(scanTimeoutMs / 1000)} seconds.`;
  return { kind: "record", row: rowOf(analyzer, analyzer.failedRecord(domain, reason, new Date(now)), null) };
}

export function rowOf(analyzer: Analyzer<AnyRecord>, record: AnyRecord, artifacts: unknown): ScanRow {
  return {
    status: record.status,
    score: analyzer.scoreOf(record),
    scannedAt: Date.parse(record.scannedAt),
    recordJson: JSON.stringify(record),
    artifactsJson: artifacts === null || artifacts === undefined ? null : JSON.stringify(artifacts),
  };
}

/**
 * The scan must end with a record within SCAN_TIMEOUT_MS + 5%. Gathering stops at the deadline and
 * the audits take milliseconds, so this net only catches code that ignores the signal: it gives the
 * scan 2.5% more, and the scan thread's pool terminates a thread that does not answer by 4%.
 */
export function safetyNetMs(scanTimeoutMs: number): number {
  return Math.round(scanTimeoutMs * 0.025);
}

class ScanDeadlineError extends Error {}

function withSafetyNet<T>(work: Promise<T>, deadline: AbortSignal, graceMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      timer = setTimeout(() => reject(new ScanDeadlineError("deadline")), graceMs);
    };
    if (deadline.aborted) onAbort();
    else deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      deadline.removeEventListener("abort", onAbort);
    });
  });
}
