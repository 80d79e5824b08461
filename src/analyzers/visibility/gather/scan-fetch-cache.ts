import type { FetchOptions, FetchResult, SafeFetcher } from "../../../net/fetch-types.ts";

/**
 * One scan's responses, so that no URL is fetched twice with the same user agent: the llms.txt link
 * checks ask for pages the sample already reads, a sitemap's pages may be the homepage's links. The
 * cache lives as long as one gathering (it wraps the fetcher gatherArtifacts hands its gatherers), so
 * nothing is shared between scans and nothing is stale.
 *
 * Requests are told apart by URL, user agent, method and whether redirects are followed: those change
 * what the site is asked. The Accept header does not: gatherers that share a URL (a sample page and the
 * link check of it) either ask for the same type or only read the status. Failures are shared as well:
 * a URL that timed out once is not given a second timeout within the same scan.
 */
export function cacheFetches(fetcher: SafeFetcher, kept: KeptBodies = KEPT_BODIES): ScanFetchCache {
  const entries = new Map<string, Entry>();
  return {
    readThrough: () => readThrough(fetcher, entries),
    fetch(url, options = {}) {
      const key = keyOf(url, options);
      const wanted = options.maxBytes ?? Number.POSITIVE_INFINITY;
      // A request that asks for a fresh answer (the homepage asked again after a 5xx) is fetched, and its answer kept.
      const cached = isNoCache(options) ? undefined : entries.get(key);
      if (cached && cached.maxBytes >= wanted) return cached.response.then((result) => capped(result, wanted));
      // Asked for more than was fetched: the earlier response serves when nothing was cut from it. The
      // entry is replaced at once, so that requests arriving meanwhile wait for this one, not a third fetch.
      const response = cached ? cached.response.then((result) => (result.truncated ? fetcher.fetch(url, options) : result)) : fetcher.fetch(url, options);
      const entry: Entry = { maxBytes: wanted, response };
      entries.set(key, entry);
      void response.then(
        (result) => {
          if (result.body.byteLength > kept.wholeBytes && entries.get(key) === entry) entries.set(key, keptPrefix(result, kept.prefixBytes));
        },
        () => {},
      );
      return response;
    },
  };
}

/** The scan's cached fetcher, and a view of it for gatherers that read many pages and keep none of them. */
export interface ScanFetchCache extends SafeFetcher {
  /**
   * A fetcher that answers from what the scan already fetched (or is fetching), and otherwise fetches
   * without keeping the answer: the site crawl reads hundreds of pages and must not hold their bodies
   * until gathering ends, yet a page the scan already read (a sample page, the sitemap) is not asked for
   * twice. A request that follows no redirects is also answered by the same URL fetched following them,
   * when that answer came without a redirect (it is then the same response).
   */
  readThrough(): SafeFetcher;
}

function readThrough(fetcher: SafeFetcher, entries: ReadonlyMap<string, Entry>): SafeFetcher {
  const fromCache = new WeakSet<FetchResult>();
  const cachedAnswer = async (url: string, options: FetchOptions): Promise<FetchResult | null> => {
    if (isNoCache(options)) return null;
    const wanted = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const exact = entries.get(keyOf(url, options));
    if (exact && exact.maxBytes >= wanted) return exact.response.then((result) => capped(result, wanted)).catch(() => null);
    if (options.followRedirects !== false) return null;
    const followed = entries.get(keyOf(url, { ...options, followRedirects: true }));
    if (!followed || followed.maxBytes < wanted) return null;
    const result = await followed.response.catch(() => null);
    return result && result.redirects.length === 0 ? capped(result, wanted) : null;
  };
  return {
    async fetch(url, options = {}) {
      const cached = await cachedAnswer(url, options);
      if (cached) {
        fromCache.add(cached);
        return cached;
      }
      return fetcher.fetch(url, options);
    },
    release(result) {
      // The cache still holds what it answered with; only bodies fetched here are given back.
      if (!fromCache.has(result)) fetcher.release?.(result);
    },
  };
}

export interface KeptBodies {
  /** Bodies up to this size are kept whole for the rest of the gathering. */
  wholeBytes: number;
  /** Of a larger body, only this much of its start is kept. */
  prefixBytes: number;
}

/**
 * Bodies over 1 MiB are not kept whole for the rest of the gathering, only their first 64 KiB: enough
 * for the requests that read only the start of a response (a link check reads 4 KiB, a redirect 16 KiB).
 * Its caller has what it asked for, and another request of the same URL for more is fetched again.
 * Every response had been held until the scan's audits began, so a hostile site's bodies stayed in
 * memory to the last byte of the scan's budget twice over (the bytes here, their text in the
 * artifacts): measured with 8 hostile scans at once, peak RSS 282 MB against 297-337 MB. The pages a
 * scan asks for twice (a sample page that llms.txt also links to) are far smaller.
 */
export const KEPT_BODIES: KeptBodies = { wholeBytes: 1024 * 1024, prefixBytes: 64 * 1024 };

/** The entry that stands for a large response: a copy of its start, so that its whole body can be freed. */
function keptPrefix(result: FetchResult, prefixBytes: number): Entry {
  const body = result.body.slice(0, prefixBytes);
  return { maxBytes: prefixBytes, response: Promise.resolve({ ...result, body, truncated: result.truncated || body.byteLength < result.body.byteLength }) };
}

interface Entry {
  /** The cap the response was fetched with (Infinity: the fetcher's own). */
  maxBytes: number;
  response: Promise<FetchResult>;
}

function isNoCache(options: FetchOptions): boolean {
  return Object.entries(options.headers ?? {}).some(([name, value]) => name.toLowerCase() === "cache-control" && /\bno-cache\b/i.test(value));
}

/**
 * The homepage asked for as Markdown only (agent-offerings) is another answer, so it has its own key; other
 * Accept headers (HTML, text files, link checks) share the response, as the server answers them alike.
 */
function keyOf(url: string, options: FetchOptions): string {
  const markdownOnly = options.headers?.accept === "text/markdown" ? "markdown" : "";
  return [options.method ?? "GET", options.followRedirects === false ? "manual" : "follow", options.userAgent ?? "", markdownOnly, url].join(" ");
}

/** The response as a fetch capped at `maxBytes` would have returned it. */
function capped(result: FetchResult, maxBytes: number): FetchResult {
  if (result.body.byteLength <= maxBytes) return result;
  return { ...result, body: result.body.subarray(0, maxBytes), truncated: true };
}
