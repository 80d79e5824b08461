import { errorResponse } from "./json-response.ts";
import type { Log } from "../log.ts";
import { htmlResponse } from "../web/html-response.ts";
import { renderNotFoundPage } from "../web/not-found-page.ts";

/**
 * Paths read by programs: an unknown path under them stays a JSON 404, as the interface gives it,
 * whatever the client accepts.
 */
const MACHINE_PATHS = /^\/(?:api|mcp|swagger|healthz|metrics|badge|assets)(?:\/|\.|$)/;

/**
 * Answers for what no route handles: 404 for an unknown path (an HTML page in the site's layout when
 * a browser asks for a page, JSON otherwise), 405 (with Allow) for a known path and the wrong method,
 * a bare 500 that never carries a stack trace, and a 400 (never sent: the connection is gone) for a
 * request whose client went away or whose body Bun found malformed while the route read it.
 */
export function createFallbackErrors(routes: readonly { method: string; path: string }[], log: Log) {
  const patterns = routes.map((route) => ({ method: route.method.toUpperCase(), pattern: pathPattern(route.path) }));

  function allowedMethods(pathname: string): string[] {
    const methods = new Set<string>();
    for (const { method, pattern } of patterns) if (pattern.test(pathname)) methods.add(method);
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  }

  return {
    notFound(request: Request): Response {
      const allowed = allowedMethods(new URL(request.url).pathname);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return errorResponse(405, "Method not allowed", {}, { allow: allowed.join(", ") });
      }
      if (wantsPage(request)) return htmlResponse(renderNotFoundPage(new URL(request.url).pathname), 404);
      return errorResponse(404, "Not found");
    },
    internal(request: Request, error: unknown): Response {
      // The client closed the connection, or Bun closed it on a malformed body the route was reading: not our error.
      if (request.signal.aborted) {
        log("info", "request abandoned by the client", { method: request.method, path: new URL(request.url).pathname, error: describe(error) });
        return errorResponse(400, "The request was not received in full.");
      }
      log("error", "unhandled error", { method: request.method, path: new URL(request.url).pathname, error: describe(error) });
      return errorResponse(500, "Internal server error");
    },
  };
}

/** A browser navigating to a page: GET (HEAD arrives as GET), outside the machine paths, accepting HTML. */
export function wantsPage(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (MACHINE_PATHS.test(new URL(request.url).pathname)) return false;
  return (request.headers.get("accept") ?? "").includes("text/html");
}

function pathPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}$`);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
