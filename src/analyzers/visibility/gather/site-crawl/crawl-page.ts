import { bodyText, type FetchResult } from "../../../../net/fetch-types.ts";
import { MAX_REDIRECTS } from "../../../../net/safe-fetch.ts";
import type { Redirect } from "../artifacts.ts";
import { rawLinks } from "../raw-html.ts";
import { SAMPLE_PAGE_MAX_BYTES } from "../sample-pages.ts";
import type { CrawlCut, PageFacts, PageHtmlFacts } from "../site-crawl-artifact.ts";
import type { CrawlRequests } from "./crawl-requests.ts";
import type { PageReader } from "./page-reader.ts";

/** Most bytes read of one page: the cap the homepage's sample pages have always had. */
export const PAGE_MAX_BYTES = SAMPLE_PAGE_MAX_BYTES;
/** Links read from one page for discovery: a page with more (a link maze, a huge index) adds its first ones. */
export const LINKS_PER_PAGE = 200;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

export interface CrawledPage {
  fetch: PageFacts["fetch"];
  html?: PageHtmlFacts;
  /** Links of the page (as written, to resolve against `base`), for discovery. */
  links: string[];
  base: string;
}

/**
 * GETs one page as sightline, following its redirects hop by hop so that each hop is a request counted
 * against the budget and spaced like the rest, and a redirect into a path robots.txt closes to sightline
 * is not followed (on the site's own host; a hop to another host is the page's answer, not the crawl's
 * choice). The body is read for the page's facts and links, then dropped.
 */
export async function crawlPage(requests: CrawlRequests, url: string, options: { host: string; allows: (url: string) => boolean; readPage: PageReader }): Promise<CrawledPage> {
  const redirects: Redirect[] = [];
  const visited = new Set([url]);
  const started = performance.now();
  let current = url;
  for (;;) {
    const outcome = await requests.get(current, { maxBytes: PAGE_MAX_BYTES, followRedirects: false, headers: { accept: ACCEPT_HTML } });
    if (!outcome.ok) return "cut" in outcome ? skipped(outcome.cut, url) : { fetch: { ok: false, error: { ...outcome.error, url } }, links: [], base: url };
    const response = outcome.response;
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.status) || location === undefined) {
      const page = read(url, response, redirects, outcome.cut, performance.now() - started, options);
      requests.released(response);
      return page;
    }
    requests.released(response);
    redirects.push({ url: current, status: response.status });
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return failed(url, "invalid-url", `${current} redirects to ${location.slice(0, 200)}, which is not a valid URL.`);
    }
    next.hash = "";
    if (!/^https?:$/.test(next.protocol)) return failed(url, "invalid-url", `${current} redirects to a ${next.protocol.slice(0, -1)}: URL, which cannot be fetched.`);
    if (visited.has(next.href)) return failed(url, "too-many-redirects", `${url} redirects in a loop (back to ${next.href}).`);
    if (redirects.length > MAX_REDIRECTS) return failed(url, "too-many-redirects", `${url} redirects more than ${MAX_REDIRECTS} times.`);
    if (next.host === options.host && !options.allows(next.href)) return skipped("robots", url);
    visited.add(next.href);
    current = next.href;
  }
}

function read(url: string, response: FetchResult, redirects: Redirect[], cut: "bytes" | null, ms: number, options: { host: string; readPage: PageReader }): CrawledPage {
  const contentType = response.headers["content-type"] ?? null;
  const fetch: PageFacts["fetch"] = {
    ok: true,
    status: response.status,
    finalUrl: response.finalUrl,
    redirects,
    contentType,
    bytes: response.body.byteLength,
    truncated: response.truncated,
    ...(cut ? { cut } : {}),
    ms: Math.round(ms),
    xRobotsTag: response.headers["x-robots-tag"] ?? null,
    contentUsage: response.headers["content-usage"] ?? null,
  };
  if (!isHtml(contentType, response.body)) return { fetch, links: [], base: response.finalUrl };
  const html = bodyText(response);
  const links = new URL(response.finalUrl).host === options.host ? rawLinks(html, LINKS_PER_PAGE).map((link) => link.href) : [];
  if (response.status < 200 || response.status >= 300) return { fetch, links, base: response.finalUrl };
  let facts: PageHtmlFacts | null = null;
  try {
    facts = options.readPage({ url, finalUrl: response.finalUrl, status: response.status, contentType, headers: response.headers, html, truncated: response.truncated });
  } catch {
    // A reader that fails on one page leaves that page without facts; the crawl goes on.
    facts = null;
  }
  return { fetch, ...(facts ? { html: facts } : {}), links, base: response.finalUrl };
}

/** HTML by its Content-Type, or by its start when the server sent none. */
export function isHtml(contentType: string | null, body: Uint8Array): boolean {
  if (contentType !== null) return /\b(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType);
  const start = new TextDecoder().decode(body.subarray(0, 512)).trimStart().toLowerCase();
  return start.startsWith("<!doctype html") || start.startsWith("<html");
}

function skipped(cut: CrawlCut, url: string): CrawledPage {
  return { fetch: { ok: false, skipped: cut }, links: [], base: url };
}

function failed(url: string, code: "invalid-url" | "too-many-redirects", message: string): CrawledPage {
  return { fetch: { ok: false, error: { code, message, url } }, links: [], base: url };
}
