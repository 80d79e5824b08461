import type { Artifacts, HomepageResponse, RobotsTxtArtifact } from "../../../src/analyzers/visibility/gather/artifacts.ts";
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

export function site(overrides: Partial<Pick<Artifacts, "homepage" | "robotsTxt">> = {}): Artifacts {
  return { version: ARTIFACTS_VERSION, domain: DOMAIN, homepage: homepage(), robotsTxt: robots(), ...overrides };
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
