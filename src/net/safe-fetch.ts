import { rootCertificates } from "node:tls";
import type { ConnectToRule } from "./connect-to.ts";
import { resolveHost, type Lookup, type ResolvedHost } from "./resolve-host.ts";
import { FetchError, type FetchOptions, type FetchResult, type SafeFetcher } from "./fetch-types.ts";
import { startDeadline, type RequestDeadline } from "./request-deadline.ts";
import { readCappedBody, type CappedBody } from "./read-capped-body.ts";
import type { ByteBudget } from "./byte-budget.ts";
import { decoderSlots, type DecoderSlots } from "./decoder-slots.ts";
import { toFetchError, type FailureContext } from "./fetch-failure.ts";

export interface SafeFetcherOptions {
  connectTo: ConnectToRule[];
  /** The whole fetch, redirects and body included, must end within this. */
  timeoutMs: number;
  /** Cap on the decompressed body. */
  maxBytes: number;
  userAgent: string;
  lookup?: Lookup;
  /** The scan's budget across all the bodies this fetcher reads (one fetcher per scan); none when absent. */
  budget?: ByteBudget;
  /**
   * Extra CA certificates (PEM) trusted beside the system roots. Tests use it; in production
   * NODE_EXTRA_CA_CERTS does the same, as Bun reads that variable at start-up for its fetch.
   */
  extraCaPem?: string;
}

export const MAX_REDIRECTS = 5;
/** Brotli bodies one fetcher decodes at once (see decoder-slots.ts); gzip and deflate hold 32 KiB windows and need no bound. */
export const BROTLI_DECODERS_PER_FETCHER = 2;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT_ENCODING = "gzip, deflate, br";

/** An honest User-Agent: who is fetching, and where to read about it. */
export function scannerUserAgent(publicUrl: string, version: string): string {
  const about = URL.canParse(publicUrl) ? `; +${new URL("/", publicUrl).href}` : "";
  return `Mozilla/5.0 (compatible; sightline/${version}${about})`;
}

/**
 * The only way scan code reaches the network. Every hop is resolved and vetted (resolveHost), then
 * fetched from the vetted address itself, with the Host header and TLS server name kept, so DNS
 * cannot change its answer between the check and the connection.
 */
export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const ca = options.extraCaPem ? [...rootCertificates, options.extraCaPem] : undefined;
  const brotliSlots = decoderSlots(BROTLI_DECODERS_PER_FETCHER);
  // A body is given back once, however often its reader says it let go of it.
  const released = new WeakSet<FetchResult>();
  return {
    release(result) {
      if (released.has(result)) return;
      released.add(result);
      options.budget?.release(result.body.byteLength);
    },
    async fetch(url, fetchOptions = {}) {
      const timeoutMs = fetchOptions.timeoutMs ?? options.timeoutMs;
      const deadline = startDeadline(timeoutMs, fetchOptions.signal);
      try {
        return await fetchFollowingRedirects(url, fetchOptions, { ...options, ca, timeoutMs, deadline, brotliSlots });
      } catch (error) {
        // The contract: a FetchError or nothing, whatever went wrong (a caller's bad header included).
        throw toFetchError(error, deadline, { url, host: url, target: url, showTarget: false, timeoutMs, stage: "request" });
      } finally {
        deadline.dispose();
      }
    },
  };
}

interface FetchContext extends SafeFetcherOptions {
  ca: string[] | undefined;
  timeoutMs: number;
  deadline: RequestDeadline;
  brotliSlots: DecoderSlots;
}

async function fetchFollowingRedirects(input: string, request: FetchOptions, context: FetchContext): Promise<FetchResult> {
  let current = parseFetchUrl(input, input);
  const redirects: FetchResult["redirects"] = [];
  const visited = new Set([current.href]);
  for (;;) {
    const hop = await sendRequest(current, request, context);
    const location = hop.response.headers.get("location");
    if (request.followRedirects === false || !REDIRECT_STATUSES.has(hop.response.status) || location === null) {
      return await finishResponse(input, current, hop, redirects, request, context);
    }
    await hop.response.body?.cancel().catch(() => {});
    redirects.push({ url: current.href, status: hop.response.status });
    const next = parseFetchUrl(location, current.href, current);
    if (visited.has(next.href)) {
      throw new FetchError("too-many-redirects", `${input} redirects in a loop (back to ${next.href}).`, current.href);
    }
    if (redirects.length > MAX_REDIRECTS) {
      throw new FetchError("too-many-redirects", `${input} redirects more than ${MAX_REDIRECTS} times.`, current.href);
    }
    visited.add(next.href);
    current = next;
  }
}

interface Hop {
  response: Response;
  resolved: ResolvedHost;
  failure: FailureContext;
  startedAt: number;
  ttfbMs: number;
}

async function sendRequest(url: URL, request: FetchOptions, context: FetchContext): Promise<Hop> {
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  const resolved = await resolveOrStop(url, port, context);
  const failure: FailureContext = {
    url: url.href,
    host: url.hostname,
    target: `${bracketed(resolved.address)}:${resolved.port}`,
    showTarget: !resolved.trusted,
    timeoutMs: context.timeoutMs,
    stage: "request",
  };
  const startedAt = performance.now();
  try {
    const response = await fetch(`${url.protocol}//${failure.target}${url.pathname}${url.search}`, {
      method: request.method ?? "GET",
      headers: requestHeaders(url, request, context.userAgent, request.hopHeaders ? await request.hopHeaders(url.href) : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: "manual",
      // Decoded by readCappedBody in small steps: Bun's own decoding has no memory bound.
      decompress: false,
      signal: context.deadline.signal,
      tls: url.protocol === "https:" ? tlsOptions(url, context.ca) : undefined,
    });
    return { response, resolved, failure, startedAt, ttfbMs: performance.now() - startedAt };
  } catch (error) {
    throw toFetchError(error, context.deadline, failure);
  }
}

/** DNS can hang too; the deadline covers it, and a fired deadline wins over a late answer. */
async function resolveOrStop(url: URL, port: number, context: FetchContext): Promise<ResolvedHost> {
  const failure: FailureContext = { url: url.href, host: url.hostname, target: url.host, showTarget: false, timeoutMs: context.timeoutMs, stage: "request" };
  const stopped = new Promise<never>((_, reject) => {
    const onAbort = () => reject(toFetchError(undefined, context.deadline, failure));
    if (context.deadline.signal.aborted) onAbort();
    else context.deadline.signal.addEventListener("abort", onAbort, { once: true });
  });
  stopped.catch(() => {});
  return await Promise.race([
    resolveHost(url.hostname, port, { connectTo: context.connectTo, lookup: context.lookup, url: url.href }),
    stopped,
  ]);
}

async function finishResponse(
  input: string,
  finalUrl: URL,
  hop: Hop,
  redirects: FetchResult["redirects"],
  request: FetchOptions,
  context: FetchContext,
): Promise<FetchResult> {
  const maxBytes = Math.min(request.maxBytes ?? context.maxBytes, context.maxBytes);
  let body: CappedBody;
  try {
    const encoding = request.method === "HEAD" ? null : hop.response.headers.get("content-encoding");
    const release = isBrotli(encoding) ? await takeSlot(context.brotliSlots, hop.response, context.deadline.signal) : null;
    try {
      body = await readCappedBody(hop.response.body, maxBytes, encoding, context.budget, declaredLength(hop.response.headers));
    } finally {
      release?.();
    }
  } catch (error) {
    throw toFetchError(error, context.deadline, { ...hop.failure, stage: "body" });
  }
  return {
    url: input,
    finalUrl: finalUrl.href,
    status: hop.response.status,
    headers: responseHeaders(hop.response.headers),
    body: body.body,
    truncated: body.truncated,
    ...(body.overBudget ? { overBudget: true } : {}),
    redirects,
    timing: { ttfbMs: Math.round(hop.ttfbMs), totalMs: Math.round(performance.now() - hop.startedAt) },
    remoteAddress: hop.resolved.address,
  };
}

/** A body whose fetch ends while it waits for a slot is cancelled, so its connection is not left open. */
async function takeSlot(slots: DecoderSlots, response: Response, signal: AbortSignal): Promise<() => void> {
  try {
    return await slots.take(signal);
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    throw error;
  }
}

/** Content-Length when it is one plain number of bytes; null otherwise (absent, a list, or not a number). */
function declaredLength(headers: Headers): number | null {
  const value = headers.get("content-length")?.trim();
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function isBrotli(contentEncoding: string | null): boolean {
  return contentEncoding?.trim().toLowerCase() === "br";
}

/** Parses a URL (or a redirect's Location) and refuses anything but plain http(s) without user info. */
function parseFetchUrl(text: string, errorUrl: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new FetchError("invalid-url", `${text} is not a valid URL.`, errorUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError("invalid-url", `${url.protocol.slice(0, -1)}: URLs cannot be scanned; only http and https.`, url.href);
  }
  if (url.username !== "" || url.password !== "") {
    throw new FetchError("invalid-url", "URLs with a user name or password cannot be scanned.", `${url.protocol}//${url.host}${url.pathname}`);
  }
  url.hash = "";
  return url;
}

function requestHeaders(url: URL, request: FetchOptions, userAgent: string, hopHeaders: Record<string, string>): Headers {
  const headers = new Headers({ "user-agent": userAgent, "accept-encoding": ACCEPT_ENCODING });
  for (const [name, value] of Object.entries({ ...request.headers, ...hopHeaders })) headers.set(name, value);
  if (request.userAgent !== undefined) headers.set("user-agent", request.userAgent);
  // The connection goes to an address; the site is still named by its host.
  headers.set("host", url.host);
  return headers;
}

function tlsOptions(url: URL, ca: string[] | undefined): BunFetchRequestInit["tls"] {
  const hostIsAddress = url.hostname.startsWith("[") || /^[\d.]+$/.test(url.hostname);
  // SNI carries names only; an address host is verified against the certificate's IP entries.
  return { ...(hostIsAddress ? {} : { serverName: url.hostname }), ...(ca ? { ca } : {}) };
}

/**
 * Real sites send a few KB of headers. A hostile one can send a megabyte, and every probe of the scan
 * keeps a copy in its artifacts: past MAX_HEADER_BYTES the rest of the headers are dropped.
 */
export const MAX_HEADER_BYTES = 32 * 1024;

function responseHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  let bytes = 0;
  headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    bytes += name.length + value.length + 4;
    if (bytes <= MAX_HEADER_BYTES) result[name] = value;
  });
  return result;
}

function bracketed(address: string): string {
  return address.includes(":") ? `[${address}]` : address;
}
