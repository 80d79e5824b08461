import { advanceWatch, dueWatch } from "../store/answer-watches-repo.ts";
import type { WatchSchedule } from "../store/answer-watches-repo.ts";
import type { Log } from "../log.ts";
import { enqueueScan } from "../scans/queue.ts";
import { startRun, type AnswerRunDeps, type StartRunResult } from "./answer-runs.ts";

/**
 * Scheduled runs of watched domains, exactly once per period across instances: a due watch is taken,
 * its next time moved past now, a rescan of its domain queued on the durable scan queue (joining one
 * already queued or running) and its run queued, all in one exclusive transaction (PostgreSQL:
 * under the store's advisory lock; SQLite: BEGIN IMMEDIATE), so two instances never both see it due
 * and a crash leaves either nothing done or everything. The times live in the database, so a restart
 * picks up where it was; periods missed while nothing ran give one run, not one per missed period.
 */
const PERIOD_MS: Record<Exclude<WatchSchedule, "none">, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };

/** The first time after `now` on the watch's grid (its previous time plus whole periods). */
export function nextScheduledRun(schedule: Exclude<WatchSchedule, "none">, previous: number, now: number): number {
  const period = PERIOD_MS[schedule];
  return previous + (Math.floor((now - previous) / period) + 1) * period;
}

export interface ScheduledStart {
  watchId: number;
  result: StartRunResult;
}

/** Queues the run of every watch due at `now`; resolves to what each start gave (a budget may refuse). */
export async function startDueRuns(deps: AnswerRunDeps, log: Log, limit = 100): Promise<ScheduledStart[]> {
  const started: ScheduledStart[] = [];
  for (let taken = 0; taken < limit; taken++) {
    const now = deps.now();
    // A plain read first: most polls find nothing due and need not take the exclusive lock.
    if ((await dueWatch(deps.db, now)) === null) break;
    const one = await deps.db.exclusive(async () => {
      const watch = await dueWatch(deps.db, now);
      if (!watch || watch.schedule === "none" || watch.nextRunAt === null) return null;
      if (!(await advanceWatch(deps.db, watch.id, watch.nextRunAt, nextScheduledRun(watch.schedule, watch.nextRunAt, now)))) return { watchId: watch.id, result: null };
      // The rescan does not wait on the prompts: a watch without prompts or engines still follows its site.
      await enqueueScan(deps.db, watch.domain, { kind: "schedule" }, now, null, deps.scheduledScanPages ?? null);
      return { watchId: watch.id, result: await startRun(deps, watch.userId, watch.id, "schedule") };
    });
    if (one === null) break;
    if (one.result === null) continue;
    if (!one.result.ok) log("warn", "scheduled answer run refused", { watchId: one.watchId, reason: one.result.error });
    started.push({ watchId: one.watchId, result: one.result });
  }
  return started;
}
