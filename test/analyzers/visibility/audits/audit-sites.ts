import type { Artifacts } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { sixTemplateSite } from "../site/six-template-site.ts";
import { APP_SHELL, homepage, llms, offsite, page, probes, robots, samplePage, site, siteWithHtml, siteWithRobots, sitemap } from "../sample-site.ts";

/** Hand-made sites covering every branch the audits know: good, broken, blocked, missing, odd. */
export const SITES: Record<string, Artifacts> = {
  good: site(),
  "six templates, each with its fault (site-wide scan)": sixTemplateSite(),
  "app shell": siteWithHtml(APP_SHELL),
  "next data payload": siteWithHtml(page({ body: `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"p":"${"some words here ".repeat(30)}"}</script><script src="/m.js"></script>` })),
  "thin page": siteWithHtml(page({ body: "<p>Hi</p>" })),
  "empty body": siteWithHtml(""),
  "not html": siteWithHtml("%PDF-1.7 binary-ish \u0000 content"),
  "noindex meta": siteWithHtml(page({ head: '<meta name="robots" content="noindex">' })),
  "directives header": siteWithHtml(page(), { "x-robots-tag": "googlebot: nosnippet, max-snippet:20, noai, bingbot: noindex" }),
  "no title, description, lang or json-ld": siteWithHtml(page({ title: null, description: null, lang: null, head: "" })),
  "placeholder title, short description, bad lang": siteWithHtml(page({ title: "Home", description: "Hi", lang: "xx_yy!" })),
  "broken json-ld": siteWithHtml(page({ head: '<script type="application/ld+json">{"a":}</script><script type="application/ld+json">[{"@type":"Thing"}]</script>' })),
  "blocked all": siteWithRobots("User-agent: *\nDisallow: /\n"),
  "blocked some by own group": siteWithRobots("User-agent: PerplexityBot\nDisallow: /\nUser-agent: *\nAllow: /\n"),
  "training opt-out": siteWithRobots("User-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n"),
  "robots 404": site({ robotsTxt: robots({ status: 404, text: "" }) }),
  "robots 503": site({ robotsTxt: robots({ status: 503, text: "" }) }),
  "robots html": site({ robotsTxt: robots({ contentType: "text/html", text: "<html><body>hi</body></html>" }) }),
  "robots timeout": site({ robotsTxt: { ok: false, url: "https://example.com/robots.txt", error: { code: "timeout", message: "timed out", url: "https://example.com/robots.txt" } } }),
  "robots skipped": site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } }),
  "homepage 500": site({ homepage: homepage({ status: 500 }) }),
  "homepage cut at the read cap": site({ homepage: homepage({ bytesRead: 2 * 1024 * 1024, truncated: true }) }),
  "homepage 403": site({ homepage: homepage({ status: 403 }) }),
  "homepage 3xx": site({ homepage: homepage({ status: 304 }) }),
  "http only": site({ homepage: homepage({ finalUrl: "http://example.com/", requestedUrl: "http://example.com/", failedAttempts: [{ code: "connect", message: "refused", url: "https://example.com/" }] }) }),
  "crawlers refused": site({ probes: probes(() => ({ status: 403 })) }),
  "cdn 403 to crawlers": site({ probes: probes(() => ({ status: 403, headers: { "cf-ray": "x" } })) }),
  "slow, http not redirected": site({ homepage: homepage({ timing: { ttfbMs: 2500, totalMs: 2600 } }), httpRedirect: { ok: true, url: "http://example.com/", status: 200, location: null } }),
  "script-heavy": siteWithHtml(page({ head: `<script>${"x=1;".repeat(20000)}</script>` })),
  "no sitemap, llms.txt, feed or canonical": site({ sitemap: sitemap({ status: 404 }), llmsTxt: [llms("", { status: 404 })], llmsFullTxt: llms("", { status: 404 }) }),
  "broken llms.txt": site({ llmsTxt: [llms("no heading")], llmsLinks: [{ url: "https://example.com/x", ok: true, status: 404 }] }),
  "stale, unlinked, no images alt": site({
    samplePages: [samplePage("content", page({ body: '<h1>A</h1><h3>skip</h3><img src="/x.png">' }))],
    sitemap: sitemap({ newestLastmod: "2020-01-01", withLastmod: 1 }),
  }),
  "hsts short": site({ homepage: homepage({ headers: { "strict-transport-security": "max-age=60" } }) }),
  "not on wikidata, wikipedia or common crawl": site({
    offsite: offsite({ wikidata: { status: "not_found", detail: "no item", url: null }, wikipedia: { status: "not_found", detail: "no article", url: null }, wikipediaCitations: 0, commonCrawl: { status: "not_found", detail: "none", url: null } }),
  }),
  "off-site off": site({ offsite: null }),
  "redirect loop": site({
    homepage: { ok: false, error: { code: "too-many-redirects", message: "loop", url: "https://example.com/" }, failedAttempts: [{ code: "too-many-redirects", message: "loop", url: "https://example.com/" }] },
  }),
};
