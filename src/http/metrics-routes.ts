import { Elysia } from "elysia";
import { EXPOSITION_CONTENT_TYPE } from "../metrics/exposition-format.ts";
import { createMetricsAuthorizer } from "../metrics/metrics-authorizer.ts";
import { errorResponse } from "./json-response.ts";

export interface MetricsRoutesDeps {
  /** METRICS_TOKEN; unset leaves /metrics public (for a scraper on a private network). */
  token: string | undefined;
  scrape: () => Promise<string>;
}

/** GET /metrics: this instance's metrics in the Prometheus text format (version 0.0.4). */
export function metricsRoutes(deps: MetricsRoutesDeps) {
  const authorized = createMetricsAuthorizer(deps.token);
  return new Elysia({ name: "metrics-routes" }).get(
    "/metrics",
    async ({ request }) => {
      if (!authorized(request.headers.get("authorization"))) {
        return errorResponse(401, "Unauthorized", {}, { "www-authenticate": 'Bearer realm="metrics"' });
      }
      return new Response(await deps.scrape(), { headers: { "content-type": EXPOSITION_CONTENT_TYPE, "cache-control": "no-store" } });
    },
    {
      detail: {
        tags: ["Operations"],
        summary: "This instance's metrics, in the Prometheus text format",
        description:
          "Counters, histograms and gauges of the instance that answers (scrape each instance on its own). " +
          "When `METRICS_TOKEN` is set, send it as `Authorization: Bearer <token>`; otherwise the endpoint is public.",
        responses: {
          200: { description: "The metrics, as `text/plain; version=0.0.4; charset=utf-8`." },
          401: { description: "METRICS_TOKEN is set and the request did not carry it: `{ \"error\": \"Unauthorized\" }`." },
        },
      } as never,
    },
  );
}
