import { instanceRegistry } from "./instance-registry.ts";

/** Scans as this instance's worker runs them; called from the worker at the points it logs. */

/** From a small page (about a second) to the longest SCAN_TIMEOUT_MS an operator is likely to set. */
const DURATION_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600];

const started = instanceRegistry.counter(
  "sightline_scans_started_total",
  "Scan attempts this instance's worker started (a retried scan counts once per attempt).",
);
const completed = instanceRegistry.counter("sightline_scans_completed_total", "Scans whose record this instance's worker stored.");
const failed = instanceRegistry.counter(
  "sightline_scans_failed_total",
  "Scans this instance's worker gave up on after their last attempt (a failed record is stored).",
);
const durations = instanceRegistry.histogram(
  "sightline_scan_duration_seconds",
  "Run time of the completed scans' last attempt, from claiming the job to having the record.",
  [],
  DURATION_BUCKETS,
);

export function recordScanStarted(): void {
  started.inc();
}

export function recordScanCompleted(durationMs: number): void {
  completed.inc();
  durations.observe([], durationMs / 1000);
}

export function recordScanFailed(): void {
  failed.inc();
}
