import type { PageHtmlFacts } from "../site-crawl-artifact.ts";

/** A fetched page that answered 2xx with HTML, as the crawl hands it to its reader. */
export interface PageRead {
  /** The URL asked for. */
  url: string;
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The body as text (decoded as its Content-Type says), at most the page's byte cap of it. */
  html: string;
  truncated: boolean;
}

/**
 * Reads the facts the site's verdicts need from one page (derive/page-facts.ts), at once, so that the crawl
 * can drop the body: it must keep nothing of the page but what it returns. null when it makes nothing of it.
 */
export type PageReader = (page: PageRead) => PageHtmlFacts | null;
