import type { ServiceName } from "../analyzers/analyzer.ts";
import { scrapeGauge, type ScrapeGauge } from "./scrape-gauge.ts";

/** Read once: the process started before this module loaded, and its start time does not change. */
const PROCESS_START_SECONDS = Date.now() / 1000 - process.uptime();

export interface BuildInfo {
  version: string;
  service: ServiceName;
}

/** The process's memory and start time, and which build and service it runs (a gauge of 1, the Prometheus idiom). */
export function processGauges(build: BuildInfo): ScrapeGauge[] {
  return [
    scrapeGauge({
      name: "sightline_process_resident_memory_bytes",
      help: "Resident memory of this process, in bytes (scan threads included).",
      labelNames: [],
      collect: () => [{ labelValues: [], value: process.memoryUsage.rss() }],
    }),
    scrapeGauge({
      name: "sightline_process_start_time_seconds",
      help: "When this process started, in seconds since the Unix epoch.",
      labelNames: [],
      collect: () => [{ labelValues: [], value: Math.round(PROCESS_START_SECONDS * 1000) / 1000 }],
    }),
    scrapeGauge({
      name: "sightline_build_info",
      help: "Always 1; the labels say which version and service this instance runs.",
      labelNames: ["version", "service"],
      collect: () => [{ labelValues: [build.version, build.service], value: 1 }],
    }),
  ];
}
