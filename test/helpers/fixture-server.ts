/**
 * Loopback fixture sites for end-to-end tests, reached by the scanner through SCAN_CONNECT_TO.
 *
 *   const site = await startFixtureSite({
 *     "/": () => new Response("<h1>Hi</h1>", { headers: { "content-type": "text/html" } }),
 *     "/robots.txt": "User-agent: *\nAllow: /\n",          // a string is served with a type from the extension
 *     ...redirectLoop("/a", "/b"),
 *   }, { tls: true });
 *   const config = { SCAN_CONNECT_TO: [site.connectTo("secure.test")] };  // "secure.test:443:127.0.0.1:<port>"
 *   ...
 *   expect(site.requests.map((r) => r.path)).toContain("/robots.txt");
 *   await site.stop();
 *
 * With `tls: true` the site serves the certificate in test/fixtures/tls (names: localhost, secure.test,
 * www.secure.test, *.secure.test, good.test, www.good.test, 127.0.0.1, ::1), signed by the test CA at
 * TEST_CA_PATH. Trust that CA in a subprocess with NODE_EXTRA_CA_CERTS=TEST_CA_PATH, or in process with
 * createSafeFetcher({ extraCaPem: testCaPem() }).
 *
 * Hostile responses for the safe fetcher: redirect, redirectLoop, redirectChain, hugeBody, endlessBody,
 * gzipBomb, and startSilentServer (accepts connections, never answers).
 */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

export type FixtureHandler = string | ((request: Request) => Response | Promise<Response>);

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. "/search?q=1". */
  path: string;
  /** Lower-cased names, as received (the host header included). */
  headers: Record<string, string>;
}

export interface FixtureSite {
  port: number;
  /** http://127.0.0.1:<port> or https://127.0.0.1:<port> (the certificate covers 127.0.0.1). */
  url: string;
  /** A SCAN_CONNECT_TO entry "host:port:127.0.0.1:<actual port>"; port defaults to 443 with tls, 80 without. */
  connectTo(host: string, port?: number): string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Stops the server and closes open connections (endless bodies included). */
  stop(): Promise<void>;
}

export interface FixtureSiteOptions {
  tls?: boolean;
  /** Waits this long before handling each request. */
  delayMs?: number;
}

export const TLS_FIXTURES_DIR = join(import.meta.dir, "..", "fixtures", "tls");
export const TEST_CA_PATH = join(TLS_FIXTURES_DIR, "ca-cert.pem");

/** The test CA certificate (PEM) that signed the fixture server certificate. */
export function testCaPem(): string {
  return readFileSync(TEST_CA_PATH, "utf8");
}

/**
 * Starts a site on 127.0.0.1 with a free port. Routes match the request path with its query first,
 * then the path alone; anything else is a 404. A function instead of routes handles every request.
 */
export async function startFixtureSite(
  routes: Record<string, FixtureHandler> | ((request: Request) => Response | Promise<Response>),
  options: FixtureSiteOptions = {},
): Promise<FixtureSite> {
  const requests: RecordedRequest[] = [];
  const handle = typeof routes === "function" ? routes : routeTable(routes);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    // Endless bodies must not be cut by Bun's idle timer before the client's own timeout fires.
    idleTimeout: 0,
    tls: options.tls
      ? { cert: readFileSync(join(TLS_FIXTURES_DIR, "server-cert.pem"), "utf8"), key: readFileSync(join(TLS_FIXTURES_DIR, "server-key.pem"), "utf8") }
      : undefined,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push({ method: request.method, path: url.pathname + url.search, headers: headersObject(request.headers) });
      if (options.delayMs) await Bun.sleep(options.delayMs);
      return await handle(request);
    },
  });
  const port = server.port ?? 0;
  return {
    port,
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}`,
    connectTo: (host, hostPort) => `${host}:${hostPort ?? (options.tls ? 443 : 80)}:127.0.0.1:${port}`,
    requests,
    stop: () => server.stop(true),
  };
}

function headersObject(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

function routeTable(routes: Record<string, FixtureHandler>) {
  return (request: Request): Response | Promise<Response> => {
    const url = new URL(request.url);
    const handler = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (handler === undefined) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    if (typeof handler === "string") return new Response(handler, { headers: { "content-type": contentTypeFor(url.pathname) } });
    return handler(request);
  };
}

function contentTypeFor(path: string): string {
  if (path.endsWith(".txt")) return "text/plain; charset=utf-8";
  if (path.endsWith(".xml")) return "application/xml; charset=utf-8";
  if (path.endsWith(".json")) return "application/json; charset=utf-8";
  return "text/html; charset=utf-8";
}

/** A redirect to `location` (relative or absolute). */
export function redirect(location: string, status = 302): FixtureHandler {
  return () => new Response(null, { status, headers: { location } });
}

/** Two routes that redirect to each other: from → to → from → … */
export function redirectLoop(from: string, to: string): Record<string, FixtureHandler> {
  return { [from]: redirect(to), [to]: redirect(from) };
}

/**
 * `hops` redirects ending at `finalPath`: /hop/1 → /hop/2 → … → /hop/<hops> → finalPath.
 * Fetching /hop/1 therefore follows exactly `hops` redirects.
 */
export function redirectChain(hops: number, finalPath: string): Record<string, FixtureHandler> {
  const routes: Record<string, FixtureHandler> = {};
  for (let hop = 1; hop <= hops; hop++) routes[`/hop/${hop}`] = redirect(hop === hops ? finalPath : `/hop/${hop + 1}`);
  return routes;
}

/** A body of `bytes` letter "a"s, produced as the client reads it (no big buffer). */
export function hugeBody(bytes: number): FixtureHandler {
  return () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let left = bytes;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        const size = Math.min(left, chunk.length);
        controller.enqueue(chunk.slice(0, size));
        left -= size;
      },
    });
    return new Response(body, { headers: { "content-type": "text/plain", "content-length": String(bytes) } });
  };
}

/** Sends headers and a first chunk, then never ends the body. */
export function endlessBody(): FixtureHandler {
  return () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<html><body>still loading"));
      },
      // Never resolves: no more data, no end.
      pull: () => new Promise<void>(() => {}),
    });
    return new Response(body, { headers: { "content-type": "text/html" } });
  };
}

/**
 * A valid gzip body that inflates to `decompressedBytes` zero bytes (a multiple of 1 MiB) while the
 * server holds only one 1 MiB buffer and a ~1 KB compressed block: a deflate block ended by a full
 * flush is byte-aligned and resets the compressor, so the same bytes can be repeated. About
 * 1 KB is sent per MiB, so 1 GiB costs the wire about 1 MB.
 */
export function gzipBomb(decompressedBytes: number): FixtureHandler {
  const unit = 1 << 20;
  const zeros = new Uint8Array(unit);
  const block = new Uint8Array(deflateRawSync(zeros, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH }));
  const blocks = Math.ceil(decompressedBytes / unit);
  const header = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
  const trailer = () => {
    let crc = 0;
    for (let index = 0; index < blocks; index++) crc = crc32(zeros, crc);
    const bytes = new Uint8Array(10);
    bytes.set([3, 0]); // an empty final fixed-Huffman block
    const view = new DataView(bytes.buffer);
    view.setUint32(2, crc >>> 0, true);
    view.setUint32(6, (blocks * unit) >>> 0, true);
    return bytes;
  };
  return () => {
    let sent = -1;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === -1) controller.enqueue(header.slice());
        else if (sent < blocks) controller.enqueue(block.slice());
        else {
          controller.enqueue(trailer());
          return controller.close();
        }
        sent++;
      },
    });
    return new Response(body, { headers: { "content-type": "text/html", "content-encoding": "gzip" } });
  };
}

export interface SilentServer {
  port: number;
  connectTo(host: string, port?: number): string;
  stop(): Promise<void>;
}

/** A TCP server on 127.0.0.1 that accepts connections and never writes a byte (plain or TLS alike). */
export async function startSilentServer(): Promise<SilentServer> {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  return {
    port: listener.port,
    connectTo: (host, hostPort = 80) => `${host}:${hostPort}:127.0.0.1:${listener.port}`,
    async stop() {
      listener.stop(true);
    },
  };
}
