import { Elysia } from "elysia";
import { resolveClientIp } from "../limits/client-ip.ts";
import { handleScanApi, type ScanApiDeps } from "../scans/scan-api.ts";
import { ScanRequestBody } from "../scans/scan-request-body.ts";
import { clientAddressOf } from "./client-address.ts";
import { readJsonBody } from "./read-json-body.ts";
import { rawJsonResponse } from "./json-response.ts";
import { ErrorBody, RateLimitedBody, ScanAcceptedBody, UnauthorizedBody, VerificationFailedBody } from "./api-schemas.ts";
import type { TSchema } from "@sinclair/typebox";

export const MAX_SCAN_BODY_BYTES = 16 * 1024;

export function scanRoutes(deps: ScanApiDeps & { trustProxy: number; recordSchema: TSchema }) {
  return new Elysia().post(
    "/api/scan",
    async ({ request }) => {
      const answer = await handleScanApi(deps, {
        authorization: request.headers.get("authorization"),
        body: await readJsonBody(request, MAX_SCAN_BODY_BYTES),
        clientIp: resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), deps.trustProxy),
      });
      return rawJsonResponse(answer.json, answer.status, { "cache-control": "no-store", ...answer.headers });
    },
    {
      // The body is read by hand: authentication comes before validation, and its size is capped.
      parse: "none",
      detail: {
        tags: ["Scans"],
        summary: "Start a scan or fetch a cached result",
        description:
          "Authenticate with `Authorization: Bearer <API key or pipeline token>`, or from a browser with `challengeToken`. " +
          "A record younger than 24 hours is returned at once (200) and counts against no limit. Otherwise the scan runs in the " +
          "background (202): poll `GET /api/report/{domain}.json` every 1-2 seconds until it answers 200. Fresh scans are limited " +
          "per client IP (8/hour; anonymous, browser and pipeline callers), per target domain (3/hour) and per API key (60/hour); " +
          "the `RateLimit-Policy` and `RateLimit` headers show the buckets.",
        requestBody: { required: true, content: { "application/json": { schema: ScanRequestBody } } },
        responses: {
          200: { description: "Cache hit: the stored record, fresh within 24 hours.", content: { "application/json": { schema: deps.recordSchema } } },
          202: { description: "Scan started (or already running) in the background.", content: { "application/json": { schema: ScanAcceptedBody } } },
          400: { description: "Bad or unresolvable URL, or a malformed body.", content: { "application/json": { schema: ErrorBody } } },
          401: { description: "An Authorization header was sent but the token did not match.", content: { "application/json": { schema: UnauthorizedBody } } },
          403: { description: "No Authorization header, and the challengeToken was missing or invalid.", content: { "application/json": { schema: VerificationFailedBody } } },
          413: { description: "The request body is larger than 16 KiB.", content: { "application/json": { schema: ErrorBody } } },
          429: {
            description: "Rate limit exceeded. The Retry-After header matches retryAfterSeconds.",
            content: { "application/json": { schema: RateLimitedBody } },
          },
        },
        security: [{ bearer: [] }, {}],
      } as never,
    },
  );
}
