import type { GatherError, ProbeArtifact, Redirect } from "./artifacts.ts";

/**
 * What a site-wide scan keeps of the pages behind the homepage (issue 29): facts per page, read once
 * from each page as it arrives and then let go, never the page's DOM or body, so a scan's memory stays
 * flat in the number of pages. Re-scoring reads these facts alone.
 */

/** Where the crawl found a URL. */
export type PageSource = "homepage" | "sitemap" | "link" | "llms-txt";

/** Why a discovered page was not fetched, or was fetched only in part. */
export type CrawlCut = "robots" | "requests" | "bytes" | "deadline";

/** The markup facts of a page that answered 2xx with HTML, read from its raw HTML (no JavaScript run). */
export interface PageHtmlFacts {
  title: string | null;
  description: string | null;
  /** The first <h1>'s text, whitespace collapsed. */
  h1: string | null;
  /** <html lang>, as written. */
  lang: string | null;
  /** <link rel=canonical href>, resolved against the page's final URL; null when there is none. */
  canonical: string | null;
  /** Indexing directives from <meta name=robots|<crawler>>, as derive/indexing-directives.ts reads them. */
  metaDirectives: { scope: string; directive: string }[];
  /** Words of visible text in the raw HTML. */
  words: number;
  /** An app shell: the raw HTML shows next to nothing and loads script to draw it (derive/raw-html-render.ts). */
  appShell: boolean;
  /** Looks like a "not found" page served with 2xx (a soft 404). */
  softNotFound: boolean;
  /** Structured data: top-level schema.org types and the count of errors found, with a few examples. */
  structuredData: { types: string[]; errors: number; examples: string[] };
  /** For pages that present an article: the byline and dates read (null when absent). */
  article: { author: string | null; published: string | null; modified: string | null } | null;
  openGraph: { title: boolean; description: boolean; image: boolean; type: string | null };
  /**
   * What the page looks like (derive/page-profile.ts: an article, a product, an FAQ) and why, whether its
   * structured data declares a type that fits, and for a product the properties Google's merchant listing
   * requires that its Product lacks ("offers"). null for other pages; absent from facts read before it was kept.
   */
  kind?: { kind: "article" | "product" | "faq"; reason: string; fits: boolean; missing: string[] } | null;
}

/** One page of the sample, as fetched and read. */
export interface PageFacts {
  /** The URL asked for. */
  url: string;
  /** Its template, the path shape it was grouped by: "/blog/<slug>", "/products/<id>", "/" for the homepage. */
  template: string;
  source: PageSource;
  fetch:
    | {
        ok: true;
        status: number;
        finalUrl: string;
        redirects: Redirect[];
        contentType: string | null;
        /** Bytes of body read. */
        bytes: number;
        /** The body was cut (by the page's own byte cap, or the scan's byte budget when `cut` says "bytes"). */
        truncated: boolean;
        cut?: CrawlCut;
        ms: number;
        /** The response's X-Robots-Tag and Content-Usage headers, as sent. */
        xRobotsTag: string | null;
        contentUsage: string | null;
      }
    | { ok: false; error: GatherError }
    /** Discovered and sampled, but not fetched: sightline's robots.txt group disallows it, or a budget ran out. */
    | { ok: false; skipped: CrawlCut };
  /** Present when the page answered 2xx with HTML. */
  html?: PageHtmlFacts;
}

/** The crawl of one scan: what was found, what was sampled, and what each sampled page was. */
export interface SiteCrawlArtifact {
  /** The budget the scan ran with. */
  budget: { pages: number; requests: number; bytes: number };
  /** URLs found, by where (a URL found twice counts once, at its first source); `capped` when discovery stopped at its bound. */
  discovered: { total: number; sitemap: number; links: number; llmsTxt: number; capped: boolean };
  /** Every template found, largest first, with how many of its URLs were found and sampled. */
  templates: { template: string; discovered: number; sampled: number; examples: string[] }[];
  /** The sampled pages, the homepage first. */
  pages: PageFacts[];
  /** sightline's own robots.txt group ("sightline" or "*"), its Crawl-delay in seconds as applied, and pages it kept the crawl from. */
  politeness: { group: string | null; crawlDelaySeconds: number | null; disallowed: number };
  /** One page of each template (the largest templates first, a bounded number), probed as each AI platform's agents. */
  templateProbes: { template: string; url: string; probes: ProbeArtifact[] }[];
  /** Requests and body bytes the crawl spent, and how long it took. */
  spent: { requests: number; bytes: number; ms: number };
  /** Why the crawl ended before its sample was read, or null. */
  cut: CrawlCut | null;
}
