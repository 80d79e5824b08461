/**
 * One path per request, whatever the Host. Bun writes `request.url` as "http://" + Host + request target,
 * or the bare target ("/x") when it finds the Host unusable; Elysia 1.4 finds the path at
 * `url.indexOf("/", 11)`, which assumes a host of at least four characters: with `Host: a`,
 * `GET /xx/metrics` was routed to /metrics (docs/upstream/elysia-short-host.md). So the app is handed a
 * URL whose path starts where Elysia looks, and a Host that is not one host (RFC 9112 §3.2) is refused.
 */

/** Stands in for a Host too short for Elysia's parse; the app reads only the path and query of its URL. */
const PLACEHOLDER_ORIGIN = "http://routed.invalid";
/** Where Elysia starts looking for the path ("http://" plus four characters). */
const ELYSIA_PATH_SEARCH_FROM = 11;

/**
 * `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2): a bracketed IP literal, or a reg-name
 * (which also covers IPv4 and the empty host), then an optional port. A comma is refused although a
 * reg-name may hold one: two Host lines reach us joined by ", ", and no DNS name holds a comma.
 */
const HOST_FIELD = /^(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9\-._~!$&'()*+;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

/**
 * Why the Host field cannot name the one host the request is for, or null when it can (or is absent:
 * Bun answers 400 itself to an HTTP/1.1 request without one; HTTP/1.0 needs none). RFC 9112 §3.2: a
 * server MUST answer 400 to more than one Host line or an invalid Host value.
 */
export function hostFieldProblem(headers: Headers): string | null {
  const host = headers.get("host");
  if (host === null || HOST_FIELD.test(host)) return null;
  return host.includes(",") ? "more than one Host header" : "an invalid Host header";
}

/** Where the path begins in a request's URL: after the authority, or at 0 for a bare target. */
export function pathStartOf(url: string): number {
  if (url.startsWith("/")) return 0;
  const authority = url.indexOf("//");
  const start = url.indexOf("/", authority < 0 ? 0 : authority + 2);
  return start < 0 ? url.length : start;
}

/**
 * The request to hand the app: itself when Elysia will find its path, otherwise the same request (method,
 * headers, the unread body stream, abort signal) at a URL with a placeholder host. The body moves, not a
 * copy: reading either reads the one stream from the socket.
 */
export function routableRequest(request: Request): Request {
  const url = request.url;
  const start = pathStartOf(url);
  if (start >= ELYSIA_PATH_SEARCH_FROM && url.indexOf("/", ELYSIA_PATH_SEARCH_FROM) === start) return request;
  const target = start < url.length ? url.slice(start) : "/";
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers, body: request.body, signal: request.signal };
  if (request.body !== null) init.duplex = "half";
  return new Request(`${PLACEHOLDER_ORIGIN}${target}`, init);
}
