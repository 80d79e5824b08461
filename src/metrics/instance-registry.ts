import { MetricsRegistry } from "./metrics-registry.ts";

/**
 * The registry of this process: each instance behind a load balancer is scraped on its own, so the
 * counters are per process, as Prometheus expects. Module-level so that a one-line call can count an
 * event wherever it happens (the worker, the store) without threading a handle through every layer.
 */
export const instanceRegistry = new MetricsRegistry();
