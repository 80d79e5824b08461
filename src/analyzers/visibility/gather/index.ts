import type { ScanContext } from "../../analyzer.ts";
import { StepProgress } from "../../step-progress.ts";
import { servedLlmsTxt } from "../derive/served-llms-txt.ts";
import { gatherOffsite } from "../offsite/gather-offsite.ts";
import { ARTIFACTS_VERSION, type Artifacts, type HomepageArtifact, type RobotsTxtArtifact, type SitemapArtifact, type TextFileArtifact } from "./artifacts.ts";
import { gatherHomepage, homepageServerError, homepageUnreachable, siteOrigin } from "./homepage.ts";
import { gatherFeed } from "./feed.ts";
import { gatherHttpRedirect } from "./http-redirect.ts";
import { siteLinksToCheck } from "./llms-links.ts";
import { gatherProbes } from "./probes.ts";
import { gatherAgentDocuments } from "./agent-documents.ts";
import { fetchRobotsTxt, skippedRobotsTxt } from "./robots-txt.ts";
import { gatherSamplePages, pickSamplePages, pickSitemapPages, sampleHasRoom } from "./sample-pages.ts";
import { robotsGroups } from "../derive/robots/robots-groups.ts";
import { gatherSitemap, sitemapPageUrls, withChildSitemaps } from "./sitemap.ts";
import { cacheFetches, type ScanFetchCache } from "./scan-fetch-cache.ts";
import { limitFetcher } from "./site-limiter.ts";
import { LLMS_FULL_TXT_MAX_BYTES, LLMS_TXT_MAX_BYTES, TDMREP_MAX_BYTES, checkLink, fetchTextFile } from "./text-file.ts";
import { RSL_MAX_BYTES, rslPointers } from "../derive/usage-policy/rsl-licence.ts";
import { pageFacts } from "../derive/page-facts.ts";
import { crawlSite, type SiteCrawlInput } from "./site-crawl/crawl-site.ts";
import type { SiteCrawlArtifact } from "./site-crawl-artifact.ts";

type GatherContext = Pick<ScanContext, "domain" | "fetcher" | "signal"> &
  Partial<Pick<ScanContext, "offsite" | "now" | "progress" | "probeSigning" | "pages" | "crawlConcurrency">> & {
    /** Called once the homepage answered, so the caller can load what judges a site while the rest is fetched. */
    onReachable?: () => void;
  };

/** The gather steps pollers see, in the order they usually start. */
export const GATHER_STEPS = {
  homepage: "Fetching the homepage",
  robots: "Reading robots.txt",
  llms: "Looking for llms.txt",
  probes: "Probing the homepage as AI crawlers",
  offsite: "Looking up off-site presence (Wikidata, Wikipedia, Common Crawl)",
  redirect: "Checking the HTTP to HTTPS redirect",
  sitemap: "Reading the sitemap",
  samples: "Reading sample pages",
  llmsLinks: "Checking the links in llms.txt",
  site: "Reading the site's pages",
} as const;

type GatherStep = keyof typeof GATHER_STEPS;
type Steps = StepProgress<GatherStep>;

/**
 * Gathers every artifact of one scan: the only visibility code that touches the network.
 *
 * Independent fetches run in parallel through one per-site concurrency bound. Most of what a scan reads
 * lives at the site's origin, which is only certain once the homepage has answered; waiting for it would
 * add a full round trip to every scan, so the site files and the crawler probes start at once at the
 * likely origin (https://<domain>) and are fetched again only when the homepage turns out to live
 * elsewhere and the speculative answer did not land there. Off-site look-ups go to other services and
 * run beside all of it, outside the per-site bound. Within the scan each URL is fetched once per user
 * agent: gatherers asking for the same one share the response.
 */
export async function gatherArtifacts(context: GatherContext): Promise<Artifacts> {
  const gatheredAt = (context.now?.() ?? new Date()).toISOString();
  // The cache sits outside the per-site bound: a response already fetched (or on its way) takes no slot.
  const cache = cacheFetches(limitFetcher(context.fetcher));
  const site = { ...context, fetcher: cache };
  const guessedOrigin = `https://${context.domain}`;
  const steps: Steps = new StepProgress(GATHER_STEPS, context.progress);

  const homepagePromise = steps.track("homepage", gatherHomepage(site));
  const offsite = context.offsite
    ? steps.track("offsite", gatherOffsite(context.domain, context.offsite, { signal: context.signal }))
    : (steps.skip("offsite"), Promise.resolve(undefined));
  const speculative = {
    files: siteFiles(site, guessedOrigin, steps),
    probes: steps.track("probes", gatherProbes(site, `${guessedOrigin}/`)),
  };
  const homepage = await homepagePromise;

  if (homepageUnreachable(homepage) || homepageServerError(homepage)) {
    // Nothing was reached, or the server failed twice: the site is not judged, so nothing more is fetched.
    steps.skip("redirect", "sitemap", "samples", "llmsLinks", "site");
    await Promise.allSettled([speculative.files, speculative.probes]);
    const robotsUrl = homepage.ok ? `${siteOrigin(homepage)}/robots.txt` : homepage.error.url;
    return { version: ARTIFACTS_VERSION, domain: context.domain, gatheredAt, homepage, robotsTxt: skippedRobotsTxt(robotsUrl), offsite: await offsite };
  }

  context.onReachable?.();
  const origin = siteOrigin(homepage);
  const picked = homepage.ok && homepage.status < 400 ? pickSamplePages(homepage) : [];
  const linkedPages = gatherSamplePages(site, picked);
  const httpRedirect = origin.startsWith("https://")
    ? steps.track("redirect", gatherHttpRedirect(site, `http://${new URL(origin).host}/`))
    : (steps.skip("redirect"), Promise.resolve(undefined));
  const feed = gatherFeed(site, homepage);
  const probeUrl = homepage.ok ? homepage.requestedUrl : `${origin}/`;
  const probes = probeUrl === `${guessedOrigin}/` ? speculative.probes : steps.track("probes", gatherProbes(site, probeUrl));

  const files = await acceptOrRefetch(site, await speculative.files, origin, steps);
  const sitemapPromise = steps.track(
    "sitemap",
    robotsSitemap(site, files.robotsTxt, files.defaultSitemap).then((sitemap) => withChildSitemaps(site, sitemap)),
  );
  // When the homepage links to too few pages, the sitemap fills the sample; only those pages wait for it.
  const sitemapPages =
    homepage.ok && homepage.status < 400 && sampleHasRoom(picked)
      ? sitemapPromise.then((sitemap) => gatherSamplePages(site, pickSitemapPages(homepage, picked, sitemapPageUrls(sitemap)), "sitemap"))
      : Promise.resolve([]);
  steps.track("samples", Promise.all([linkedPages, sitemapPages]));
  const rslLicence = rslLicenceFile(site, files.robotsTxt, homepage);
  const siteCrawl =
    context.pages !== undefined && context.pages > 1 && homepage.ok && homepage.status < 400
      ? steps.track("site", sitemapPromise.then((sitemap) => crawlTheSite(context, cache, context.pages ?? 1, { homepage, robotsTxt: files.robotsTxt, sitemap, llmsTxt: files.llmsTxt }, steps)))
      : (steps.skip("site"), Promise.resolve(undefined));
  const [sitemap, llmsLinks, agentDocuments] = await Promise.all([
    sitemapPromise,
    steps.track("llmsLinks", llmsLinkChecks(site, files.llmsTxt, context.domain)),
    gatherAgentDocuments(site, origin),
  ]);

  return {
    version: ARTIFACTS_VERSION,
    domain: context.domain,
    gatheredAt,
    homepage,
    robotsTxt: files.robotsTxt,
    httpRedirect: await httpRedirect,
    probes: await probes,
    llmsTxt: files.llmsTxt,
    llmsFullTxt: files.llmsFullTxt,
    llmsLinks,
    tdmrep: files.tdmrep,
    rslLicence: await rslLicence,
    agentDocuments,
    sitemap,
    samplePages: [...(await linkedPages), ...(await sitemapPages)],
    ...(await feed.then((artifact) => (artifact ? { feed: artifact } : {}))),
    ...(await siteCrawl.then((crawl) => (crawl ? { siteCrawl: crawl } : {}))),
    offsite: await offsite,
  };
}

/** The pages behind the homepage (issue 29), each read into facts as it arrives, with the pages done shown to pollers. */
function crawlTheSite(context: GatherContext, cache: ScanFetchCache, pages: number, input: SiteCrawlInput, steps: Steps): Promise<SiteCrawlArtifact> {
  // Through the per-scan cache read-through: pages the scan already read are not asked for again, and the
  // crawl's own pages are not kept there (the cache would hold every body until gathering ends).
  return crawlSite({ ...context, fetcher: cache.readThrough() }, input, {
    pages,
    readPage: pageFacts,
    ...(context.crawlConcurrency ? { concurrency: context.crawlConcurrency } : {}),
    onProgress: ({ done, total }) => steps.detail("site", `${done} of ${total} pages`),
  });
}

interface SiteFiles {
  robotsTxt: RobotsTxtArtifact;
  llmsTxt: TextFileArtifact[];
  llmsFullTxt: TextFileArtifact;
  defaultSitemap: SitemapArtifact;
  tdmrep: TextFileArtifact;
}

function siteFiles(context: Pick<ScanContext, "fetcher" | "signal">, origin: string, steps: Steps): Promise<SiteFiles> {
  // Started in the order the per-site bound should serve them.
  const robotsTxt = steps.track("robots", fetchRobotsTxt(context, origin));
  const llmsFiles = Promise.all([
    fetchTextFile(context, `${origin}/llms.txt`, LLMS_TXT_MAX_BYTES),
    fetchTextFile(context, `${origin}/.well-known/llms.txt`, LLMS_TXT_MAX_BYTES),
    fetchTextFile(context, `${origin}/llms-full.txt`, LLMS_FULL_TXT_MAX_BYTES),
  ]);
  return Promise.all([
    robotsTxt,
    steps.track("llms", llmsFiles),
    gatherSitemap(context, `${origin}/sitemap.xml`, "default"),
    fetchTextFile(context, `${origin}/.well-known/tdmrep.json`, TDMREP_MAX_BYTES),
  ]).then(([robotsTxt, [llms, wellKnown, llmsFullTxt], defaultSitemap, tdmrep]) => ({ robotsTxt, llmsTxt: [llms, wellKnown], llmsFullTxt, defaultSitemap, tdmrep }));
}

/** Keeps the speculative files when the homepage's origin is the guessed one (or their redirects landed there); otherwise fetches them again there. */
async function acceptOrRefetch(context: Pick<ScanContext, "fetcher" | "signal">, files: SiteFiles, origin: string, steps: Steps): Promise<SiteFiles> {
  const landed = (artifact: { ok: boolean; url: string; finalUrl?: string }) =>
    new URL(artifact.url).origin === origin || (artifact.ok && artifact.finalUrl !== undefined && new URL(artifact.finalUrl).origin === origin);
  const robots = files.robotsTxt;
  const all = [
    { ...robots, finalUrl: robots.ok ? robots.finalUrl : undefined },
    ...files.llmsTxt.map((file) => ({ ...file, finalUrl: file.ok ? file.finalUrl : undefined })),
    { ...files.llmsFullTxt, finalUrl: files.llmsFullTxt.ok ? files.llmsFullTxt.finalUrl : undefined },
    { ...files.tdmrep, finalUrl: files.tdmrep.ok ? files.tdmrep.finalUrl : undefined },
  ];
  if (all.every(landed) && new URL(files.defaultSitemap.url).origin === origin) return files;
  return siteFiles(context, origin, steps);
}

/** The sitemap robots.txt names, when it is not the /sitemap.xml already fetched; otherwise that one. */
async function robotsSitemap(context: Pick<ScanContext, "fetcher" | "signal">, robotsTxt: RobotsTxtArtifact, fallback: SitemapArtifact): Promise<SitemapArtifact> {
  if (!robotsTxt.ok || robotsTxt.status !== 200) return fallback;
  const listed = robotsGroups(robotsTxt.text.split(/\r\n|\r|\n/)).sitemaps.find((sitemap) => URL.canParse(sitemap.url));
  if (!listed) return fallback;
  const url = new URL(listed.url).href;
  if (url === fallback.url) return { ...fallback, source: "robots" };
  return gatherSitemap(context, url, "robots");
}

/** The first RSL licence the site points to, fetched once (one request, bounded in bytes), or null when it points to none. */
async function rslLicenceFile(context: Pick<ScanContext, "fetcher" | "signal">, robotsTxt: RobotsTxtArtifact, homepage: HomepageArtifact): Promise<TextFileArtifact | null> {
  const lines = robotsTxt.ok && robotsTxt.status === 200 ? robotsTxt.text.split(/\r\n|\r|\n/) : [];
  const parsed = robotsGroups(lines);
  const robotsLicences = [...parsed.looseRecords, ...parsed.groups.flatMap((group) => group.records)].filter((record) => record.key === "license");
  const pointers = rslPointers({
    robotsLicences,
    linkHeader: homepage.ok ? homepage.headers.link : undefined,
    html: homepage.ok ? homepage.html : "",
    base: homepage.ok ? homepage.finalUrl : robotsTxt.url,
  });
  const first = pointers[0];
  return first ? fetchTextFile(context, first.url, RSL_MAX_BYTES) : null;
}

async function llmsLinkChecks(context: Pick<ScanContext, "fetcher" | "signal">, files: TextFileArtifact[], domain: string) {
  // The same file the llms-txt audit judges: an HTML page at /llms.txt is not one.
  const file = servedLlmsTxt(files);
  if (!file) return [];
  return Promise.all(siteLinksToCheck(file.text, file.finalUrl, domain).map((url) => checkLink(context, url)));
}

export type { HomepageArtifact };
