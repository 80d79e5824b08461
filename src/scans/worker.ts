import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../store/database.ts";
import type { Log } from "../log.ts";
import { recordScanCompleted, recordScanFailed, recordScanStarted } from "../metrics/scan-metrics.ts";
import { claimNextJob, completeJob, giveUpJob, releaseJob, renewLease, retryJob, type ClaimedJob } from "./queue.ts";

/**
 * The background worker: claims jobs from the durable queue, runs up to `concurrency` of them at
 * once, keeps their leases alive, and records each outcome (done, retry later, or given up).
 *
 * A job's outcome is written only while our lease still holds it; if the lease was lost (this process
 * stalled and another worker took the job over) the result is dropped and the new holder's stands.
 */

export type JobResult = { kind: "done"; store: () => Promise<void> } | { kind: "retry"; error: string };

export interface WorkerOptions {
  db: Db;
  concurrency: number;
  runJob: (job: ClaimedJob, signal: AbortSignal) => Promise<JobResult>;
  /** Stores the failed record of a job given up on; runs inside the transaction that marks it failed. */
  onGiveUp: (job: ClaimedJob, reason: string) => Promise<void>;
  log: Log;
  now: () => number;
  /** How long a claim holds a job without a heartbeat before another worker may take it over. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How often an idle worker looks for due jobs (new jobs also arrive through `wake`). */
  pollMs?: number;
  maxAttempts?: number;
  /** Milliseconds to wait before attempt `attempts + 1`, given the attempt that just failed. */
  backoff?: (attempts: number) => number;
}

export interface Worker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, gives running jobs `graceMs` to finish, then aborts and releases the rest. */
  stop(graceMs: number): Promise<void>;
  readonly running: number;
}

/** 2 s, 4 s, 8 s … capped at a minute, each scaled by a random 0.5–1 so that retries do not stampede. */
export function defaultBackoff(attempts: number): number {
  const base = Math.min(60_000, 2000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + Math.random() * 0.5));
}

interface ActiveJob {
  job: ClaimedJob;
  controller: AbortController;
  settled: Promise<void>;
  /** Set once the job is no longer ours to write: released at stop, or its lease was lost. */
  abandoned: boolean;
  /** Set while its outcome is being written: a lease that then stops renewing was ended by us, not lost. */
  recording: boolean;
}

export function startWorker(options: WorkerOptions): Worker {
  const { db, concurrency, runJob, onGiveUp, log, now } = options;
  const leaseMs = options.leaseMs ?? 15_000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const pollMs = options.pollMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoff = options.backoff ?? defaultBackoff;

  const active = new Map<number, ActiveJob>();
  let stopping: Promise<void> | null = null;
  let fillQueued = false;
  /** The fill in progress, which a stop waits for: a claim in flight ends as a job we hold or hand back. */
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  // The worker's own work runs in the async context it was started in, never in that of whoever woke
  // it: a wake() from inside a caller's transaction must not make the claim part of that transaction.
  const detached = AsyncLocalStorage.snapshot();

  const pollTimer = setInterval(() => detached(fill), pollMs);
  const heartbeatTimer = setInterval(() => detached(heartbeat), heartbeatMs);
  // Neither timer should keep a process alive that has nothing else to do.
  pollTimer.unref();
  heartbeatTimer.unref();
  scheduleFill();

  function scheduleFill(): void {
    if (fillQueued || stopping) return;
    fillQueued = true;
    setTimeout(() => {
      fillQueued = false;
      detached(fill);
    }, 0).unref();
  }

  /** One fill at a time: claims are awaited, and two overlapping fills would take more than `concurrency` jobs. */
  function fill(): Promise<void> {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = (async () => {
      try {
        do {
          fillAgain = false;
          await claimUpToConcurrency();
        } while (fillAgain && !stopping);
      } finally {
        filling = null;
      }
    })();
    return filling;
  }

  async function claimUpToConcurrency(): Promise<void> {
    while (!stopping && active.size < concurrency) {
      const job = await claimSafely();
      if (!job) return;
      if (stopping) {
        // Stopped while the claim was in flight: hand the job straight back.
        await releaseSafely(job);
        return;
      }
      if (job.attempts > maxAttempts) {
        // Its previous holder died mid-attempt (the lease ran out) and that was the last attempt allowed.
        await giveUp(job, `The scan was interrupted on its last attempt (${maxAttempts} allowed).`);
        continue;
      }
      launch(job);
    }
  }

  async function claimSafely(): Promise<ClaimedJob | null> {
    try {
      return await claimNextJob(db, now(), leaseMs);
    } catch (error) {
      log("error", "could not claim a scan job", { error: messageOf(error) });
      return null;
    }
  }

  function launch(job: ClaimedJob): void {
    const controller = new AbortController();
    const entry: ActiveJob = { job, controller, settled: Promise.resolve(), abandoned: false, recording: false };
    active.set(job.id, entry);
    log("info", "scan job started", { jobId: job.id, domain: job.domain, attempt: job.attempts });
    recordScanStarted();
    const startedAt = now();
    entry.settled = runSafely(job, controller.signal)
      .then(async (result) => {
        if (entry.abandoned) return;
        entry.recording = true;
        await record(job, result, now() - startedAt);
      })
      .catch((error) => log("error", "could not record a scan job's outcome", { jobId: job.id, domain: job.domain, error: messageOf(error) }))
      .finally(() => {
        active.delete(job.id);
        scheduleFill();
      });
  }

  async function runSafely(job: ClaimedJob, signal: AbortSignal): Promise<JobResult> {
    try {
      return await runJob(job, signal);
    } catch (error) {
      return { kind: "retry", error: messageOf(error) };
    }
  }

  async function record(job: ClaimedJob, result: JobResult, durationMs: number): Promise<void> {
    if (result.kind === "retry") return retryOrGiveUp(job, result.error);
    let completed: boolean;
    try {
      completed = await completeJob(db, job, now(), result.store);
    } catch (error) {
      // Nothing was stored: the transaction rolled back with the job still ours.
      return retryOrGiveUp(job, `Storing the result failed: ${messageOf(error)}`);
    }
    if (completed) log("info", "scan job finished", { jobId: job.id, domain: job.domain, attempt: job.attempts, durationMs });
    if (completed) recordScanCompleted(durationMs);
    else log("warn", "scan job result dropped: its lease was lost", { jobId: job.id, domain: job.domain });
  }

  async function retryOrGiveUp(job: ClaimedJob, error: string): Promise<void> {
    if (job.attempts >= maxAttempts) return giveUp(job, error);
    const delayMs = Math.max(0, backoff(job.attempts));
    const at = now();
    if (await retryJob(db, job, error, at + delayMs, at)) {
      log("warn", "scan job will be retried", { jobId: job.id, domain: job.domain, attempt: job.attempts, delayMs, error });
    } else {
      log("warn", "scan job retry dropped: its lease was lost", { jobId: job.id, domain: job.domain });
    }
  }

  async function giveUp(job: ClaimedJob, reason: string): Promise<void> {
    let givenUp: boolean;
    try {
      givenUp = await giveUpJob(db, job, reason, now(), () => onGiveUp(job, reason));
    } catch (error) {
      // Without its failed record the job must still end, or it would be retried for ever.
      log("error", "could not store the failed record of a scan job", { jobId: job.id, domain: job.domain, error: messageOf(error) });
      givenUp = await endWithoutRecord(job, reason);
    }
    if (givenUp) log("warn", "scan job given up", { jobId: job.id, domain: job.domain, attempts: job.attempts, error: reason });
    if (givenUp) recordScanFailed();
  }

  async function endWithoutRecord(job: ClaimedJob, reason: string): Promise<boolean> {
    try {
      return await giveUpJob(db, job, reason, now(), async () => {});
    } catch (error) {
      // The lease will run out and the next claim gives the job up again.
      log("error", "could not mark a scan job failed", { jobId: job.id, domain: job.domain, error: messageOf(error) });
      return false;
    }
  }

  async function heartbeat(): Promise<void> {
    for (const entry of [...active.values()]) {
      if (entry.abandoned || entry.recording) continue;
      let renewed: boolean;
      try {
        renewed = await renewLease(db, entry.job, now(), leaseMs);
      } catch (error) {
        // A busy database is not a lost lease; the next heartbeat tries again.
        log("error", "could not renew a scan job's lease", { jobId: entry.job.id, error: messageOf(error) });
        continue;
      }
      if (!renewed && !entry.abandoned && !entry.recording) {
        entry.abandoned = true;
        entry.controller.abort(new Error("The job's lease was lost to another worker."));
        log("warn", "scan job lease lost; abandoning it", { jobId: entry.job.id, domain: entry.job.domain });
      }
    }
  }

  async function shutDown(graceMs: number): Promise<void> {
    clearInterval(pollTimer);
    if (filling) await filling;
    if (active.size > 0) await settledOrTimeout([...active.values()].map((entry) => entry.settled), graceMs);
    for (const entry of active.values()) {
      if (entry.abandoned) continue;
      entry.abandoned = true;
      entry.controller.abort(new Error("The worker is stopping."));
      await releaseSafely(entry.job);
    }
    clearInterval(heartbeatTimer);
  }

  async function releaseSafely(job: ClaimedJob): Promise<void> {
    try {
      if (await releaseJob(db, job, now())) log("info", "scan job released at shutdown", { jobId: job.id, domain: job.domain });
    } catch (error) {
      log("error", "could not release a scan job at shutdown", { jobId: job.id, error: messageOf(error) });
    }
  }

  return {
    wake: scheduleFill,
    stop(graceMs) {
      stopping ??= shutDown(graceMs);
      return stopping;
    },
    get running() {
      return active.size;
    },
  };
}

/** Resolves when every promise has settled or after `ms`, whichever is first. */
function settledOrTimeout(promises: Promise<unknown>[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(promises).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
