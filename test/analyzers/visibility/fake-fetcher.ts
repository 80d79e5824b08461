import { FetchError, type FetchOptions, type FetchResult, type SafeFetcher } from "../../../src/net/fetch-types.ts";

/** A canned answer: a response, or the error the real fetcher would reject with. */
export type Canned = FetchResult | FetchError;

export interface FakeFetcher extends SafeFetcher {
  calls: { url: string; options: FetchOptions | undefined }[];
}

/**
 * A SafeFetcher over a map from URL to canned answer. URLs not in the map reject with a "dns" error,
 * like a name that does not resolve, so a test states every URL the scan may reach.
 */
export function fakeFetcher(routes: Record<string, Canned>): FakeFetcher {
  const calls: FakeFetcher["calls"] = [];
  return {
    calls,
    async fetch(url, options) {
      calls.push({ url, options });
      if (options?.signal?.aborted) throw new FetchError("aborted", "The scan was aborted.", url);
      const canned = routes[url] ?? new FetchError("dns", `${new URL(url).hostname} does not resolve`, url);
      if (canned instanceof FetchError) throw canned;
      return canned;
    },
  };
}

export function response(
  url: string,
  body: string,
  options: { status?: number; headers?: Record<string, string>; finalUrl?: string; redirects?: { url: string; status: number }[]; truncated?: boolean } = {},
): FetchResult {
  return {
    url,
    finalUrl: options.finalUrl ?? url,
    status: options.status ?? 200,
    headers: options.headers ?? {},
    body: new TextEncoder().encode(body),
    truncated: options.truncated ?? false,
    redirects: options.redirects ?? [],
    timing: { ttfbMs: 12, totalMs: 20 },
    remoteAddress: "127.0.0.1",
  };
}

export function html(url: string, body: string, options: Parameters<typeof response>[2] = {}): FetchResult {
  return response(url, body, { ...options, headers: { "content-type": "text/html; charset=utf-8", ...options.headers } });
}

export function text(url: string, body: string, options: Parameters<typeof response>[2] = {}): FetchResult {
  return response(url, body, { ...options, headers: { "content-type": "text/plain", ...options.headers } });
}

export function fetchError(code: FetchError["code"], url: string, message = `${code} error`): FetchError {
  return new FetchError(code, message, url);
}
