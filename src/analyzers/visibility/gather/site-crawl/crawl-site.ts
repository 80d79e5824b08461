import type { ScanContext } from "../../../analyzer.ts";
import { parseLlmsTxt } from "../../derive/llms-txt-document.ts";
import { servedLlmsTxt } from "../../derive/served-llms-txt.ts";
import type { HomepageArtifact, HomepageResponse, RobotsTxtArtifact, SitemapArtifact, TextFileArtifact } from "../artifacts.ts";
import { rawLinks } from "../raw-html.ts";
import type { PageFacts, SiteCrawlArtifact } from "../site-crawl-artifact.ts";
import { SITEMAP_MAX_BYTES } from "../sitemap.ts";
import { crawlLimiter } from "./crawl-limiter.ts";
import { crawlPage, isHtml, LINKS_PER_PAGE } from "./crawl-page.ts";
import { CrawlRequests } from "./crawl-requests.ts";
import { crawlRobots } from "./crawl-robots.ts";
import type { PageReader } from "./page-reader.ts";
import { samplePages, type SampleTemplate } from "./page-sample.ts";
import { SiteDiscovery } from "./site-discovery.ts";
import { SITEMAPS_READ_MAX, discoverFromSitemaps, sitemapStarts } from "./sitemap-discovery.ts";
import { probesPerTemplate, probeTemplates, templatesProbed } from "./template-probes.ts";
import { HOMEPAGE_TEMPLATE, type TemplateGroup, urlTemplates } from "./url-template.ts";

/** Requests sent to one host at once when neither CRAWL_CONCURRENCY nor a Crawl-delay says otherwise. */
export const CRAWL_CONCURRENCY_DEFAULT = 4;
/**
 * Rounds of link discovery: the homepage's links, the sitemaps and llms.txt feed the first sample; the links
 * of each round's pages feed the next. A link maze is therefore read at most this many links deep.
 */
export const CRAWL_WAVES_MAX = 4;
/** Bytes of the default byte budget per page of the page budget: some ten times the median page's HTML. */
export const BYTES_PER_PAGE = 256 * 1024;
/** Templates listed in the artifact, largest first; the discovery cap bounds them too, this keeps the artifact small. */
export const TEMPLATES_LISTED = 500;
/** Example URLs kept per template. */
const EXAMPLES = 3;

export interface SiteCrawlInput {
  /** The scan's homepage; the crawl starts from its final URL and never fetches it again. */
  homepage: HomepageArtifact;
  robotsTxt: RobotsTxtArtifact;
  /** The sitemap the scan read (its URL is read again, all of it, through the fetcher); /sitemap.xml when absent. */
  sitemap?: SitemapArtifact;
  /** /llms.txt and /.well-known/llms.txt as the scan fetched them. */
  llmsTxt?: TextFileArtifact[];
}

export interface SiteCrawlOptions {
  /** Pages to sample, the homepage included (it is page one). */
  pages: number;
  /** Requests the crawl may send, redirect hops, sitemaps and probes included; default crawlBudget(pages). */
  requests?: number;
  /** Body bytes the crawl may read (after decompression); default crawlBudget(pages). */
  bytes?: number;
  /** Requests open at once to the site (CRAWL_CONCURRENCY); a Crawl-delay makes it 1. */
  concurrency?: number;
  /** Templates probed as each AI platform's agents (default templatesProbed(pages): one per ten pages, at most TEMPLATE_PROBES_MAX). */
  templateProbes?: number;
  /** Reads each page's facts the moment it arrives (derive/page-facts.ts). */
  readPage: PageReader;
  /** Told after each page: pages done of the pages planned so far. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/**
 * The default budgets for a page budget: two requests a page (a redirect hop each), the sitemaps and the
 * template probes; BYTES_PER_PAGE a page and the sitemaps. A scan of 100 pages: 360 requests, 65 MiB.
 */
export function crawlBudget(pages: number): { requests: number; bytes: number } {
  return {
    requests: 2 * pages + SITEMAPS_READ_MAX + templatesProbed(pages) * probesPerTemplate(),
    bytes: pages * BYTES_PER_PAGE + 10 * SITEMAP_MAX_BYTES,
  };
}

/**
 * Crawls the site behind the homepage (issue 29): finds its URLs (sitemaps, llms.txt, the homepage's links,
 * then breadth-first the links of the pages read), groups them into templates, samples pages across the
 * templates, fetches them as sightline within robots.txt and the budgets, hands each to `readPage` and
 * keeps only what it returns, then probes one page of the largest templates as each AI platform's agents.
 * Call it with the scan's own fetcher (ScanContext.fetcher), not gatherArtifacts' caching one: that cache
 * keeps every body up to 1 MiB for the rest of the gathering, which would hold every page. Never throws.
 */
export async function crawlSite(
  context: Pick<ScanContext, "fetcher" | "signal"> & Partial<Pick<ScanContext, "probeSigning">>,
  input: SiteCrawlInput,
  options: SiteCrawlOptions,
): Promise<SiteCrawlArtifact> {
  const started = performance.now();
  const pageBudget = Math.max(1, Math.floor(options.pages));
  const defaults = crawlBudget(pageBudget);
  const budget = { pages: pageBudget, requests: options.requests ?? defaults.requests, bytes: options.bytes ?? defaults.bytes };
  const robots = crawlRobots(input.robotsTxt);
  const spacingMs = (robots.crawlDelaySeconds ?? 0) * 1000;
  const limiter = crawlLimiter(options.concurrency ?? CRAWL_CONCURRENCY_DEFAULT, spacingMs, context.signal);
  const requests = new CrawlRequests(context.fetcher, limiter, budget, context.signal);
  const politeness = { group: robots.group, crawlDelaySeconds: robots.crawlDelaySeconds, disallowed: 0 };
  const homepage = input.homepage;
  if (!homepage.ok) {
    // Nothing to crawl from: the homepage alone, as it failed.
    const url = homepage.error.url;
    return {
      budget,
      discovered: { total: 1, sitemap: 0, links: 0, llmsTxt: 0, capped: false },
      templates: [{ template: HOMEPAGE_TEMPLATE, discovered: 1, sampled: 1, examples: [url] }],
      pages: [{ url, template: HOMEPAGE_TEMPLATE, source: "homepage", fetch: { ok: false, error: homepage.error } }],
      politeness,
      templateProbes: [],
      spent: { requests: 0, bytes: 0, ms: 0 },
      cut: null,
    };
  }

  const discovery = new SiteDiscovery(homepage.finalUrl);
  const homeUrl = discovery.urls()[0]!;
  const sampled = new Map<string, PageFacts>([[homeUrl, homepagePage(homepage, options.readPage)]]);
  for (const link of rawLinks(homepage.html, LINKS_PER_PAGE)) discovery.add(link.href, "link", homepage.finalUrl);
  const llms = servedLlmsTxt(input.llmsTxt ?? []);
  if (llms) for (const link of parseLlmsTxt(llms.text, llms.finalUrl).links) if (link.href) discovery.add(link.href, "llms-txt");
  await discoverFromSitemaps(requests, discovery, sitemapStarts(new URL(homepage.finalUrl).origin, input.robotsTxt, input.sitemap));

  // robots.txt is asked about the URLs the sampler picks, not every URL found: a robots.txt of thousands of
  // rules takes milliseconds a question, so the questions are bounded by PLAN_ROUNDS × the page budget.
  const verdicts = new Map<string, boolean>([[homeUrl, true]]);
  const allows = (url: string) => {
    let verdict = verdicts.get(url);
    if (verdict === undefined) {
      verdict = robots.allows(url);
      verdicts.set(url, verdict);
    }
    return verdict;
  };
  let done = 1;
  // A cut before the first round (the sitemaps spent a budget) still samples it, so the pages say why they were not read.
  for (let wave = 0; wave < CRAWL_WAVES_MAX && sampled.size < pageBudget && (wave === 0 || requests.cut === null); wave++) {
    const plan = planWave(siteTemplates(discovery, homeUrl), new Set(sampled.keys()), pageBudget - sampled.size, verdicts, allows);
    if (plan.length === 0) break;
    const total = sampled.size + plan.length;
    await Promise.all(
      plan.map(async (url) => {
        const source = discovery.sourceOf(url) ?? "link";
        const page: PageFacts = { url, template: "", source, fetch: { ok: false, skipped: "robots" } };
        sampled.set(url, page);
        if (allows(url)) {
          const crawled = await crawlPage(requests, url, { host: discovery.host, allows, readPage: options.readPage });
          page.fetch = crawled.fetch;
          if (crawled.html) page.html = crawled.html;
          for (const link of crawled.links) discovery.add(link, "link", crawled.base);
        }
        options.onProgress?.({ done: ++done, total });
      }),
    );
  }

  const groups = siteTemplates(discovery, homeUrl);
  const templateOf = new Map<string, string>();
  for (const group of groups) for (const url of group.urls) templateOf.set(url, group.template);
  const pages = [...sampled.entries()].map(([url, page]) => ({ ...page, template: templateOf.get(url) ?? HOMEPAGE_TEMPLATE }));
  politeness.disallowed = [...verdicts.values()].filter((verdict) => !verdict).length;
  const templates = groups.slice(0, TEMPLATES_LISTED).map((group) => {
    const ofTemplate = pages.filter((page) => page.template === group.template);
    const examples = [...new Set([...ofTemplate.map((page) => page.url), ...group.urls.slice(0, EXAMPLES)])].slice(0, EXAMPLES);
    return { template: group.template, discovered: group.urls.length, sampled: ofTemplate.length, examples };
  });
  const templateProbes = await probeTemplates(
    context,
    requests,
    groups.map((group) => group.template).filter((template) => template !== HOMEPAGE_TEMPLATE),
    pages,
    options.templateProbes ?? templatesProbed(pageBudget),
  );
  return {
    budget,
    discovered: { ...discovery.counts, capped: discovery.capped },
    templates,
    pages,
    politeness,
    templateProbes,
    spent: { requests: requests.requests, bytes: requests.bytes, ms: Math.round(performance.now() - started) },
    // A budget the probes alone ran into cut no page of the sample.
    cut: pages.some(cutShort) ? requests.cut : null,
  };
}

function cutShort(page: PageFacts): boolean {
  return page.fetch.ok ? page.fetch.cut !== undefined : "skipped" in page.fetch && page.fetch.skipped !== "robots";
}

/**
 * The templates of the URLs found, the homepage's always "/" whatever its path ("/en/" included), beside
 * any other URL of the path "/" (the homepage asked for, when it redirected).
 */
function siteTemplates(discovery: SiteDiscovery, homeUrl: string): TemplateGroup[] {
  const groups = urlTemplates(discovery.urls().filter((url) => url !== homeUrl));
  const root = groups.find((group) => group.template === HOMEPAGE_TEMPLATE);
  if (root) root.urls.unshift(homeUrl);
  else groups.push({ template: HOMEPAGE_TEMPLATE, urls: [homeUrl] });
  return groups.sort((a, b) => b.urls.length - a.urls.length || (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
}

/** Rounds of sampling within one wave: a pick robots.txt closes is replaced by another of its template in the next. */
const PLAN_ROUNDS = 3;

/**
 * The pages of one wave: sampled, then asked of robots.txt. A template's first closed pick stays in the
 * sample (as a page robots.txt kept sightline from); its other closed picks are dropped and their places
 * sampled again, up to PLAN_ROUNDS times.
 */
function planWave(groups: TemplateGroup[], taken: Set<string>, budget: number, verdicts: Map<string, boolean>, allows: (url: string) => boolean): string[] {
  const templateOf = new Map<string, string>();
  for (const group of groups) for (const url of group.urls) templateOf.set(url, group.template);
  const closedShown = new Set<string>();
  for (const url of taken) if (verdicts.get(url) === false) closedShown.add(templateOf.get(url) ?? "");
  const plan: string[] = [];
  for (let round = 0; round < PLAN_ROUNDS && plan.length < budget; round++) {
    const picks = samplePages(sampleTemplates(groups, taken, verdicts), budget - plan.length);
    if (picks.length === 0) break;
    for (const url of picks) {
      const template = templateOf.get(url) ?? "";
      if (!allows(url)) {
        if (closedShown.has(template)) continue;
        closedShown.add(template);
      }
      taken.add(url);
      plan.push(url);
    }
  }
  return plan;
}

/** The templates as the sampler sees them: sizes, and the URLs not taken yet, apart the ones robots.txt was found to close. */
function sampleTemplates(groups: TemplateGroup[], taken: Set<string>, verdicts: Map<string, boolean>): SampleTemplate[] {
  return groups.map((group) => {
    const fresh = group.urls.filter((url) => !taken.has(url));
    return {
      template: group.template,
      size: group.urls.length,
      candidates: fresh.filter((url) => verdicts.get(url) !== false),
      blocked: fresh.filter((url) => verdicts.get(url) === false),
      sampled: group.urls.length - fresh.length,
    };
  });
}

/** Page one: the homepage as the scan fetched it, read like every other page. */
function homepagePage(homepage: HomepageResponse, readPage: PageReader): PageFacts {
  const contentType = homepage.headers["content-type"] ?? null;
  const page: PageFacts = {
    url: homepage.requestedUrl,
    template: HOMEPAGE_TEMPLATE,
    source: "homepage",
    fetch: {
      ok: true,
      status: homepage.status,
      finalUrl: homepage.finalUrl,
      redirects: homepage.redirects,
      contentType,
      bytes: homepage.bytesRead ?? homepage.html.length,
      truncated: homepage.truncated,
      ...(homepage.cutByBudget ? { cut: "bytes" as const } : {}),
      ms: homepage.timing.totalMs,
      xRobotsTag: homepage.headers["x-robots-tag"] ?? null,
      contentUsage: homepage.headers["content-usage"] ?? null,
    },
  };
  if (homepage.status < 200 || homepage.status >= 300 || !isHtml(contentType, new TextEncoder().encode(homepage.html.slice(0, 512)))) return page;
  try {
    const facts = readPage({ url: homepage.requestedUrl, finalUrl: homepage.finalUrl, status: homepage.status, contentType, headers: homepage.headers, html: homepage.html, truncated: homepage.truncated });
    return facts ? { ...page, html: facts } : page;
  } catch {
    return page;
  }
}
