import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia } from "elysia";
import { Type as T } from "@sinclair/typebox";
import { type Config, scanProcessEnv } from "../config.ts";
import { SchemaResultSchema } from "../analyzers/schema/record-schema.ts";
import { resolveClientIp } from "../limits/client-ip.ts";
import { type CheckApiDeps, handleCheckApi, maxCheckBodyBytes } from "../scans/check-api.ts";
import { checkInThread } from "../scans/check-in-thread.ts";
import { scanCpuSet } from "../scans/thread-priority.ts";
import { CheckRequestBody } from "../scans/check-request-body.ts";
import type { ScanApiDeps } from "../scans/scan-api.ts";
import { ErrorBody, RateLimitedBody, UnauthorizedBody, VerificationFailedBody } from "./api-schemas.ts";
import { clientAddressOf } from "./client-address.ts";
import { jsonResponse, rawJsonResponse } from "./json-response.ts";
import { pastePageRoutes } from "./paste-page-routes.ts";
import { readJsonBody } from "./read-json-body.ts";

const CheckedBody = T.Object(
  {
    input: T.Union([T.Literal("html"), T.Literal("jsonld")], { description: "How the markup was read: as an HTML page, or as JSON-LD (one script block)." }),
    checkedAt: T.String({ description: "When the check ran, ISO 8601 in UTC." }),
    result: SchemaResultSchema,
    address: T.Object(
      {
        url: T.Union([T.String(), T.Null()], { description: "The page's address as the check took it: the `url` sent, else the pasted page's canonical link, else its og:url; null when none of them gives one." }),
        source: T.Union([T.Literal("given"), T.Literal("canonical"), T.Literal("og:url"), T.Null()], { description: "Where `url` came from." }),
        notice: T.Union([T.String(), T.Null()], {
          description: "Set when the paste states no address and none was sent, and markup would have been suggested: the suggested graph is built on the page's address, so `result.generated` is empty until `url` is sent.",
        }),
      },
      { description: "The address the pasted page was taken to have. The check never invents one: without it, nothing built on the address is suggested." },
    ),
  },
  { description: "The analysis of the pasted markup, as a scan's `result`. Not stored: it is in this answer only." },
);

export interface CheckRoutesDeps {
  service: ServiceName;
  config: Pick<Config, "FETCH_MAX_BYTES" | "SCAN_TIMEOUT_MS" | "SCAN_CPUS" | "SCAN_ISOLATION" | "SCHEMA_VOCABULARY" | "CHALLENGE" | "TURNSTILE_SITE_KEY" | "PUBLIC_URL">;
  scanApi: ScanApiDeps;
  trustProxy: number;
  scanUser?: { uid: number; gid: number };
}

/**
 * POST /api/check and the paste form (/check): the schema service's one-off check of pasted HTML or
 * JSON-LD (an API extension; the visibility service has nothing to check without a site and serves none).
 */
export function checkRoutes(deps: CheckRoutesDeps) {
  if (deps.service !== "schema") return new Elysia();
  const api: CheckApiDeps = {
    authenticator: deps.scanApi.authenticator,
    db: deps.scanApi.db,
    limits: deps.scanApi.limits,
    now: deps.scanApi.now,
    maxBytes: deps.config.FETCH_MAX_BYTES,
    analyse: checkInThread({
      vocabularyFile: deps.config.SCHEMA_VOCABULARY,
      timeoutMs: deps.config.SCAN_TIMEOUT_MS,
      cpus: scanCpuSet(deps.config.SCAN_CPUS),
      now: deps.scanApi.now,
      // Checks run where scans do: with SCAN_ISOLATION=process (the default) a paste's parse is never in the server's memory.
      isolation: deps.config.SCAN_ISOLATION,
      env: scanProcessEnv(process.env),
      ...(deps.scanUser ? { user: deps.scanUser } : {}),
    }),
  };
  const maxBody = maxCheckBodyBytes(api.maxBytes);
  return new Elysia()
    .post(
      "/api/check",
      async ({ request }) => {
        const answer = await handleCheckApi(api, {
          authorization: request.headers.get("authorization"),
          body: await readJsonBody(request, maxBody),
          clientIp: resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), deps.trustProxy),
        });
        const headers = { "cache-control": "no-store", ...answer.headers };
        // Serialised and encoded in the check thread: the serving thread sends the bytes as they are (see FromCheckThread).
        if (answer.status === 200) return rawJsonResponse(answer.body, 200, headers);
        if (answer.status === 429) return jsonResponse({ error: answer.error, retryAfterSeconds: answer.retryAfterSeconds }, 429, headers);
        return jsonResponse(answer.hint ? { error: answer.error, hint: answer.hint } : { error: answer.error }, answer.status, headers);
      },
      {
        // The body is read by hand, as for POST /api/scan: authentication comes first, and its size is capped.
        parse: "none",
        detail: {
          tags: ["Scans"],
          summary: "Check pasted HTML or JSON-LD once",
          description:
            "Runs the same analysis as a scan (extraction, validation, rich-result eligibility, suggested JSON-LD) on markup sent in the body. " +
            "Nothing is fetched and nothing is stored; the answer is the only copy. Send exactly one of `html`, `jsonld` or `markup` (detected). " +
            `Authenticate as for POST /api/scan. At most FETCH_MAX_BYTES (${api.maxBytes} bytes here) of markup; checks count per client IP ` +
            "(anonymous, browser and pipeline callers) or per API key with the same hourly quotas as fresh scans, in buckets of their own.",
          requestBody: { required: true, content: { "application/json": { schema: CheckRequestBody } } },
          responses: {
            200: { description: "The analysis.", content: { "application/json": { schema: CheckedBody } } },
            400: { description: "A malformed body, no markup or empty markup, or a bad url.", content: { "application/json": { schema: ErrorBody } } },
            401: { description: "An Authorization header was sent but the token did not match.", content: { "application/json": { schema: UnauthorizedBody } } },
            403: { description: "No Authorization header, and the challengeToken was missing or invalid.", content: { "application/json": { schema: VerificationFailedBody } } },
            413: { description: "The markup is larger than FETCH_MAX_BYTES, or the body larger than twice that.", content: { "application/json": { schema: ErrorBody } } },
            429: { description: "Rate limit exceeded. The Retry-After header matches retryAfterSeconds.", content: { "application/json": { schema: RateLimitedBody } } },
            503: {
              description: "The check ran past SCAN_TIMEOUT_MS or failed, or too many checks are waiting (then with Retry-After). Checks run one at a time, off the thread that answers HTTP.",
              content: { "application/json": { schema: ErrorBody } },
            },
          },
          security: [{ bearer: [] }, {}],
        } as never,
      },
    )
    .use(pastePageRoutes({ api, config: deps.config, trustProxy: deps.trustProxy }));
}
