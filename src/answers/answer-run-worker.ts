import { claimDueRun, extendRunLease, failRun } from "../store/answer-runs-repo.ts";
import type { Log } from "../log.ts";
import { carryOutRun, type AnswerRunDeps } from "./answer-runs.ts";
import { startDueRuns } from "./answer-schedules.ts";
import { pollingLoop, type PollingLoop } from "../lib/polling-loop.ts";

/**
 * Every poll, queues the runs of scheduled watches that are due (answer-schedules.ts), then claims
 * queued answer runs one at a time and carries them out, renewing the lease while it works. A run
 * whose instance died is claimed again once its lease expires; it is asked again from the start (its
 * samples are stored only when it completes), and after MAX_ATTEMPTS it is failed instead.
 */
export const LEASE_MS = 120_000;
const HEARTBEAT_MS = 30_000;
export const MAX_ATTEMPTS = 3;

export interface AnswerRunWorker {
  /** Claims and carries out due runs until none is due; resolves to how many it finished. */
  drain(): Promise<number>;
  /** Stops claiming; a run in progress gets `graceMs` to finish, else it is left to its lease (another instance, or the next start, takes it up). */
  stop(graceMs?: number): Promise<void>;
}

export function answerRunWorker(deps: AnswerRunDeps & { log: Log; pollMs?: number }): AnswerRunWorker {
  let background: PollingLoop | undefined;
  const once = async (): Promise<boolean> => {
    const token = crypto.randomUUID();
    const run = await claimDueRun(deps.db, token, deps.now() + LEASE_MS, deps.now());
    if (!run) return false;
    if (run.attempts > MAX_ATTEMPTS) {
      await failRun(deps.db, run.id, token, `Gave up after ${MAX_ATTEMPTS} attempts.`, deps.now());
      return true;
    }
    const heartbeat = setInterval(() => void extendRunLease(deps.db, run.id, token, deps.now() + LEASE_MS, deps.now()).catch(() => undefined), HEARTBEAT_MS);
    try {
      const kept = await carryOutRun(deps, run, token);
      deps.log(kept ? "info" : "warn", kept ? "answer run done" : "answer run lost its lease", { runId: run.id, watchId: run.watchId });
    } catch (error) {
      // Messages from here hold no key: provider errors are scrubbed where they are caught.
      await failRun(deps.db, run.id, token, error instanceof Error ? error.message.slice(0, 300) : "failed", deps.now()).catch(() => undefined);
      deps.log("error", "answer run failed", { runId: run.id });
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  };
  const drain = async () => {
    let finished = 0;
    while (!background?.stopped && (await once())) finished++;
    return finished;
  };
  // Scheduled watches first, so that their runs are claimed in the same round.
  background = pollingLoop(() => startDueRuns(deps, deps.log).then(() => drain()), {
    pollMs: deps.pollMs,
    onError: (error) => deps.log("error", "answer run worker", { error: error instanceof Error ? error.message : String(error) }),
  });
  return { drain, stop: (graceMs) => background!.stop(graceMs) };
}
