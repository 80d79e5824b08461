import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { pageFacts } from "../../../../src/analyzers/visibility/derive/page-facts.ts";
import { pageVerdict, siteContext } from "../../../../src/analyzers/visibility/derive/page-verdict.ts";
import type { PageFacts } from "../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { PageVerdictSchema } from "../../../../src/analyzers/visibility/site-record-schema.ts";
import { ORIGIN, page, probes, robots, site } from "../sample-site.ts";

const URL_ = `${ORIGIN}/guides/bread`;
const GOOD = page({
  title: "Storing bread",
  description: "How to keep bread fresh.",
  head: `<link rel="canonical" href="${URL_}"><meta property="og:title" content="Storing bread"><meta property="og:image" content="${ORIGIN}/og.png">`,
});

function facts(html: string | null, options: { status?: number; finalUrl?: string; redirects?: { url: string; status: number }[]; xRobotsTag?: string; source?: PageFacts["source"]; url?: string } = {}): PageFacts {
  const url = options.url ?? URL_;
  const status = options.status ?? 200;
  const finalUrl = options.finalUrl ?? url;
  return {
    url,
    template: "/guides/<slug>",
    source: options.source ?? "link",
    fetch: { ok: true, status, finalUrl, redirects: options.redirects ?? [], contentType: "text/html", bytes: 100, truncated: false, ms: 3, xRobotsTag: options.xRobotsTag ?? null, contentUsage: null },
    ...(html !== null ? { html: pageFacts({ html, finalUrl, contentType: "text/html", status }) } : {}),
  };
}

const context = (robotsText?: string, templateProbes: Parameters<typeof siteContext>[1]["templateProbes"] = []) => siteContext(site(robotsText ? { robotsTxt: robots(robotsText) } : {}), { templateProbes });
const ids = (verdict: ReturnType<typeof pageVerdict>) => verdict.findings.map((finding) => finding.id);
const status = (verdict: ReturnType<typeof pageVerdict>, platform: string) => verdict.reach.find((entry) => entry.platform === platform);

describe("pageVerdict", () => {
  test("a sound page: every platform reads it, canonical is self, and the verdict fits the schema", () => {
    const verdict = pageVerdict(facts(GOOD), context());
    expect(verdict).toMatchObject({ verdict: "sound", status: 200, canonical: "self", findings: [] });
    expect(verdict.reach.every((entry) => entry.status === "reads" && entry.cause === null)).toBe(true);
    expect(Value.Check(PageVerdictSchema, verdict)).toBe(true);
  });

  test("canonical: missing, another page, another host", () => {
    const bare = page({ title: "T", description: "D", head: `<meta property="og:title" content="T"><meta property="og:image" content="/i.png">` });
    expect(pageVerdict(facts(bare), context())).toMatchObject({ canonical: "missing", findings: [{ id: "canonical-missing", severity: "warn" }] });
    const other = bare.replace("<head>", `<head><link rel="canonical" href="/guides/other">`);
    expect(pageVerdict(facts(other), context())).toMatchObject({ canonical: "other-page", findings: [{ id: "canonical-other-page" }] });
    const host = bare.replace("<head>", `<head><link rel="canonical" href="https://mirror.example/guides/bread">`);
    expect(pageVerdict(facts(host), context())).toMatchObject({ canonical: "other-host", findings: [{ id: "canonical-other-host" }] });
    expect(pageVerdict(facts(bare.replace("<head>", `<head><link rel="canonical" href="${URL_}#top">`)), context()).canonical).toBe("self");
    // The page naming its clean URL is itself: another scheme, a trailing slash, tracking parameters dropped, www or not.
    const reached = (canonical: string, finalUrl: string) => pageVerdict(facts(bare.replace("<head>", `<head><link rel="canonical" href="${canonical}">`), { finalUrl }), context());
    expect(reached("https://example.com/guides/bread/", "http://example.com/guides/bread?utm_source=rss&ref=x").canonical).toBe("self");
    expect(reached("https://example.com/story?id=4", "https://www.example.com/story?id=4&cid=feed")).toMatchObject({ canonical: "self", findings: [] });
    expect(reached("https://example.com/story?id=5", "https://example.com/story?id=4").canonical).toBe("other-page");
  });

  test("status and redirects: an error, a redirect ending in 404, a chain, a sitemap URL that redirects, a soft 404", () => {
    expect(pageVerdict(facts(null, { status: 500 }), context())).toMatchObject({ verdict: "failed", reach: [], findings: [{ id: "http-error", text: "It answers HTTP 500: AI agents cannot read or cite it." }] });
    const gone = pageVerdict(facts(null, { status: 404, finalUrl: `${ORIGIN}/gone`, redirects: [{ url: URL_, status: 301 }] }), context());
    expect(gone.findings).toEqual([{ id: "redirect-to-error", severity: "fail", text: `It redirects (1 hop) to ${ORIGIN}/gone, which answers HTTP 404: visitors and AI agents following the old link get an error.` }]);
    const hops = [{ url: `${ORIGIN}/a`, status: 301 }, { url: `${ORIGIN}/b`, status: 302 }];
    expect(ids(pageVerdict(facts(GOOD, { url: `${ORIGIN}/a`, finalUrl: URL_, redirects: hops }), context()))).toEqual(["redirect-chain"]);
    expect(ids(pageVerdict(facts(GOOD, { url: `${ORIGIN}/a`, finalUrl: URL_, redirects: hops.slice(0, 1), source: "sitemap" }), context()))).toEqual(["sitemap-redirect"]);
    expect(ids(pageVerdict(facts(GOOD, { url: `${ORIGIN}/a`, finalUrl: URL_, redirects: hops.slice(0, 1), source: "link" }), context()))).toEqual([]);
    const soft = pageVerdict(facts(page({ title: "Page not found", body: "<h1>Page not found</h1><p>Sorry.</p>" })), context());
    expect(soft.verdict).toBe("failed");
    expect(ids(soft)[0]).toBe("soft-404");
    expect(soft.reach.every((entry) => entry.status !== "reads")).toBe(true);
  });

  test("not fetched: skipped for robots or a budget, failed for a fetch error", () => {
    const skipped = pageVerdict({ url: URL_, template: "/guides/<slug>", source: "sitemap", fetch: { ok: false, skipped: "robots" } }, context());
    expect(skipped).toMatchObject({ verdict: "skipped", skipped: "robots", status: null, reach: [], findings: [], facts: null });
    const error = pageVerdict({ url: URL_, template: "/guides/<slug>", source: "sitemap", fetch: { ok: false, error: { code: "timeout", message: "timed out after 10 s", url: URL_ } } }, context());
    expect(error).toMatchObject({ verdict: "failed", error: "timed out after 10 s", findings: [{ id: "fetch-error" }] });
    expect(Value.Check(PageVerdictSchema, skipped) && Value.Check(PageVerdictSchema, error)).toBe(true);
  });

  test("X-Robots-Tag per agent: a header for Googlebot only keeps Google out and no one else", () => {
    const verdict = pageVerdict(facts(GOOD, { xRobotsTag: "googlebot: noindex" }), context());
    expect(status(verdict, "google")).toEqual({ platform: "google", status: "blocked", cause: "`X-Robots-Tag: googlebot: noindex` tells Googlebot not to index the page" });
    expect(status(verdict, "chatgpt")!.status).toBe("reads");
    expect(ids(verdict)).toContain("agent-directive");
    expect(ids(verdict)).not.toContain("noindex");
  });

  test("meta robots noindex for all fails the page; nosnippet warns", () => {
    const noindex = pageVerdict(facts(GOOD.replace("<head>", '<head><meta name="robots" content="noindex">')), context());
    expect(noindex.findings[0]).toMatchObject({ id: "noindex", severity: "fail" });
    const nosnippet = pageVerdict(facts(GOOD.replace("<head>", '<head><meta name="robots" content="nosnippet">')), context());
    expect(nosnippet.findings[0]).toMatchObject({ id: "nosnippet", severity: "warn" });
    expect(status(nosnippet, "google")!.status).not.toBe("reads");
  });

  test("robots.txt for the page's path, with the line that decides, per agent", () => {
    const verdict = pageVerdict(facts(GOOD), context("User-agent: PerplexityBot\nUser-agent: Claude-SearchBot\nDisallow: /guides/\n"));
    expect(verdict.findings).toEqual([{ id: "robots-disallowed", severity: "fail", text: "robots.txt line 3 (Disallow: /guides/) keeps PerplexityBot and Claude-SearchBot out of this page." }]);
    expect(status(verdict, "perplexity")!.cause).toBe("PerplexityBot is disallowed by robots.txt line 3 (Disallow: /guides/)");
    expect(status(verdict, "google")!.status).toBe("reads");
    // Another path is not touched.
    expect(pageVerdict(facts(GOOD.replace(URL_, `${ORIGIN}/menu`), { url: `${ORIGIN}/menu` }), context("User-agent: PerplexityBot\nDisallow: /guides/\n")).findings).toEqual([]);
  });

  test("the template's probes: an agent refused at the edge on the template's probed page is refused on its pages", () => {
    const refused = probes((agent) => (agent === "PerplexityBot" ? { status: 403 } : {}));
    const verdict = pageVerdict(facts(GOOD), context(undefined, [{ template: "/guides/<slug>", url: URL_, probes: refused }]));
    expect(status(verdict, "perplexity")).toMatchObject({ status: "limited", cause: "PerplexityBot gets HTTP 403 at the edge" });
    // Another template's probes say nothing about this one.
    const elsewhere = pageVerdict(facts(GOOD), context(undefined, [{ template: "/blog/<slug>", url: `${ORIGIN}/blog/x`, probes: refused }]));
    expect(status(elsewhere, "perplexity")!.status).toBe("reads");
  });

  test("markup: a product without offers, an article without byline or date, missing title, description, h1, lang and Open Graph", () => {
    const product = page({
      title: "Lamp",
      head: `<link rel="canonical" href="${URL_}"><meta property="og:title" content="Lamp"><meta property="og:image" content="/l.png"><meta property="og:type" content="product"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lamp","image":"/l.png"}</script>`,
      body: "<h1>Lamp</h1><p>€40</p><button>Add to cart</button>",
    });
    expect(pageVerdict(facts(product), context()).findings).toEqual([
      { id: "product-incomplete", severity: "warn", text: "It is a product page, but its Product markup lacks `offers`, which Google requires for merchant listings (https://developers.google.com/search/docs/appearance/structured-data/merchant-listing)." },
    ]);
    const words = Array.from({ length: 400 }, (_, index) => `w${index}`).join(" ");
    const article = page({ title: "Note", head: `<link rel="canonical" href="${URL_}"><meta property="og:type" content="article"><meta property="og:title" content="Note"><meta property="og:image" content="/i.png">`, body: `<article><h1>Note</h1><p>${words}</p></article>` });
    expect(ids(pageVerdict(facts(article), context()))).toEqual(["schema-type-misfit", "article-no-author", "article-no-date"]);
    expect(ids(pageVerdict(facts("<p>hi</p>"), context()))).toEqual(["missing-title", "missing-description", "missing-h1", "missing-lang", "open-graph-missing", "canonical-missing"]);
  });

  test("an app shell: the agents that run no JavaScript cannot read it; Google's renders it", () => {
    const shell = page({ title: "App", head: `<link rel="canonical" href="${URL_}"><script type="module" src="/app.js"></script>`, body: '<div id="root"></div>' });
    const verdict = pageVerdict(facts(shell), context());
    expect(verdict.findings[0]).toMatchObject({ id: "app-shell", severity: "fail" });
    expect(verdict.findings[0]!.text).toContain("ChatGPT");
    expect(status(verdict, "chatgpt")).toEqual({ platform: "chatgpt", status: "blocked", cause: "OAI-SearchBot runs no JavaScript and sees an empty app shell" });
    expect(status(verdict, "google")!.status).toBe("reads");
  });
});
