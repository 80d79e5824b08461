import type { Server } from "bun";
import type { App } from "./app.ts";
import type { Log } from "./log.ts";
import { setClientAddress } from "./http/client-address.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import { errorResponse } from "./http/json-response.ts";

/** Bodies beyond this are refused by Bun before any handler runs; routes set their own, smaller caps. */
const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Turns the app into the server's fetch handler: records the peer address for the app, answers HEAD
 * like GET without a body, adds security headers and writes one log line per request (method, path,
 * status, duration, client: never a header or body, so no token or key can reach the log). Tests call
 * it directly with the client address they want to be.
 */
export function createRequestHandler(app: App, log: Log): (request: Request, client: string) => Promise<Response> {
  return async (request, client) => {
    const started = performance.now();
    const isHead = request.method === "HEAD";
    const routed = isHead ? new Request(request.url, { method: "GET", headers: request.headers }) : request;
    setClientAddress(routed, client);

    let response: Response;
    try {
      response = await app.handle(routed);
    } catch (error) {
      log("error", "request failed", { error: error instanceof Error ? error.message : String(error) });
      response = errorResponse(500, "Internal server error");
    }
    if (isHead) response = new Response(null, { status: response.status, headers: response.headers });
    applySecurityHeaders(response);
    log("info", "request", {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      client,
    });
    return response;
  };
}

/** Owns the listening socket. */
export function startServer(options: { app: App; hostname: string; port: number; log: Log }): Server<undefined> {
  const { log } = options;
  const handle = createRequestHandler(options.app, log);
  return Bun.serve({
    hostname: options.hostname,
    port: options.port,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch(request, server) {
      return handle(request, server.requestIP(request)?.address ?? "unknown");
    },
    error(error) {
      log("error", "server error", { error: error.message });
      return errorResponse(500, "Internal server error");
    },
  });
}
