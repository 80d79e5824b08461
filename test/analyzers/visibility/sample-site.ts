import type {
  Artifacts,
  HomepageResponse,
  OffsiteArtifact,
  ProbeArtifact,
  RobotsTxtArtifact,
  SamplePageArtifact,
  SitemapArtifact,
  TextFileArtifact,
} from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { BROWSER_USER_AGENT, probedCrawlers } from "../../../src/analyzers/visibility/crawlers.ts";
import { ARTIFACTS_VERSION } from "../../../src/analyzers/visibility/gather/artifacts.ts";

/** Hand-made sites for audit and scoring tests: a well-prepared page and variations on it. */

export const DOMAIN = "example.com";
export const ORIGIN = "https://example.com";

export const INTRO =
  "Example Bakery bakes sourdough bread, croissants and seasonal cakes every morning in Lisbon. " +
  "We deliver to offices and homes across the city, run weekend baking classes for beginners, " +
  "and cater weddings and birthdays. Order online before noon for next-day delivery, or visit our shop on Rua Augusta, open from seven in the morning until seven in the evening, every day except Monday.";

export const GOOD_JSON_LD = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Organization",
  name: "Example Bakery",
  url: "https://example.com/",
  sameAs: ["https://www.wikidata.org/wiki/Q1"],
});

export function page(parts: { lang?: string | null; title?: string | null; description?: string | null; head?: string; body?: string } = {}): string {
  const lang = parts.lang === undefined ? ' lang="en"' : parts.lang === null ? "" : ` lang="${parts.lang}"`;
  const title = parts.title === undefined ? "<title>Example Bakery — sourdough and cakes in Lisbon</title>" : parts.title === null ? "" : `<title>${parts.title}</title>`;
  const description =
    parts.description === undefined
      ? '<meta name="description" content="Example Bakery in Lisbon: sourdough bread, croissants and cakes baked daily, delivered across the city.">'
      : parts.description === null
        ? ""
        : `<meta name="description" content="${parts.description}">`;
  const head = parts.head ?? `<script type="application/ld+json">${GOOD_JSON_LD}</script>`;
  const body = parts.body ?? `<header><h1>Example Bakery</h1></header><main><p>${INTRO}</p></main>`;
  return `<!doctype html><html${lang}><head><meta charset="utf-8">${title}${description}${head}</head><body>${body}</body></html>`;
}

export const GOOD_ROBOTS = "User-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n";

export function homepage(overrides: Partial<HomepageResponse> = {}): HomepageResponse {
  return {
    ok: true,
    requestedUrl: `${ORIGIN}/`,
    finalUrl: `${ORIGIN}/`,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    html: page(),
    truncated: false,
    redirects: [],
    timing: { ttfbMs: 10, totalMs: 15 },
    failedAttempts: [],
    ...overrides,
  };
}

export function robots(textOrOverrides: string | Partial<Extract<RobotsTxtArtifact, { ok: true }>> = GOOD_ROBOTS): RobotsTxtArtifact {
  const overrides = typeof textOrOverrides === "string" ? { text: textOrOverrides } : textOrOverrides;
  return {
    ok: true,
    url: `${ORIGIN}/robots.txt`,
    finalUrl: `${ORIGIN}/robots.txt`,
    status: 200,
    contentType: "text/plain",
    text: GOOD_ROBOTS,
    truncated: false,
    redirects: [],
    ...overrides,
  };
}

/** The good site: every artifact a full scan gathers, all of them fine. */
export function site(overrides: Partial<Omit<Artifacts, "version" | "domain">> = {}): Artifacts {
  return {
    version: ARTIFACTS_VERSION,
    domain: DOMAIN,
    gatheredAt: GATHERED_AT,
    homepage: homepage(),
    robotsTxt: robots(),
    httpRedirect: { ok: true, url: "http://example.com/", status: 301, location: "https://example.com/" },
    probes: probes(),
    llmsTxt: [llms(GOOD_LLMS_TXT), llms("", { status: 404, url: `${ORIGIN}/.well-known/llms.txt` })],
    llmsFullTxt: llms("# Example Bakery\n\nEverything we bake.", { url: `${ORIGIN}/llms-full.txt` }),
    llmsLinks: [{ url: `${ORIGIN}/menu`, ok: true, status: 200 }],
    sitemap: sitemap(),
    samplePages: [samplePage("about"), samplePage("contact"), samplePage("privacy"), samplePage("content")],
    offsite: offsite(),
    ...overrides,
  };
}

export const GATHERED_AT = "2026-11-15T12:00:00.000Z";

export const GOOD_LLMS_TXT = `# Example Bakery\n\n> Sourdough and cakes in Lisbon.\n\n## Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n- [About](${ORIGIN}/about): who we are\n`;

export function llms(text: string, overrides: Partial<Extract<TextFileArtifact, { ok: true }>> = {}): TextFileArtifact {
  const url = overrides.url ?? `${ORIGIN}/llms.txt`;
  return { url, ok: true, status: 200, finalUrl: url, contentType: "text/plain; charset=utf-8", text, truncated: false, ...overrides };
}

export function sitemap(overrides: Partial<Extract<SitemapArtifact, { ok: true }>> = {}): SitemapArtifact {
  return {
    ok: true,
    source: "robots",
    url: `${ORIGIN}/sitemap.xml`,
    status: 200,
    contentType: "application/xml",
    kind: "urlset",
    entries: 12,
    withLastmod: 12,
    newestLastmod: "2026-10-30",
    sample: [`${ORIGIN}/`, `${ORIGIN}/menu`],
    truncated: false,
    ...overrides,
  };
}

/** One probe answer: by default the same page the browser gets. */
export function probe(agent: string, overrides: Partial<Extract<ProbeArtifact, { ok: true }>> = {}): ProbeArtifact {
  return { agent, userAgent: agent, url: `${ORIGIN}/`, ok: true, status: 200, finalUrl: `${ORIGIN}/`, headers: { "content-type": "text/html" }, bytes: 4000, truncated: false, words: 90, title: "Example Bakery", challengeMarker: null, ...overrides };
}

/** The browser and every probed crawler, each answer changed by `forCrawler` when given. */
export function probes(forCrawler: (agent: string) => Partial<Extract<ProbeArtifact, { ok: true }>> = () => ({})): ProbeArtifact[] {
  return [{ ...probe("browser"), userAgent: BROWSER_USER_AGENT }, ...probedCrawlers().map((crawler) => probe(crawler.token, forCrawler(crawler.token)))];
}

export const ARTICLE_BODY =
  "<main><h1>Our sourdough</h1><p>" + INTRO + "</p><h2>How long does the dough rise?</h2><p>Our dough rises for thirty-six hours in a cool room, which gives the crust its colour and the crumb its flavour.</p>" +
  "<ul><li>Flour from Alentejo</li><li>Sea salt</li><li>Water</li></ul><p>" + INTRO + " " + INTRO + "</p>" +
  '<p>Written by <a rel="author" href="/about">Ana Baker</a>, updated <time datetime="2026-10-01">1 October 2026</time>.</p></main>';

export function samplePage(role: SamplePageArtifact["role"], html = page({ body: ARTICLE_BODY })): SamplePageArtifact {
  const url = `${ORIGIN}/${role === "content" ? "menu" : role}`;
  return { url, role, ok: true, status: 200, finalUrl: url, contentType: "text/html; charset=utf-8", html, truncated: false };
}

export function offsite(overrides: Partial<OffsiteArtifact> = {}): OffsiteArtifact {
  return {
    wikidata: { status: "found", detail: "Wikidata item Q1 gives example.com as its official website.", url: "https://www.wikidata.org/wiki/Q1" },
    wikipedia: { status: "found", detail: "The Wikidata item has an English Wikipedia article.", url: "https://en.wikipedia.org/wiki/Example_Bakery" },
    wikipediaCitations: 2,
    commonCrawl: { status: "found", detail: "Common Crawl CC-MAIN-2026-44 holds pages of example.com.", url: "https://example.com/" },
    ...overrides,
  };
}

/** A page with this HTML (and otherwise the good site). */
export function siteWithHtml(html: string, headers: Record<string, string> = {}): Artifacts {
  return site({ homepage: homepage({ html, headers: { "content-type": "text/html", ...headers } }) });
}

export function siteWithRobots(text: string): Artifacts {
  return site({ robotsTxt: robots(text) });
}

export const APP_SHELL = page({
  description: null,
  head: '<script type="module" src="/assets/index-4f2a.js"></script>',
  body: '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>',
  title: "Example",
});
