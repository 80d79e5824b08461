import type { Server } from "bun";
import { DEFAULT_REQUEST_BODY_BYTES } from "./http/request-body-limit.ts";
import type { App } from "./app.ts";
import type { Log } from "./log.ts";
import { setClientAddress } from "./http/client-address.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import { errorResponse } from "./http/json-response.ts";
import { matchedRouteOf } from "./http/matched-route.ts";
import { recordHttpRequest } from "./metrics/http-metrics.ts";
import { hostFieldProblem, pathStartOf, routableRequest } from "./http/request-target.ts";
import { drainBody, hasUnreadChunkedBody } from "./http/unread-body.ts";


/** GET routes answered by Bun's native router, path pattern → responder. Each also exists in the app. */
export type FastRoutes = Record<string, (request: Request & { params: Record<string, string> }) => Response | Promise<Response>>;

type Produce = (request: Request) => Response | Promise<Response>;
/** The route pattern that answered, read once the response is ready; null when none matched. */
type RouteOf = () => string | null;

/**
 * What every request goes through, whichever router answers it: a 400 for a Host that is not one host,
 * HEAD answered like GET without a body, an unread chunked body read before the answer (unread-body.ts),
 * security headers, a JSON 500 for anything thrown, and one log line (method, path, status,
 * duration, client: never a header, query or body, so no token or key can reach the log), and the
 * request counted in the metrics under its route pattern.
 * A responder that answers synchronously is finished synchronously: the hot report route makes no
 * promise at all.
 */
function observe(log: Log, request: Request, client: string, produce: Produce, routeOf: RouteOf): Response | Promise<Response> {
  const started = performance.now();
  const finish = (response: Response): Response | Promise<Response> => {
    if (!hasUnreadChunkedBody(request)) return finishResponse(log, request, client, started, response, routeOf);
    return drainBody(request).then((complete) =>
      finishResponse(log, request, client, started, complete ? response : errorResponse(400, "Malformed request body."), routeOf),
    );
  };
  const fail = (error: unknown) => {
    log("error", "request failed", { error: error instanceof Error ? error.message : String(error) });
    return finish(errorResponse(500, "Internal server error"));
  };
  const hostProblem = hostFieldProblem(request.headers);
  if (hostProblem !== null) return finish(errorResponse(400, `Bad request: ${hostProblem}.`, {}, { connection: "close" }));
  let produced: Response | Promise<Response>;
  try {
    produced = produce(request);
  } catch (error) {
    return fail(error);
  }
  return produced instanceof Promise ? produced.then(finish, fail) : finish(produced);
}

function finishResponse(log: Log, request: Request, client: string, started: number, produced: Response, routeOf: RouteOf): Response {
  const response = request.method === "HEAD" ? new Response(null, { status: produced.status, headers: produced.headers }) : produced;
  applySecurityHeaders(response);
  const durationMs = performance.now() - started;
  log("info", "request", {
    method: request.method,
    path: pathOf(request.url),
    status: response.status,
    durationMs: Math.round(durationMs * 10) / 10,
    client,
  });
  recordHttpRequest(routeOf(), request.method, response.status, durationMs / 1000);
  return response;
}

/**
 * Turns the app into a request handler that records the peer address for the app. Tests call it
 * directly with the client address they want to be.
 */
export function createRequestHandler(app: Pick<App, "handle">, log: Log): (request: Request, client: string) => Promise<Response> {
  return async (request, client) => {
    // The path is read from the request target alone; HEAD is routed as GET; the route the app
    // matched is recorded on the request it was given.
    const routable = routableRequest(request);
    const routed = request.method === "HEAD" ? new Request(routable.url, { method: "GET", headers: request.headers }) : routable;
    setClientAddress(routed, client);
    return observe(log, request, client, () => app.handle(routed), () => matchedRouteOf(routed));
  };
}

/**
 * Owns the listening socket: hot GET routes on Bun's router, everything else through the app. Bodies
 * beyond `maxRequestBodyBytes` (default 1 MiB; see request-body-limit.ts) are refused by Bun before any
 * handler runs.
 */
export function startServer(options: ServerOptions & { hostname: string; port: number; maxRequestBodyBytes?: number }): Server<undefined> {
  return Bun.serve({ hostname: options.hostname, port: options.port, maxRequestBodySize: options.maxRequestBodyBytes ?? DEFAULT_REQUEST_BODY_BYTES, ...handlersOf(options) });
}

export interface ServerOptions {
  /** Only its handle() is used: `serve` listens with a stand-in that waits for the app still being built. */
  app: Pick<App, "handle">;
  log: Log;
  fastRoutes?: FastRoutes;
}

/** The routes and handlers of a listening server, for Bun.serve and for server.reload once the real app is built. */
export function handlersOf(options: ServerOptions) {
  const { log } = options;
  const handle = createRequestHandler(options.app, log);
  const clientOf = (request: Request, server: Server<undefined>) => server.requestIP(request)?.address ?? "unknown";
  const routes = Object.fromEntries(
    Object.entries(options.fastRoutes ?? {}).map(([path, route]) => {
      const answer = (request: Request & { params: Record<string, string> }, server: Server<undefined>) =>
        observe(log, request, clientOf(request, server), () => route(request), () => path);
      return [path, { GET: answer, HEAD: answer }];
    }),
  );
  return {
    routes,
    fetch(request: Request, server: Server<undefined>) {
      return handle(request, clientOf(request, server));
    },
    error(error: Error) {
      log("error", "server error", { error: error.message });
      return errorResponse(500, "Internal server error");
    },
  };
}

/** The path of a request's URL without its query (which may carry secrets), without a URL parse. */
function pathOf(url: string): string {
  const start = pathStartOf(url);
  if (start >= url.length) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}
