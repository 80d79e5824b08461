import type { Db } from "../store/database.ts";
import type { QueueStats } from "../metrics/queue-gauges.ts";
import { oldestQueuedJobCreatedAt } from "../store/jobs-repo.ts";
import { queueCounts } from "./queue.ts";

/** The queue as /metrics shows it: every instance reads the same shared queue. */
export async function queueStatsOf(db: Db): Promise<QueueStats> {
  const counts = await queueCounts(db);
  return { queued: counts.queued, running: counts.running, oldestQueuedCreatedAt: await oldestQueuedJobCreatedAt(db) };
}
