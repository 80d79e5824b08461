import type { Analyzer, OffsiteEndpoints, ScanProgress } from "../analyzers/analyzer.ts";
import { recordFacts } from "../analyzers/record-facts.ts";
import { TransientScanError } from "../analyzers/analyzer.ts";
import type { SafeFetcher } from "../net/fetch-types.ts";
import type { ProbeSigning } from "../net/web-bot-auth.ts";
import type { ScanOutcome, ScanRow, ScanTarget } from "./scan-outcome.ts";
import { encodeArtifacts } from "./stored-artifacts.ts";
import { storedPageVerdicts } from "./bounded-page-verdicts.ts";
import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";

/**
 * Runs one scan to an outcome: the analyzer gathers until the scan's deadline, then audits and scores
 * what it has. The same code runs in a scan thread (the service) and in the calling thread (the CLI and
 * tests that fake DNS or the clock, which cannot cross to a thread).
 */

export type { AnyRecord } from "../analyzers/analyzer.ts";
import type { AnyRecord } from "../analyzers/analyzer.ts";

export interface RunScanOptions {
  analyzer: Analyzer<AnyRecord>;
  fetcher: SafeFetcher;
  offsite: OffsiteEndpoints;
  /** With SIGNED_PROBES=on: the key that signs the crawler probes, handed to this scan only. */
  probeSigning?: ProbeSigning;
  /** CRAWL_CONCURRENCY, for site-wide scans. */
  crawlConcurrency?: number;
  /** Epoch milliseconds (real clock) by which the record must be ready: claim time + SCAN_TIMEOUT_MS. */
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
  const gatherEndsAt = options.deadlineAt - auditReserveMs(options.scanTimeoutMs);
  const gatherSignal = AbortSignal.any([options.signal, AbortSignal.timeout(Math.max(0, gatherEndsAt - Date.now()))]);
  const scanning = analyzer.scan({
    domain: target.domain,
    ...(target.targetUrl ? { url: target.targetUrl } : {}),
    ...(typeof target.pages === "number" ? { pages: target.pages } : {}),
    fetcher: options.fetcher,
    signal: gatherSignal,
    offsite: options.offsite,
    ...(options.probeSigning ? { probeSigning: options.probeSigning } : {}),
    ...(options.crawlConcurrency ? { crawlConcurrency: options.crawlConcurrency } : {}),
    now: () => new Date(options.now()),
    ...(options.progress ? { progress: options.progress } : {}),
  });
  try {
    const output = await withSafetyNet(scanning, options.deadlineAt + safetyNetMs(options.scanTimeoutMs));
    return { kind: "record", row: rowOf(analyzer, output.record, output.artifacts, output.pages) };
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

export function rowOf(analyzer: Analyzer<AnyRecord>, record: AnyRecord, artifacts: unknown, pages?: readonly PageVerdict[]): ScanRow {
  return {
    status: record.status,
    score: analyzer.scoreOf(record),
    ...recordFacts(record),
    scannedAt: Date.parse(record.scannedAt),
    recordJson: JSON.stringify(record),
    artifactsJson: encodeArtifacts(artifacts),
    pages: storedPageVerdicts(pages),
  };
}

/**
 * The scan must end with a stored record within SCAN_TIMEOUT_MS + 5%. Gathering stops 5% before
 * SCAN_TIMEOUT_MS, leaving the audits, scoring and the write that time (at most a second: they take
 * milliseconds on ordinary pages, more on a loaded machine or a page cut at its budget).
 */
export function auditReserveMs(scanTimeoutMs: number): number {
  return Math.min(1000, Math.round(scanTimeoutMs * 0.05));
}

/**
 * Only code that ignores the signal, or a thread held up, meets the safety nets: the scan itself gives up
 * 2.5% past SCAN_TIMEOUT_MS with a failed record, and the scan thread's pool stores that record itself at
 * 4% when the thread has not answered (a thread busy in one synchronous parse, or starved of CPU, cannot),
 * and ends the thread only if it does not then drop the scan (scan-thread-pool.ts).
 */
export function safetyNetMs(scanTimeoutMs: number): number {
  return Math.round(scanTimeoutMs * 0.025);
}

class ScanDeadlineError extends Error {}

function withSafetyNet<T>(work: Promise<T>, at: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScanDeadlineError("deadline")), Math.max(0, at - Date.now()));
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
