import type { PageSource } from "../site-crawl-artifact.ts";
import { NOT_A_PAGE } from "../sample-pages.ts";

/**
 * URLs kept by discovery. Past it URLs are still counted (`capped` says so) but not kept: a sitemap of a
 * million URLs or a link maze costs counting, not memory. 10,000 URLs of 100 characters are about 2 MB,
 * and a sample of even 500 pages is drawn well from them.
 */
export const DISCOVERY_MAX_URLS = 10_000;
/** Longer URLs are not pages worth sampling (the sitemaps protocol allows 2,048 characters). */
export const URL_MAX_LENGTH = 2048;

export interface DiscoveredUrl {
  url: string;
  source: PageSource;
}

/**
 * The same-site URLs found by the crawl, each once, at the source it was first found by, in the order
 * found. Same site means the host (and port) of the homepage's final URL; fragments are dropped; files that
 * are not pages (images, feeds, scripts) and URLs over URL_MAX_LENGTH are left out.
 */
export class SiteDiscovery {
  readonly host: string;
  private readonly kept = new Map<string, PageSource>();
  readonly counts = { total: 0, sitemap: 0, links: 0, llmsTxt: 0 };
  capped = false;

  constructor(homepageUrl: string) {
    const home = new URL(homepageUrl);
    home.hash = "";
    this.host = home.host;
    this.kept.set(home.href, "homepage");
    this.counts.total = 1;
  }

  /** The URL as kept, or null when it is not a page of the site (or does not parse). */
  normalise(href: string, base?: string): string | null {
    if (href.length > URL_MAX_LENGTH || /^(?:mailto|tel|javascript|data):/i.test(href)) return null;
    let url: URL;
    try {
      url = base === undefined ? new URL(href) : new URL(href, base);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || url.host !== this.host || url.username !== "" || url.password !== "" || NOT_A_PAGE.test(url.pathname)) return null;
    url.hash = "";
    return url.href.length > URL_MAX_LENGTH ? null : url.href;
  }

  /** Counts and keeps a URL found at `source`; true when it was new and kept. */
  add(href: string, source: Exclude<PageSource, "homepage">, base?: string): boolean {
    const url = this.normalise(href, base);
    if (url === null || this.kept.has(url)) return false;
    this.counts.total++;
    this.counts[source === "sitemap" ? "sitemap" : source === "llms-txt" ? "llmsTxt" : "links"]++;
    if (this.kept.size >= DISCOVERY_MAX_URLS) {
      // Counted, not kept: past the cap a URL seen twice may be counted twice.
      this.capped = true;
      return false;
    }
    this.kept.set(url, source);
    return true;
  }

  has(url: string): boolean {
    return this.kept.has(url);
  }

  sourceOf(url: string): PageSource | undefined {
    return this.kept.get(url);
  }

  get size(): number {
    return this.kept.size;
  }

  urls(): string[] {
    return [...this.kept.keys()];
  }
}
