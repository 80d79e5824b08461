import { scrapeGauge, type ScrapeGauge } from "./scrape-gauge.ts";

/** The queue as one query sees it; shared by every instance on the same database. */
export interface QueueStats {
  queued: number;
  running: number;
  /** When the oldest job still waiting was queued (ms since the epoch); null when none waits or it is not known. */
  oldestQueuedCreatedAt: number | null;
}

/**
 * Queue depth by state, and how long the oldest waiting job has waited: the age is what an alert
 * should watch, since a deep queue that moves is fine and a shallow one that does not is not.
 */
export function queueGauges(stats: QueueStats, now: number): ScrapeGauge[] {
  return [
    scrapeGauge({
      name: "sightline_queue_jobs",
      help: "Scan jobs in the shared queue, by state: queued (waiting) or running (claimed by a worker of any instance).",
      labelNames: ["state"],
      collect: () => [
        { labelValues: ["queued"], value: stats.queued },
        { labelValues: ["running"], value: stats.running },
      ],
    }),
    scrapeGauge({
      name: "sightline_queue_oldest_job_age_seconds",
      help: "Seconds the oldest queued scan job has waited; 0 when none waits, absent when the age is not known.",
      labelNames: [],
      collect: () => {
        if (stats.oldestQueuedCreatedAt !== null) return [{ labelValues: [], value: Math.max(0, (now - stats.oldestQueuedCreatedAt) / 1000) }];
        // No sample rather than a made-up 0 while jobs wait: an alert on a missing age then fires on absent(), not never.
        return stats.queued === 0 ? [{ labelValues: [], value: 0 }] : [];
      },
    }),
  ];
}
