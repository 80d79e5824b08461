import { robotsGroups } from "../../derive/robots/robots-groups.ts";
import type { RobotsTxtArtifact, SitemapArtifact } from "../artifacts.ts";
import { sitemapBody } from "../sitemap-body.ts";
import { sitemapKind, summariseSitemap } from "../sitemap-summary.ts";
import { SITEMAP_MAX_BYTES, childSitemapUrls } from "../sitemap.ts";
import type { CrawlRequests } from "./crawl-requests.ts";
import type { SiteDiscovery } from "./site-discovery.ts";

/**
 * Sitemap files read by one crawl, indexes and their children together. Each is read up to
 * SITEMAP_MAX_BYTES (4 MiB, some 40,000 URLs), so the bound is 40 MiB of the crawl's byte budget at most,
 * and far less in practice: reading stops once discovery holds its cap of URLs.
 */
export const SITEMAPS_READ_MAX = 10;

/** Where the site's sitemaps are said to be: robots.txt's Sitemap lines, then the one the scan read (/sitemap.xml by default). */
export function sitemapStarts(origin: string, robotsTxt: RobotsTxtArtifact, sitemap: SitemapArtifact | undefined): string[] {
  const listed = robotsTxt.ok && robotsTxt.status === 200 ? robotsGroups(robotsTxt.text.split(/\r\n|\r|\n/)).sitemaps.map((entry) => entry.url) : [];
  return [...listed, sitemap?.url ?? `${origin}/sitemap.xml`];
}

/**
 * Reads the site's sitemaps one after the other (each body is let go before the next is fetched), the
 * children of indexes after their parents, and adds every page URL they list to the discovery. Only
 * sitemaps on the site's host or its www. twin are read, as for the scan's own sitemap check. Never throws.
 */
export async function discoverFromSitemaps(requests: CrawlRequests, discovery: SiteDiscovery, starts: string[]): Promise<number> {
  const queue: string[] = [];
  const seen = new Set<string>();
  const enqueue = (urls: string[]) => {
    for (const url of urls) {
      if (seen.has(url) || seen.size >= SITEMAPS_READ_MAX) continue;
      seen.add(url);
      queue.push(url);
    }
  };
  enqueue(starts.flatMap((start) => childSitemapUrls([start], `https://${discovery.host}/`, 1)));
  let read = 0;
  while (queue.length > 0 && !discovery.capped) {
    const url = queue.shift()!;
    const outcome = await requests.get(url, { maxBytes: SITEMAP_MAX_BYTES, headers: { accept: "application/xml,text/xml;q=0.9,*/*;q=0.5" } });
    if (!outcome.ok) {
      if ("cut" in outcome) break;
      continue;
    }
    read++;
    // Only the URLs found are kept (capped by the discovery); the body is given back once read.
    const response = requests.released(outcome.response);
    if (response.status !== 200) continue;
    const { text } = await sitemapBody(response, SITEMAP_MAX_BYTES);
    if (sitemapKind(text) === "sitemapindex") {
      const children: string[] = [];
      summariseSitemap(text, (loc) => {
        if (children.length < SITEMAPS_READ_MAX) children.push(loc);
      });
      enqueue(childSitemapUrls(children, url, SITEMAPS_READ_MAX));
    } else {
      summariseSitemap(text, (loc) => discovery.add(loc, "sitemap"));
    }
  }
  return read;
}
