import type { Config } from "../config.ts";
import { maxCheckBodyBytes } from "../scans/check-api.ts";

/** Bodies of the visibility service's routes (scan requests, sign-in forms, MCP calls) are all far smaller. */
export const DEFAULT_REQUEST_BODY_BYTES = 1024 * 1024;

/** The paste form's body: the pasted text percent-encoded may be three times as long, plus the other fields. */
export function maxPasteFormBytes(maxMarkupBytes: number): number {
  return 3 * maxMarkupBytes + 16 * 1024;
}

/**
 * The largest request body Bun accepts before any handler runs (Bun.serve's maxRequestBodySize). Past it
 * Bun answers an empty 413 itself, so it must be no smaller than the largest body a route accepts and
 * refuses with its own documented error: on the schema service, markup of up to FETCH_MAX_BYTES pasted
 * into the form or sent to POST /api/check (a 1 MiB limit there gave pastes of 1 to 5 MB an empty 413
 * where the API documents a result, and a JSON error past FETCH_MAX_BYTES). Each route still reads at
 * most its own cap.
 */
export function requestBodyLimitBytes(config: Pick<Config, "SERVICE" | "FETCH_MAX_BYTES">): number {
  if (config.SERVICE !== "schema") return DEFAULT_REQUEST_BODY_BYTES;
  // A little above the routes' caps, so that a body just past one reaches its route and gets the route's own error.
  return Math.max(DEFAULT_REQUEST_BODY_BYTES, maxPasteFormBytes(config.FETCH_MAX_BYTES) + 64 * 1024, maxCheckBodyBytes(config.FETCH_MAX_BYTES) + 64 * 1024);
}
