import type { Analyzer } from "../analyzers/analyzer.ts";
import type { Log } from "../log.ts";
import type { Db } from "../store/database.ts";
import { setJobProgress } from "../store/jobs-repo.ts";
import { insertScan } from "../store/scans-repo.ts";
import type { ClaimedJob } from "./queue.ts";
import { rowOf, type AnyRecord } from "./run-scan.ts";
import type { ScanRow } from "./scan-outcome.ts";
import type { Scanner } from "./scanner.ts";
import { throttledProgress } from "./throttled-progress.ts";
import type { JobResult } from "./worker.ts";

/**
 * Runs one claimed job through the scanner and hands the worker a `store` step, which it runs inside
 * the same transaction that completes the job: the record and the completion land together. The scan
 * itself may run on another thread; its progress and record come back here, to the thread that owns
 * the database.
 */

export interface ScanJobDeps {
  db: Db;
  /** For the failed record of a job given up on; scans themselves go through `scanner`. */
  analyzer: Analyzer<AnyRecord>;
  scanner: Scanner;
  scanTimeoutMs: number;
  now: () => number;
  /** Where a failing progress write is reported; optional so that tests can leave it out. */
  log?: Log;
}

export async function runScanJob(deps: ScanJobDeps, job: ClaimedJob, workerSignal: AbortSignal): Promise<JobResult> {
  // Written under the job's lease, so a worker that lost the job cannot overwrite its new holder's progress.
  const progress = throttledProgress((update) => setJobProgress(deps.db, job.id, job.leaseToken, JSON.stringify(update), deps.now()), {
    onError: (error) => deps.log?.("warn", "could not record a scan's progress", { jobId: job.id, error: String(error) }),
  });
  try {
    const outcome = await deps.scanner.scan(
      { domain: job.domain, targetUrl: job.targetUrl, pages: job.pages },
      // The real clock: deadlines are measured, while `now` (injectable) only dates records.
      { deadlineAt: Date.now() + deps.scanTimeoutMs, signal: workerSignal, progress: progress.report },
    );
    if (workerSignal.aborted) return { kind: "retry", error: "The worker stopped during the scan." };
    if (outcome.kind === "retry") return outcome;
    return { kind: "done", store: () => storeRow(deps.db, job, outcome.row) };
  } finally {
    progress.stop();
  }
}

/** Stores the failed record after the worker has given up on a job. */
export async function storeGivenUpRecord(deps: Pick<ScanJobDeps, "db" | "analyzer" | "now">, job: ClaimedJob, reason: string): Promise<void> {
  const record = deps.analyzer.failedRecord(job.domain, `The scan could not be completed: ${reason}`, new Date(deps.now()));
  await storeRow(deps.db, job, rowOf(deps.analyzer, record, null));
}

/** The record is kept under the page the job was queued for (jobs of per-domain services carry none). */
async function storeRow(db: Db, job: ClaimedJob, row: ScanRow): Promise<void> {
  await insertScan(db, { domain: job.domain, pageUrl: job.targetUrl, pagesBudget: job.pages, ...row, caller: job.caller });
}
