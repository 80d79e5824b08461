import type { ServiceName } from "./analyzers/analyzer.ts";
import { Elysia } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import type { ChallengeVerifier } from "./auth/challenge.ts";
import type { Log } from "./log.ts";
import type { ScanApiDeps } from "./scans/scan-api.ts";
import type { Db } from "./store/database.ts";
import type { Config } from "./config.ts";
import type { ReportResponder } from "./http/report-routes.ts";
import { scanRoutes } from "./http/scan-routes.ts";
import { reportRoutes } from "./http/report-routes.ts";
import { pagesRoutes } from "./http/pages-routes.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { challengeRoutes } from "./http/challenge-routes.ts";
import { docsRoutes } from "./http/docs-routes.ts";
import { assetRoutes } from "./http/asset-routes.ts";
import { siteRoutes } from "./http/site-routes.ts";
import { pageRoutes } from "./http/page-routes.ts";
import { badgeRoutes } from "./http/badge-routes.ts";
import { accountRoutes } from "./http/account-routes.ts";
import { adminRoutes } from "./http/admin-routes.ts";
import { mcpRoutes } from "./http/mcp-routes.ts";
import { metricsRoutes } from "./http/metrics-routes.ts";
import { checkRoutes } from "./http/check-routes.ts";
import { answersRoutes } from "./http/answers-routes.ts";
import type { AnswerRunDeps } from "./answers/answer-runs.ts";
import type { AlertsApiDeps } from "./answers/alerts/alerts-api.ts";
import { signaturesDirectoryRoutes } from "./http/signatures-directory-routes.ts";
import type { ProbeSigning } from "./net/web-bot-auth.ts";
import { setMatchedRoute } from "./http/matched-route.ts";
import { keepUndecodableParams } from "./http/path-params.ts";
import { createFallbackErrors } from "./http/fallback-errors.ts";
import { errorResponse } from "./http/json-response.ts";

export interface AppDeps {
  /** The whole validated configuration, for routes that need a setting (PUBLIC_URL, CHALLENGE, …). */
  config: Config;
  db: Db;
  log: Log;
  service: ServiceName;
  version: string;
  publicUrl: string;
  trustProxy: number;
  recordSchema: TSchema;
  scanApi: ScanApiDeps;
  challenge: ChallengeVerifier;
  report: ReportResponder;
  /** Who scan and check processes run as (SCAN_USER), when not the server's own user. */
  scanUser?: { uid: number; gid: number };
  /** The AI answer engines and budgets (src/answers/); the routes take the scan API's authenticator. */
  answers: AnswerRunDeps;
  /** Where a watch's alerts go, and the delivery log (src/answers/alerts/). */
  alerts: AlertsApiDeps;
  /** The text of one /metrics scrape (src/metrics/metrics-scrape.ts). */
  scrapeMetrics: () => Promise<string>;
  /** With SIGNED_PROBES=on: the probe-signing key, whose public half is served as a key directory. */
  probeSigning?: ProbeSigning | null;
}

const TITLES = {
  visibility: {
    title: "sightline AI visibility scanner",
    description: "Scans a domain and reports how well AI assistants and answer engines can reach, read, understand and cite it.",
  },
  schema: {
    title: "sightline schema markup generator",
    description: "Analyses a URL, reports its structured data with errors and rich-result eligibility, and generates schema.org JSON-LD.",
  },
} as const;

/** Composes the HTTP app from the route plugins. Routes hold no logic; errors are always JSON. */
export function createApp(deps: AppDeps) {
  // The error hook comes first so that it covers every route; it reads the route table, complete
  // once the chain below has run, on the first error.
  let routes: readonly { method: string; path: string }[] = [];
  let fallback: ReturnType<typeof createFallbackErrors> | undefined;
  const app = new Elysia()
    .onError(({ code, error, request }) => {
      fallback ??= createFallbackErrors(routes, deps.log);
      if (code === "NOT_FOUND") return fallback.notFound(request);
      if (code === "PARSE") return errorResponse(400, "Request body could not be parsed.");
      if (code === "VALIDATION") return errorResponse(400, "Request is not valid.");
      return fallback.internal(request, error);
    })
    // Every matched request, before validation, so that a 400 is counted under its route too; a path
    // parameter that does not percent-decode is passed on as sent (path-params.ts).
    .onTransform(({ request, route, params }) => {
      setMatchedRoute(request, route);
      keepUndecodableParams(params, route, request.url);
    })
    .use(docsRoutes({ ...TITLES[deps.service], version: deps.version, publicUrl: deps.publicUrl }))
    .use(healthRoutes({ service: deps.service, version: deps.version }))
    .use(signaturesDirectoryRoutes(deps.probeSigning ?? null))
    .use(metricsRoutes({ token: deps.config.METRICS_TOKEN, scrape: deps.scrapeMetrics }))
    .use(challengeRoutes(deps.challenge))
    .use(scanRoutes({ ...deps.scanApi, trustProxy: deps.trustProxy, recordSchema: deps.recordSchema }))
    // Feature routes: one plugin per file in src/http/, each owning its paths; add one `.use(...)` line each.
    .use(mcpRoutes({ service: deps.service, version: deps.version, publicUrl: deps.publicUrl, trustProxy: deps.trustProxy, db: deps.db, scans: deps.scanApi, authenticator: deps.scanApi.authenticator }))
    .use(accountRoutes(deps))
    .use(adminRoutes(deps))
    .use(reportRoutes({ respond: deps.report, recordSchema: deps.recordSchema, db: deps.db, perPage: deps.service === "schema" }))
    .use(deps.service === "visibility" ? pagesRoutes({ db: deps.db }) : new Elysia())
    .use(assetRoutes())
    .use(siteRoutes({ publicUrl: deps.publicUrl, service: deps.service }))
    .use(pageRoutes({ service: deps.service, config: deps.config, scanApi: deps.scanApi, trustProxy: deps.trustProxy }))
    .use(badgeRoutes({ db: deps.db, service: deps.service }))
    .use(checkRoutes(deps))
    .use(answersRoutes({ ...deps.answers, alerts: deps.alerts, authenticator: deps.scanApi.authenticator, service: deps.service }));
  routes = app.routes;
  return app;
}

export type App = ReturnType<typeof createApp>;
