/** JSON responses built by hand, so that pre-serialised records are sent without a parse/stringify round trip. */

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return rawJsonResponse(JSON.stringify(body), status, headers);
}

/** `json` as text, or already encoded as UTF-8 (a check thread's answer: see FromCheckThread). */
export function rawJsonResponse(json: string | Uint8Array<ArrayBuffer>, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(json, { status, headers: { "content-type": JSON_CONTENT_TYPE, ...headers } });
}

export function errorResponse(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error, ...extra }, status, headers);
}
