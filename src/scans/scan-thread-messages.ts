import type { ServiceName } from "../analyzers/analyzer.ts";
import type { OffsiteEndpoints, ScanProgress } from "../analyzers/analyzer.ts";
import type { ProbeSigning } from "../net/web-bot-auth.ts";
import type { ScanOutcome, ScanTarget } from "./scan-outcome.ts";

/** The messages between the serving thread and a scan thread: plain data only (structured clone). */

/** What a scan thread needs to scan; everything a function would carry is rebuilt from these. */
export interface ScanThreadSettings {
  service: ServiceName;
  schemaVocabulary: string | undefined;
  /** SCAN_CONNECT_TO entries as configured. */
  connectTo: string[];
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  userAgent: string;
  offsite: OffsiteEndpoints;
  /** With SIGNED_PROBES=on only: the probe-signing key, the one secret a scan is given (never logged). */
  probeSigning?: ProbeSigning;
  scanTimeoutMs: number;
  /** CRAWL_CONCURRENCY. */
  crawlConcurrency: number;
  /** The scan's byte budget across all its bodies. */
  scanBudgetBytes: number;
  /** The CPUs scan work runs on (SCAN_CPUS, see scanCpuSet); null: any. */
  cpus: number[] | null;
}

export type ToScanThread =
  | { type: "scan"; scanId: number; target: ScanTarget; deadlineAt: number; settings: ScanThreadSettings }
  | { type: "abort"; scanId: number }
  /** Leave now: the pool no longer uses this thread (its scan was settled without it, or it was idle). */
  | { type: "exit" }
  /** Collect garbage now and report the heap that is left: the last report was over budget, and garbage counts in it. */
  | { type: "collect" };

export type FromScanThread =
  | { type: "progress"; scanId: number; update: ScanProgress }
  | { type: "outcome"; scanId: number; outcome: ScanOutcome }
  /**
   * The thread's own heap (JS objects and the buffers they hold), sent while it scans, with the bytes
   * each of its running scans has read so far (by scan id): what tells which scan holds the most.
   */
  | { type: "memory"; heapBytes: number; bytesRead: Record<number, number>; collected?: true }
  /** A scan process's boundary (sandbox/confine-scan-process.ts), sent once as it starts; a Worker has none. */
  | { type: "confined"; uid: number; noNewPrivs: boolean; seccomp: boolean; problem: string | null }
  /** A scan process's uncaught error, sent just before it exits (a Worker's error event says the same). */
  | { type: "fatal"; error: string };

/** What the pool hears from a scan thread: a process's `fatal` message is turned into its crash by the host. */
export type FromScanThreadToPool = Exclude<FromScanThread, { type: "fatal" }>;
