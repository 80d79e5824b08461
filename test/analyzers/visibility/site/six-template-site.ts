import { pageFacts } from "../../../../src/analyzers/visibility/derive/page-facts.ts";
import type { Artifacts, ProbeArtifact, Redirect } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import type { PageFacts, SiteCrawlArtifact } from "../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { INTRO, ORIGIN, page, probes, robots, site } from "../sample-site.ts";

/**
 * A site of six templates behind a sound homepage, each with its own fault, as the crawl would keep it:
 * articles of which a subset are app shells, product pages whose Product has no offers, docs disallowed
 * for OAI-SearchBot only, tag pages with noindex, old URLs whose redirects end in 404, and sound guides.
 */

export const ROBOTS = "User-agent: OAI-SearchBot\nDisallow: /docs/\n\nUser-agent: *\nDisallow: /admin/\n\nSitemap: https://example.com/sitemap.xml\n";
export const COUNTS = { blog: 8, blogShells: 6, products: 5, docs: 4, tags: 3, old: 3, guides: 3 } as const;

const LONG = `${INTRO} ${INTRO} ${INTRO}`;

function head(url: string, title: string, extra = ""): string {
  return `<link rel="canonical" href="${url}"><meta property="og:title" content="${title}"><meta property="og:image" content="${ORIGIN}/og.png">${extra}`;
}

function html(url: string, title: string, body: string, extra = ""): string {
  return page({ title, description: `${title}: from Example Bakery.`, head: head(url, title, extra), body });
}

const SHELL = (url: string) =>
  page({ title: "Example Bakery blog", description: "Our blog.", head: `${head(url, "Example Bakery blog")}<script type="module" src="/assets/app.js"></script>`, body: '<div id="root"></div>' });

const ARTICLE = (url: string, n: number) =>
  html(
    url,
    `Baking note ${n}`,
    `<main><article><h1>Baking note ${n}</h1><p>By <a rel="author" href="/about">Ana Baker</a>, <time datetime="2026-10-0${(n % 9) + 1}">October 2026</time></p><p>${LONG}</p><p>${LONG}</p></article></main>`,
    `<meta property="og:type" content="article"><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "BlogPosting", headline: `Baking note ${n}`, author: { "@type": "Person", name: "Ana Baker" }, datePublished: "2026-10-01" })}</script>`,
  );

const PRODUCT = (url: string, n: number) =>
  html(
    url,
    `Sourdough loaf ${n}`,
    `<main><h1>Sourdough loaf ${n}</h1><p>${INTRO}</p><p class="price">€4,50</p><button>Add to cart</button></main>`,
    `<meta property="og:type" content="product"><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: `Sourdough loaf ${n}`, image: `${ORIGIN}/loaf.jpg` })}</script>`,
  );

const DOC = (url: string, n: number) => html(url, `Ordering guide ${n}`, `<main><h1>Ordering guide ${n}</h1><p>${INTRO}</p></main>`);
const TAG = (url: string, n: number) => html(url, `Tag ${n}`, `<main><h1>Posts tagged ${n}</h1><p>${INTRO}</p></main>`, '<meta name="robots" content="noindex, follow">');
const GUIDE = (url: string, n: number) => html(url, `Storing bread ${n}`, `<main><h1>Storing bread ${n}</h1><p>${INTRO}</p></main>`);

function fetched(url: string, template: string, body: string | null, options: { status?: number; finalUrl?: string; redirects?: Redirect[] } = {}): PageFacts {
  const status = options.status ?? 200;
  const finalUrl = options.finalUrl ?? url;
  return {
    url,
    template,
    source: "sitemap",
    fetch: { ok: true, status, finalUrl, redirects: options.redirects ?? [], contentType: "text/html", bytes: body?.length ?? 0, truncated: false, ms: 5, xRobotsTag: null, contentUsage: null },
    ...(body !== null && status < 300 ? { html: pageFacts({ html: body, finalUrl, contentType: "text/html", status }) } : {}),
  };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

/** Every agent gets the browser's page at `url`: the probes the crawl made of one page of a template. */
function templateProbes(template: string, url: string): { template: string; url: string; probes: ProbeArtifact[] } {
  return { template, url, probes: probes().map((probe) => ({ ...probe, url, ...(probe.ok ? { finalUrl: url } : {}) })) };
}

export function sixTemplateCrawl(homepageHtml: string): SiteCrawlArtifact {
  const blog = range(COUNTS.blog).map((n) => {
    const url = `${ORIGIN}/blog/note-${n}`;
    return fetched(url, "/blog/<slug>", n <= COUNTS.blogShells ? SHELL(url) : ARTICLE(url, n));
  });
  const products = range(COUNTS.products).map((n) => fetched(`${ORIGIN}/products/${100 + n}`, "/products/<id>", PRODUCT(`${ORIGIN}/products/${100 + n}`, n)));
  const docs = range(COUNTS.docs).map((n) => fetched(`${ORIGIN}/docs/ordering-${n}`, "/docs/<slug>", DOC(`${ORIGIN}/docs/ordering-${n}`, n)));
  const tags = range(COUNTS.tags).map((n) => fetched(`${ORIGIN}/tag/topic-${n}`, "/tag/<name>", TAG(`${ORIGIN}/tag/topic-${n}`, n)));
  const old = range(COUNTS.old).map((n) =>
    fetched(`${ORIGIN}/old/post-${n}`, "/old/<slug>", null, { status: 404, finalUrl: `${ORIGIN}/gone/post-${n}`, redirects: [{ url: `${ORIGIN}/old/post-${n}`, status: 301 }] }),
  );
  const guides = range(COUNTS.guides).map((n) => fetched(`${ORIGIN}/guides/storing-${n}`, "/guides/<slug>", GUIDE(`${ORIGIN}/guides/storing-${n}`, n)));
  const home = { ...fetched(`${ORIGIN}/`, "/", homepageHtml), source: "homepage" as const };
  const groups = [blog, products, docs, tags, old, guides];
  const templates = groups
    .map((pages) => ({ template: pages[0]!.template, discovered: pages.length * 10, sampled: pages.length, examples: pages.slice(0, 3).map((entry) => entry.url) }))
    .sort((a, b) => b.discovered - a.discovered);
  const pages = [home, ...groups.flat()];
  return {
    budget: { pages: 30, requests: 300, bytes: 50_000_000 },
    discovered: { total: templates.reduce((sum, entry) => sum + entry.discovered, 0) + 1, sitemap: 270, links: 11, llmsTxt: 0, capped: false },
    templates: [{ template: "/", discovered: 1, sampled: 1, examples: [`${ORIGIN}/`] }, ...templates],
    pages,
    politeness: { group: "*", crawlDelaySeconds: null, disallowed: 0 },
    templateProbes: groups.filter((pages) => pages[0]!.template !== "/old/<slug>").map((pages) => templateProbes(pages[0]!.template, pages[0]!.url)),
    spent: { requests: pages.length + 40, bytes: 400_000, ms: 900 },
    cut: null,
  };
}

/** The good sample site, with the six-template crawl and the robots.txt that keeps OAI-SearchBot out of /docs/. */
export function sixTemplateSite(): Artifacts {
  const base = site({ robotsTxt: robots(ROBOTS) });
  return { ...base, siteCrawl: sixTemplateCrawl(base.homepage.ok ? base.homepage.html : "") };
}
