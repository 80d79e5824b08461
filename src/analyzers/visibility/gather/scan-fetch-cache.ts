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
export function cacheFetches(fetcher: SafeFetcher): SafeFetcher {
  const entries = new Map<string, Entry>();
  return {
    fetch(url, options = {}) {
      const key = keyOf(url, options);
      const wanted = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const cached = entries.get(key);
      if (cached && cached.maxBytes >= wanted) return cached.response.then((result) => capped(result, wanted));
      // Asked for more than was fetched: the earlier response serves when nothing was cut from it. The
      // entry is replaced at once, so that requests arriving meanwhile wait for this one, not a third fetch.
      const response = cached ? cached.response.then((result) => (result.truncated ? fetcher.fetch(url, options) : result)) : fetcher.fetch(url, options);
      entries.set(key, { maxBytes: wanted, response });
      return response;
    },
  };
}

interface Entry {
  /** The cap the response was fetched with (Infinity: the fetcher's own). */
  maxBytes: number;
  response: Promise<FetchResult>;
}

function keyOf(url: string, options: FetchOptions): string {
  return [options.method ?? "GET", options.followRedirects === false ? "manual" : "follow", options.userAgent ?? "", url].join(" ");
}

/** The response as a fetch capped at `maxBytes` would have returned it. */
function capped(result: FetchResult, maxBytes: number): FetchResult {
  if (result.body.byteLength <= maxBytes) return result;
  return { ...result, body: result.body.subarray(0, maxBytes), truncated: true };
}
