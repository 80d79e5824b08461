import type { Analyzer, OffsiteEndpoints } from "../analyzers/analyzer.ts";
import type { SafeFetcher } from "../net/fetch-types.ts";
import type { ProbeSigning } from "../net/web-bot-auth.ts";
import { runScan, type AnyRecord } from "./run-scan.ts";
import type { Scanner } from "./scanner.ts";

/**
 * Scans on the calling thread. Used where a function must reach the scan, which no thread boundary
 * carries: tests that fake DNS or the clock, and one-off CLI scans that have no server to protect.
 */
export function inProcessScanner(options: {
  analyzer: Analyzer<AnyRecord>;
  fetcher: SafeFetcher;
  offsite: OffsiteEndpoints;
  probeSigning?: ProbeSigning;
  crawlConcurrency?: number;
  scanTimeoutMs: number;
  now: () => number;
}): Scanner {
  return {
    scan(target, scan) {
      return runScan(target, { ...options, deadlineAt: scan.deadlineAt, signal: scan.signal, progress: scan.progress });
    },
    async close() {},
  };
}
