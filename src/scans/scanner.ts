import type { ScanProgress } from "../analyzers/analyzer.ts";
import type { ScanOutcome, ScanTarget } from "./scan-outcome.ts";

/**
 * Where a claimed job's scan runs: in a pool of scan threads (the service), or in the calling thread
 * (the CLI, and tests that fake DNS or the clock). The worker loop and its storage do not care which.
 */
export interface Scanner {
  scan(target: ScanTarget, options: ScanOptions): Promise<ScanOutcome>;
  /** Ends every scan thread; a scan still running resolves as a retry. */
  close(): Promise<void>;
}

export interface ScanOptions {
  /** Epoch milliseconds (real clock) at which gathering must stop: claim time + SCAN_TIMEOUT_MS. */
  deadlineAt: number;
  /** Stop without a record (the worker is stopping, or lost the job's lease). */
  signal: AbortSignal;
  progress: (update: ScanProgress) => void;
}
