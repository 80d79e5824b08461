import type { SafeFetcher } from "../../../net/fetch-types.ts";

/**
 * How many requests one scan keeps open to the scanned site at once. A scan sends a few dozen small
 * requests (robots.txt, llms.txt, sitemap, a probe per major AI crawler, a few pages); running them in
 * parallel keeps a slow site's scan short, and the bound keeps the scan from hammering it. It fits the
 * browser and every probed agent in one round (13 agents in ai-crawlers.json), so the probes finish together.
 */
export const PER_SITE_CONCURRENCY = 14;

/**
 * A SafeFetcher that lets at most `limit` fetches run at once and queues the rest in call order, so the
 * requests started first (the homepage) are never starved by the speculative ones started with them.
 */
export function limitFetcher(fetcher: SafeFetcher, limit: number = PER_SITE_CONCURRENCY): SafeFetcher {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    async fetch(url, options) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await fetcher.fetch(url, options);
      } finally {
        release();
      }
    },
    release: (result) => fetcher.release?.(result),
  };
}
