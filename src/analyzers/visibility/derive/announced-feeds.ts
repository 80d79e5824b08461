import type { HtmlDocument } from "../../structured-data/html-document.ts";

/** The feed formats a `<link rel="alternate">` announces (RSS 2.0 and 1.0, Atom, JSON Feed). */
export const FEED_TYPES = ["application/rss+xml", "application/atom+xml", "application/feed+json"];

export interface AnnouncedFeed {
  /** The `type` as written, lower-cased. */
  type: string;
  href: string;
  /** The absolute URL, or null when the href is not an http(s) URL. */
  url: string | null;
}

/** The feeds a page announces in `<link rel="alternate" type="…">`, in document order: what the gatherer fetches and the feed audit judges. */
export function announcedFeeds(document: HtmlDocument, baseUrl: string): AnnouncedFeed[] {
  return Array.from(document.querySelectorAll("link[rel][href]"))
    .filter((link) => (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).includes("alternate") && FEED_TYPES.includes((link.getAttribute("type") ?? "").toLowerCase().trim()))
    .map((link) => {
      const href = (link.getAttribute("href") ?? "").trim();
      const url = URL.canParse(href, baseUrl) ? new URL(href, baseUrl) : null;
      if (url) url.hash = "";
      return { type: (link.getAttribute("type") ?? "").toLowerCase().trim(), href, url: url && /^https?:$/.test(url.protocol) ? url.href : null };
    });
}
