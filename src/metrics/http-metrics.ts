import { instanceRegistry } from "./instance-registry.ts";

/**
 * HTTP requests by route pattern (`/api/report/:domain`, never the raw path) so that the number of
 * series stays bounded whatever URLs clients invent; a path no route matched is "unmatched".
 */
export const UNMATCHED_ROUTE = "unmatched";

/** Prometheus' default buckets: from 5 ms (a cached report) to 10 s (a slow page or MCP call). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Any other method (clients may send anything) is counted as "other", again to bound the series. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const requests = instanceRegistry.counter(
  "sightline_http_requests_total",
  "HTTP requests answered, by route pattern, method and status code.",
  ["route", "method", "status"],
);
const durations = instanceRegistry.histogram(
  "sightline_http_request_duration_seconds",
  "Time from receiving a request to having its response ready, by route pattern and method.",
  ["route", "method"],
  DURATION_BUCKETS,
);

/** One label string per status code, made once: the hot path then allocates no string for it. */
const statusLabels: string[] = [];

export function recordHttpRequest(route: string | null, method: string, status: number, seconds: number): void {
  const routeLabel = route ?? UNMATCHED_ROUTE;
  const methodLabel = KNOWN_METHODS.has(method) ? method : "other";
  const statusLabel = (statusLabels[status] ??= String(status));
  requests.inc([routeLabel, methodLabel, statusLabel]);
  durations.observe([routeLabel, methodLabel], seconds);
}
