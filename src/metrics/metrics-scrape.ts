import { instanceRegistry } from "./instance-registry.ts";
import { processGauges, type BuildInfo } from "./process-gauges.ts";
import { queueGauges, type QueueStats } from "./queue-gauges.ts";
// Imported for their registrations, so that every family is exposed (at 0) from the first scrape.
import "./http-metrics.ts";
import "./scan-metrics.ts";
import "./rate-limit-metrics.ts";
import "./challenge-metrics.ts";
import "./database-metrics.ts";

export interface MetricsScrapeDeps {
  build: BuildInfo;
  /** Read on each scrape; the store answers it (one query, whichever engine). */
  queueStats: () => Promise<QueueStats>;
  now: () => number;
}

/** The text of one scrape of this instance: its counters and histograms, and the gauges read now. */
export function createMetricsScrape(deps: MetricsScrapeDeps): () => Promise<string> {
  return async () => {
    const stats = await deps.queueStats();
    return instanceRegistry.render([...queueGauges(stats, deps.now()), ...processGauges(deps.build)]);
  };
}
