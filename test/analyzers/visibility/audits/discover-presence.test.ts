import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { describe, expect, test } from "bun:test";
import { canonicalLink } from "../../../../src/analyzers/visibility/audits/discover/canonical-link.ts";
import { feed } from "../../../../src/analyzers/visibility/audits/discover/feed.ts";
import { llmsFullTxt } from "../../../../src/analyzers/visibility/audits/discover/llms-full-txt.ts";
import { llmsTxt } from "../../../../src/analyzers/visibility/audits/discover/llms-txt.ts";
import { robotsSitemap } from "../../../../src/analyzers/visibility/audits/discover/robots-sitemap.ts";
import { sitemapValid } from "../../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import { commonCrawl } from "../../../../src/analyzers/visibility/audits/presence/common-crawl.ts";
import { wikidataEntity } from "../../../../src/analyzers/visibility/audits/presence/wikidata-entity.ts";
import { wikipediaArticle } from "../../../../src/analyzers/visibility/audits/presence/wikipedia-article.ts";
import type { Artifacts, FeedArtifact, OffsiteArtifact } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { GOOD_LLMS_TXT, llms, offsite, page, robots, site, siteWithHtml, siteWithRobots, sitemap } from "../sample-site.ts";

describe("robots-sitemap", () => {
  test("passes and quotes the Sitemap lines", () => {
    const outcome = runAudit(robotsSitemap, site());
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toEqual(["Sitemap: https://example.com/sitemap.xml"]);
  });

  test("warns without a Sitemap line, with the line to add", () => {
    const outcome = runAudit(robotsSitemap, siteWithRobots("User-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.fix?.how).toContain("Sitemap: https://example.com/sitemap.xml");
  });

  test("warns when there is no robots.txt; unknown when it is unavailable", () => {
    expect(runAudit(robotsSitemap, site({ robotsTxt: robots({ status: 404 }) }))).toMatchObject({ status: "warn" });
    expect(runAudit(robotsSitemap, site({ robotsTxt: robots({ status: 500 }) }))).toMatchObject({ status: "unknown", score: null });
  });
});

describe("sitemap-valid", () => {
  test("passes with lastmod on most entries", () => {
    expect(runAudit(sitemapValid, site())).toMatchObject({ status: "pass", score: 1 });
  });
  test("warns when few entries have a lastmod, saying how many", () => {
    const outcome = runAudit(sitemapValid, site({ sitemap: sitemap({ entries: 10, withLastmod: 2 }) }));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("only 2 of them (20%)");
    expect(outcome.fix?.how).toContain("<lastmod>");
  });
  test("fails when missing or not a sitemap; unknown when refused", () => {
    expect(runAudit(sitemapValid, site({ sitemap: sitemap({ status: 404 }) }))).toMatchObject({ status: "fail", score: 0 });
    expect(runAudit(sitemapValid, site({ sitemap: sitemap({ kind: null }) })).detail).toContain("not an XML sitemap");
    expect(runAudit(sitemapValid, site({ sitemap: sitemap({ entries: 0, withLastmod: 0 }) }))).toMatchObject({ status: "fail" });
    expect(runAudit(sitemapValid, site({ sitemap: sitemap({ status: 403 }) }))).toMatchObject({ status: "unknown" });
    expect(runAudit(sitemapValid, site({ sitemap: undefined }))).toMatchObject({ status: "unknown" });
  });
});

describe("llms-txt", () => {
  test("passes a well-formed file whose checked links resolve", () => {
    expect(runAudit(llmsTxt, site())).toMatchObject({ status: "pass", score: 1 });
  });
  test("reports format problems and broken links, one by one", () => {
    const outcome = runAudit(llmsTxt, 
      site({ llmsTxt: [llms("Just some text\n# A\n# B\n"), llms("", { status: 404 })], llmsLinks: [{ url: "https://example.com/gone", ok: true, status: 404 }] }),
    );
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("Rule h1-first");
    expect(outcome.detail).toContain("line 1 `Just some text` comes before the H1 on line 2");
    expect(outcome.detail).toContain("line 3 `# B` is a second H1");
    expect(outcome.detail).toContain("Rule links-resolve");
    expect(outcome.detail).toContain("https://example.com/gone answers HTTP 404");
  });
  test("a wrong content type is a problem", () => {
    expect(runAudit(llmsTxt, site({ llmsTxt: [llms(GOOD_LLMS_TXT, { contentType: "application/octet-stream" })] })).detail).toContain("served with `Content-Type: application/octet-stream`");
  });
  test("missing (or an HTML soft 404) fails with a skeleton filled with the site's own name and pages", () => {
    const artifacts = site({
      homepage: undefined,
      llmsTxt: [llms("<!doctype html><html>not here</html>", { contentType: "text/html" }), llms("", { status: 404 })],
    });
    const withLinks = siteWithHtml(page({ body: '<h1>Example Bakery</h1><p>x</p><a href="/menu">Our menu</a>' }));
    const outcome = runAudit(llmsTxt, { ...withLinks, llmsTxt: artifacts.llmsTxt });
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.fix?.how).toContain("# Example Bakery");
    expect(outcome.fix?.how).toContain("- [Our menu](https://example.com/menu)");
    expect(outcome.fix?.how).toContain("> Example Bakery in Lisbon");
  });
  test("unknown when both locations fail to fetch, or refuse the scanner", () => {
    const error = { url: "https://example.com/llms.txt", ok: false as const, error: { code: "timeout" as const, message: "timed out", url: "https://example.com/llms.txt" } };
    expect(runAudit(llmsTxt, site({ llmsTxt: [error, error] }))).toMatchObject({ status: "unknown" });
    expect(runAudit(llmsTxt, site({ llmsTxt: [llms("", { status: 403 }), llms("", { status: 404 })] }))).toMatchObject({ status: "unknown" });
  });
});

describe("llms-full-txt", () => {
  test("passes when present, warns when missing", () => {
    expect(runAudit(llmsFullTxt, site())).toMatchObject({ status: "pass" });
    expect(runAudit(llmsFullTxt, site({ llmsFullTxt: llms("", { status: 404, url: "https://example.com/llms-full.txt" }) }))).toMatchObject({ status: "warn", score: 0.5 });
  });
});

describe("canonical-link", () => {
  test("passes a self-referencing canonical", () => {
    expect(runAudit(canonicalLink, siteWithHtml(page({ head: '<link rel="canonical" href="https://example.com/">' })))).toMatchObject({ status: "pass" });
  });
  test("warns when missing, pointing elsewhere or repeated; fails when invalid", () => {
    expect(runAudit(canonicalLink, siteWithHtml(page()))).toMatchObject({ status: "warn", score: 0.4 });
    expect(runAudit(canonicalLink, siteWithHtml(page({ head: '<link rel="canonical" href="https://example.com/other">' }))).detail).toContain("names a different page");
    expect(runAudit(canonicalLink, siteWithHtml(page({ head: '<link rel="canonical" href="/"><link rel="canonical" href="/x">' }))).detail).toContain("2 canonical links");
    expect(runAudit(canonicalLink, siteWithHtml(page({ head: '<link rel="canonical" href="http://[bad">' })))).toMatchObject({ status: "fail" });
  });
});

describe("feed", () => {
  const announcing = (fetched: Artifacts["feed"]) => ({ ...siteWithHtml(page({ head: '<link rel="alternate" type="application/rss+xml" href="/feed.xml">' })), ...(fetched ? { feed: fetched } : {}) });
  const answer = (overrides: Partial<Extract<FeedArtifact, { ok: true }>>): FeedArtifact => ({
    url: "https://example.com/feed.xml", ok: true, status: 200, finalUrl: "https://example.com/feed.xml", contentType: "application/rss+xml", truncated: false, kind: "rss", items: 3, start: "<?xml", ...overrides,
  });

  test("passes only when the announced feed answers with a feed, warns without a link", () => {
    expect(runAudit(feed, announcing(answer({})))).toMatchObject({ status: "pass", detail: "The homepage announces an RSS feed at https://example.com/feed.xml, which answers HTTP 200, with 3 items." });
    expect(runAudit(feed, siteWithHtml(page())).fix?.how).toContain('title="Example Bakery"');
  });

  test("a feed answering 404, an HTML page or a network error fails with what it got", () => {
    const dead = runAudit(feed, announcing(answer({ status: 404, kind: null, items: 0, contentType: "text/html", start: "<!doctype html>" })));
    expect(dead).toMatchObject({ status: "fail", score: 0 });
    expect(dead.detail).toBe("The homepage announces a feed at https://example.com/feed.xml, but it answers HTTP 404: readers and crawlers that follow the link find no feed.");
    expect(dead.fix!.what).toBe("Make the announced feed answer, or remove the link");
    const html = runAudit(feed, announcing(answer({ kind: null, items: 0, contentType: "text/html; charset=utf-8", start: "<!doctype html><html>" })));
    expect(html.detail).toBe("The homepage announces a feed at https://example.com/feed.xml, but it answers HTTP 200 with `text/html; charset=utf-8` and the body is not an RSS, Atom or JSON feed (it starts with `<!doctype html><html>`).");
    const down = runAudit(feed, announcing({ url: "https://example.com/feed.xml", ok: false, error: { code: "timeout", message: "no answer within 10 s", url: "https://example.com/feed.xml" } }));
    expect(down).toMatchObject({ status: "fail", detail: "The homepage announces a feed at https://example.com/feed.xml, but fetching it failed: no answer within 10 s." });
  });

  test("a scan from before feeds were fetched cannot tell: unknown, never a pass", () => {
    expect(runAudit(feed, announcing(undefined))).toMatchObject({ status: "unknown", score: null });
  });
});

describe("presence", () => {
  const checks = (overrides: Partial<OffsiteArtifact>) => site({ offsite: offsite(overrides) });

  test("found on all three passes, with the entries as evidence", () => {
    expect(runAudit(wikidataEntity, site())).toMatchObject({ status: "pass", evidence: ["https://www.wikidata.org/wiki/Q1"] });
    expect(runAudit(wikipediaArticle, site())).toMatchObject({ status: "pass" });
    expect(runAudit(commonCrawl, site())).toMatchObject({ status: "pass" });
  });

  test("not found fails with a fix; Wikipedia citations soften it", () => {
    expect(runAudit(wikidataEntity, checks({ wikidata: { status: "not_found", detail: "none", url: null } }))).toMatchObject({ status: "fail", score: 0 });
    expect(runAudit(wikipediaArticle, checks({ wikipedia: { status: "not_found", detail: "no article", url: null }, wikipediaCitations: 0 }))).toMatchObject({ status: "fail", score: 0 });
    // Cited is the title's second half: a pass, with the article as the stronger state in the detail.
    const cited = runAudit(wikipediaArticle, checks({ wikipedia: { status: "not_found", detail: "no article", url: null }, wikipediaCitations: 3 }));
    expect(cited).toMatchObject({ status: "pass", score: 1 });
    expect(cited.detail).toBe("3 English Wikipedia articles cite example.com (link to it), so Wikipedia cites the site. No article is about the organisation itself: one, linked from its Wikidata item, would be the stronger signal.");
    const citedUnknownItem = runAudit(wikipediaArticle, checks({ wikipedia: { status: "unknown", detail: "Wikidata could not be asked.", url: null }, wikipediaCitations: 1 }));
    expect(citedUnknownItem.status).toBe("pass");
    expect(citedUnknownItem.detail).toStartWith("1 English Wikipedia article cites example.com (link to it), so Wikipedia cites the site. Whether an article is about the organisation itself could not be checked");
    expect(runAudit(commonCrawl, checks({ commonCrawl: { status: "not_found", detail: "no capture", url: null } }))).toMatchObject({ status: "fail" });
  });

  test("a Common Crawl miss is the site's choice when robots.txt blocks CCBot", () => {
    const artifacts = { ...siteWithRobots("User-agent: CCBot\nDisallow: /\n"), offsite: offsite({ commonCrawl: { status: "not_found", detail: "no capture.", url: null } }) };
    const outcome = runAudit(commonCrawl, artifacts);
    expect(outcome.status).toBe("na");
    expect(outcome.detail).toContain("blocks CCBot");
  });

  test("unknown checks, off-site checks turned off, or never run leave the denominator", () => {
    expect(runAudit(wikidataEntity, checks({ wikidata: { status: "unknown", detail: "Wikidata could not be checked: HTTP 500.", url: null } }))).toMatchObject({ status: "unknown", score: null });
    expect(runAudit(wikidataEntity, site({ offsite: null })).detail).toContain("OFFSITE_CHECKS=off");
    expect(runAudit(commonCrawl, site({ offsite: undefined }))).toMatchObject({ status: "unknown", score: null });
  });
});
