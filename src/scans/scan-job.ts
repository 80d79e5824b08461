import type { Analyzer, OffsiteEndpoints } from "../analyzers/analyzer.ts";
import { TransientScanError } from "../analyzers/analyzer.ts";
import type { Log } from "../log.ts";
import type { SafeFetcher } from "../net/fetch-types.ts";
import type { Db } from "../store/database.ts";
import { setJobProgress } from "../store/jobs-repo.ts";
import { insertScan } from "../store/scans-repo.ts";
import type { ClaimedJob } from "./queue.ts";
import { throttledProgress } from "./throttled-progress.ts";
import type { JobResult } from "./worker.ts";

/**
 * Runs one claimed job through the service's analyzer and hands the worker a `store` step, which it
 * runs inside the same transaction that completes the job: the record and the completion land together.
 */

type AnyRecord = { domain: string; status: "ok" | "failed"; scannedAt: string };

export interface ScanJobDeps {
  db: Db;
  analyzer: Analyzer<AnyRecord>;
  fetcher: SafeFetcher;
  offsite: OffsiteEndpoints;
  scanTimeoutMs: number;
  now: () => number;
  /** Where a failing progress write is reported; optional so that tests can leave it out. */
  log?: Log;
}

export async function runScanJob(deps: ScanJobDeps, job: ClaimedJob, workerSignal: AbortSignal): Promise<JobResult> {
  const deadline = AbortSignal.any([workerSignal, AbortSignal.timeout(deps.scanTimeoutMs)]);
  // Written under the job's lease, so a worker that lost the job cannot overwrite its new holder's progress.
  const progress = throttledProgress((update) => setJobProgress(deps.db, job.id, job.leaseToken, JSON.stringify(update), deps.now()), {
    onError: (error) => deps.log?.("warn", "could not record a scan's progress", { jobId: job.id, error: String(error) }),
  });
  const scanning = deps.analyzer.scan({
    domain: job.domain,
    ...(job.targetUrl ? { url: job.targetUrl } : {}),
    fetcher: deps.fetcher,
    signal: deadline,
    offsite: deps.offsite,
    now: () => new Date(deps.now()),
    progress: progress.report,
  });
  try {
    const output = await withHardDeadline(scanning, deadline, deps.scanTimeoutMs);
    if (workerSignal.aborted) return { kind: "retry", error: "The worker stopped during the scan." };
    return {
      kind: "done",
      store: () => storeRecord(deps, job, output.record, output.artifacts),
    };
  } catch (error) {
    if (workerSignal.aborted) return { kind: "retry", error: "The worker stopped during the scan." };
    if (error instanceof ScanDeadlineError) {
      const record = deps.analyzer.failedRecord(job.domain, error.message, new Date(deps.now()));
      return { kind: "done", store: () => storeRecord(deps, job, record, null) };
    }
    const message = error instanceof TransientScanError ? error.message : `Unexpected error: ${String(error)}`;
    return { kind: "retry", error: message };
  } finally {
    progress.stop();
  }
}

/** Stores the failed record after the worker has given up on a job. */
export function storeGivenUpRecord(deps: Pick<ScanJobDeps, "db" | "analyzer" | "now">, job: ClaimedJob, reason: string): void {
  const record = deps.analyzer.failedRecord(job.domain, `The scan could not be completed: ${reason}`, new Date(deps.now()));
  storeRecord(deps, job, record, null);
}

function storeRecord(deps: Pick<ScanJobDeps, "db" | "analyzer">, job: ClaimedJob, record: AnyRecord, artifacts: unknown): void {
  insertScan(deps.db, {
    domain: job.domain,
    status: record.status,
    score: deps.analyzer.scoreOf(record),
    scannedAt: Date.parse(record.scannedAt),
    recordJson: JSON.stringify(record),
    artifactsJson: artifacts === null || artifacts === undefined ? null : JSON.stringify(artifacts),
    callerKind: job.caller.kind,
    apiKeyId: job.caller.apiKeyId,
  });
}

class ScanDeadlineError extends Error {}

/**
 * Gatherers honour the deadline signal, but a scan must end even if some code ignores it: after the
 * deadline plus a short grace the job is finished with a failed record.
 */
function withHardDeadline<T>(work: Promise<T>, deadline: AbortSignal, timeoutMs: number): Promise<T> {
  const graceMs = 2000;
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      timer = setTimeout(
        () => reject(new ScanDeadlineError(`The scan did not finish within ${Math.round(timeoutMs / 1000)} seconds.`)),
        graceMs,
      );
    };
    if (deadline.aborted) onAbort();
    else deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      deadline.removeEventListener("abort", onAbort);
    });
  });
}
