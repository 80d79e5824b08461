import type { Artifacts } from "../../gather/artifacts.ts";
import { type Preference, preferenceList } from "./preference-list.ts";

/**
 * The `Content-Usage` HTTP headers the scan saw: the homepage's, and those of the pages the site-wide
 * crawl sampled (PageFacts.fetch.contentUsage). draft-ietf-aipref-attach section 5: the header speaks for
 * the representation it is sent with, that page alone, so each is kept with its URL and path.
 */
export interface ContentUsageHeader {
  /** The URL the header came with (after redirects). */
  url: string;
  /** Its path and query, as robots.txt rules are matched against. */
  path: string;
  /** The header's value as sent, cut to 200 characters. */
  value: string;
  preferences: Preference[];
  homepage: boolean;
}

/** Headers kept from the crawl at most: a crawl samples far fewer pages, so this bounds only a hostile record. */
const MAX_PAGES = 500;

export function contentUsageHeaders(artifacts: Artifacts): ContentUsageHeader[] {
  const headers: ContentUsageHeader[] = [];
  const seen = new Set<string>();
  const add = (url: string, value: string, homepage: boolean) => {
    if (seen.has(url) || !URL.canParse(url)) return;
    seen.add(url);
    const parsed = new URL(url);
    const kept = value.slice(0, 200);
    headers.push({ url, path: `${parsed.pathname}${parsed.search}`, value: kept, preferences: preferenceList(kept), homepage });
  };
  const home = artifacts.homepage.ok ? artifacts.homepage : null;
  if (home?.headers["content-usage"]) add(home.finalUrl, home.headers["content-usage"], true);
  // The homepage's own URL is marked seen either way: the crawl lists it first, and its header is read above.
  if (home) seen.add(home.finalUrl);
  for (const page of (artifacts.siteCrawl?.pages ?? []).slice(0, MAX_PAGES)) {
    const fetched = page.fetch;
    // A header on an error page speaks for the error page, not for content.
    if (!fetched.ok || fetched.status < 200 || fetched.status >= 300 || !fetched.contentUsage) continue;
    add(fetched.finalUrl, fetched.contentUsage, false);
  }
  return headers;
}
