import type { FetchErrorCode } from "../../../net/fetch-types.ts";
import type { SiteCrawlArtifact } from "./site-crawl-artifact.ts";

/**
 * Everything a visibility scan gathers, as plain JSON: stored beside the record so that a scoring change
 * can re-score old scans without refetching. Each artifact records its own failure instead of throwing.
 * Later gatherers add fields here; audits must treat a missing artifact (an older scan) as unknown.
 */

/** Bumped when an artifact's shape changes incompatibly, so stored artifacts can be recognised. */
export const ARTIFACTS_VERSION = 1;

export interface Artifacts {
  version: typeof ARTIFACTS_VERSION;
  /** The normalised domain the scan was asked for. */
  domain: string;
  homepage: HomepageArtifact;
  robotsTxt: RobotsTxtArtifact;
  /** When gathering ran (ISO 8601): audits judge how recent dates are against it, never against a clock. */
  gatheredAt?: string;
  /** http://<host>/ fetched without following redirects: does plain http send visitors to https? */
  httpRedirect?: HttpRedirectArtifact;
  /** The homepage fetched as each major AI crawler and as a browser. */
  probes?: ProbeArtifact[];
  /** /llms.txt and /.well-known/llms.txt, in that order. */
  llmsTxt?: TextFileArtifact[];
  llmsFullTxt?: TextFileArtifact;
  /** Whether the site links listed in llms.txt resolve (a few of them). */
  llmsLinks?: LinkCheck[];
  /** The homepage asked for as Markdown, and the agent-protocol documents (absent on older records). */
  agentDocuments?: AgentDocumentsArtifact;
  sitemap?: SitemapArtifact;
  /** A few internal pages linked from the homepage (about, contact, privacy first), then from the sitemap when the homepage links to too few: for content and trust. */
  samplePages?: SamplePageArtifact[];
  /** /.well-known/tdmrep.json (W3C TDMRep); absent from scans before it was read. */
  tdmrep?: TextFileArtifact;
  /** The RSL licence the site points to (robots.txt License:, Link header, HTML link), null when it points to none; absent from older scans. */
  rslLicence?: TextFileArtifact | null;
  /** The first feed the homepage announces, fetched (gather/feed.ts); absent when it announces none, and from older scans. */
  feed?: FeedArtifact;
  /** Off-site look-ups; null when OFFSITE_CHECKS=off. */
  offsite?: OffsiteArtifact | null;
  /** The site-wide crawl (issue 29): facts per sampled page; absent from homepage-only scans and older records. */
  siteCrawl?: SiteCrawlArtifact;
  /** How long gathering took (ms), measured by the analyzer around it; absent from older scans. */
  gatherMs?: number;
}

/** "skipped": not requested because an earlier artifact made it pointless; "internal": a bug, not the site. */
export type GatherErrorCode = FetchErrorCode | "skipped" | "internal";

export interface GatherError {
  code: GatherErrorCode;
  message: string;
  /** The URL that was being fetched. */
  url: string;
}

export interface Redirect {
  url: string;
  status: number;
}

export type HomepageArtifact = HomepageResponse | HomepageFailure;

export interface HomepageResponse {
  ok: true;
  /** The candidate URL that answered (after fallbacks such as http:// or www.). */
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  html: string;
  /**
   * The body's size as read, after decompression. The HTML can be shorter (NUL characters are dropped);
   * a cut is stated at this size. Absent from artifacts gathered before it was kept.
   */
  bytesRead?: number;
  /** True when the body was cut at the fetcher's byte limit. */
  truncated: boolean;
  /** True when what cut it was the scan's memory budget (SCAN_MEMORY_MB), not the size limit of one response. */
  cutByBudget?: boolean;
  redirects: Redirect[];
  timing: { ttfbMs: number; totalMs: number };
  /** Candidates tried before the one that answered, with why each failed. */
  failedAttempts: GatherError[];
  /** Set when the first answer was a server error (5xx) and the homepage was asked once more after `waitMs`; `status` is the last answer's. */
  retried?: { firstStatus: number; waitMs: number };
}

export interface HomepageFailure {
  ok: false;
  /** The error of the last candidate tried. */
  error: GatherError;
  /** Every candidate tried, in order. */
  failedAttempts: GatherError[];
}

export type RobotsTxtArtifact = RobotsTxtResponse | RobotsTxtFailure;

export interface RobotsTxtResponse {
  ok: true;
  url: string;
  finalUrl: string;
  status: number;
  contentType: string | null;
  text: string;
  truncated: boolean;
  redirects: Redirect[];
}

export interface RobotsTxtFailure {
  ok: false;
  url: string;
  error: GatherError;
}

export type HttpRedirectArtifact =
  | { ok: true; url: string; status: number; location: string | null }
  | { ok: false; url: string; error: GatherError };

/** "browser" for the comparison fetch, otherwise the crawler's robots.txt token. */
export type ProbeArtifact =
  | {
      agent: string;
      userAgent: string;
      url: string;
      ok: true;
      status: number;
      finalUrl: string;
      /** The few headers that show bot protection: server, cf-mitigated, cf-ray, x-amz-cf-id, … */
      headers: Record<string, string>;
      bytes: number;
      truncated: boolean;
      /** Visible words in the body, counted without a DOM, and its <title>. */
      words: number;
      title: string | null;
      /** A challenge page recognised in the body (e.g. "Just a moment..."), or null. */
      challengeMarker: string | null;
      /** The first 400 characters of the visible text it got, for the report's agent view; absent on older records. */
      textStart?: string;
      /** The probe carried a Web Bot Auth signature (SIGNED_PROBES=on); absent on older records and unsigned probes. */
      signed?: true;
    }
  | { agent: string; userAgent: string; url: string; ok: false; error: GatherError };

export type TextFileArtifact =
  | { url: string; ok: true; status: number; finalUrl: string; contentType: string | null; text: string; truncated: boolean }
  | { url: string; ok: false; error: GatherError };

/** An announced feed as fetched: its status and type, and whether the body is RSS, Atom or JSON Feed (`kind`, null when none). */
export type FeedArtifact =
  | { url: string; ok: true; status: number; finalUrl: string; contentType: string | null; truncated: boolean; kind: "rss" | "atom" | "json" | null; items: number; start: string }
  | { url: string; ok: false; error: GatherError };


/** `redirectedTo`: where a redirected link ended (absent when it did not move, and on older records). */
export type LinkCheck = { url: string; ok: true; status: number; redirectedTo?: string } | { url: string; ok: false; error: GatherError };

export type SitemapArtifact =
  | {
      ok: true;
      /** Where the URL came from: a Sitemap line in robots.txt, or the conventional /sitemap.xml. */
      source: "robots" | "default";
      url: string;
      status: number;
      contentType: string | null;
      /** "urlset", "sitemapindex", or null when the body is not a sitemap. */
      kind: "urlset" | "sitemapindex" | null;
      entries: number;
      withLastmod: number;
      /** The newest lastmod seen (as written), for recency. */
      newestLastmod: string | null;
      /** The first few <loc> values. */
      sample: string[];
      truncated: boolean;
      /** True when the file was gzip (sitemap.xml.gz, application/gzip) and was decompressed; absent otherwise. */
      gzipped?: true;
      /** Why a gzip file could not be decompressed (whatever inflated before the error is summarised). */
      decodeError?: string;
      /** For a sitemap index: the first few child sitemaps it lists, read for their pages' lastmod coverage. */
      children?: ChildSitemapArtifact[];
    }
  | { ok: false; source: "robots" | "default"; url: string; error: GatherError };

/** A sitemap listed by a sitemap index, summarised like its parent. */
export type ChildSitemapArtifact =
  | {
      ok: true;
      url: string;
      status: number;
      contentType: string | null;
      kind: "urlset" | "sitemapindex" | null;
      entries: number;
      withLastmod: number;
      newestLastmod: string | null;
      sample: string[];
      truncated: boolean;
      gzipped?: true;
      decodeError?: string;
    }
  | { ok: false; url: string; error: GatherError };

/** `source`: where the page was found; absent (older scans) means linked from the homepage. */
export type SamplePageArtifact =
  | { url: string; role: "about" | "contact" | "privacy" | "content"; source?: "homepage" | "sitemap"; ok: true; status: number; finalUrl: string; contentType: string | null; html: string; truncated: boolean }
  | { url: string; role: "about" | "contact" | "privacy" | "content"; source?: "homepage" | "sitemap"; ok: false; error: GatherError };

export type OffsiteStatus = "found" | "not_found" | "unknown";

export interface OffsiteCheck {
  status: OffsiteStatus;
  detail: string;
  url: string | null;
}

export interface OffsiteArtifact {
  wikidata: OffsiteCheck;
  /** The English Wikipedia article named by the Wikidata item, when there is one. */
  wikipedia: OffsiteCheck;
  /** How many articles (up to 5, "5" meaning 5 or more) link to the domain; null when unknown. */
  wikipediaCitations: number | null;
  commonCrawl: OffsiteCheck;
}

export type MarkdownAnswer =
  | { url: string; ok: true; status: number; contentType: string | null; vary: string | null }
  | { url: string; ok: false; error: GatherError };

export interface AgentDocumentsArtifact {
  markdown: MarkdownAnswer;
  /** Kinds as in gather/agent-documents.ts: a2a-agent-card, mcp-server-card, api-catalog, oauth-…, ai-plugin, mcp-json, nlweb-json. */
  documents: { kind: string; file: TextFileArtifact }[];
}
