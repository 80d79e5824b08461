import type { Db } from "../store/database.ts";
import type { QueueStats } from "../metrics/queue-gauges.ts";
import { queueCounts } from "./queue.ts";

/**
 * The queue as /metrics shows it. The age of the oldest queued job needs a store query that does
 * not exist yet, so it is reported as unknown (null) for now; the counts are exact.
 */
export async function queueStatsOf(db: Db): Promise<QueueStats> {
  const counts = await queueCounts(db);
  return { queued: counts.queued, running: counts.running, oldestQueuedCreatedAt: null };
}
