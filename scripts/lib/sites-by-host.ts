import type { FixtureHandler } from "../../test/helpers/fixture-server.ts";

/**
 * One fixture server for many sites: each host name gets the routes `siteFor(host)` builds, on first
 * use, so that hundreds of domains (all routed to one port by SCAN_CONNECT_TO) need one listener.
 */
export function sitesByHost(siteFor: (host: string) => Record<string, FixtureHandler>): (request: Request) => Response | Promise<Response> {
  const sites = new Map<string, Record<string, FixtureHandler>>();
  return (request) => {
    const url = new URL(request.url);
    let routes = sites.get(url.hostname);
    if (!routes) sites.set(url.hostname, (routes = siteFor(url.hostname)));
    const handler = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (handler === undefined) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    if (typeof handler === "string") return new Response(handler, { headers: { "content-type": contentTypeOf(url.pathname) } });
    return handler(request);
  };
}

/** The same answer to every request on port 80: go to https on the same name. */
export function redirectToHttps(request: Request): Response {
  const url = new URL(request.url);
  return new Response(null, { status: 301, headers: { location: `https://${url.host}${url.pathname}${url.search}` } });
}

function contentTypeOf(path: string): string {
  if (path.endsWith(".txt")) return "text/plain; charset=utf-8";
  if (path.endsWith(".xml")) return "application/xml; charset=utf-8";
  if (path.endsWith(".json")) return "application/json; charset=utf-8";
  return "text/html; charset=utf-8";
}
