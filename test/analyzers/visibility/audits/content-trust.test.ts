import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { directAnswer } from "../../../../src/analyzers/visibility/audits/content/direct-answer.ts";
import { headingOutline } from "../../../../src/analyzers/visibility/audits/content/heading-outline.ts";
import { imageAlt } from "../../../../src/analyzers/visibility/audits/content/image-alt.ts";
import { listsTables } from "../../../../src/analyzers/visibility/audits/content/lists-tables.ts";
import { questionHeadings } from "../../../../src/analyzers/visibility/audits/content/question-headings.ts";
import { wordCountAudit } from "../../../../src/analyzers/visibility/audits/content/word-count.ts";
import { rawHtmlH1 } from "../../../../src/analyzers/visibility/audits/render/raw-html-h1.ts";
import { textMarkupRatio } from "../../../../src/analyzers/visibility/audits/render/text-markup-ratio.ts";
import { openGraph } from "../../../../src/analyzers/visibility/audits/structure/open-graph.ts";
import { organizationIdentity } from "../../../../src/analyzers/visibility/audits/structure/organization-identity.ts";
import { websiteSchema } from "../../../../src/analyzers/visibility/audits/structure/website-schema.ts";
import { authorship } from "../../../../src/analyzers/visibility/audits/trust/authorship.ts";
import { contentDates } from "../../../../src/analyzers/visibility/audits/trust/content-dates.ts";
import { hsts } from "../../../../src/analyzers/visibility/audits/trust/hsts.ts";
import { trustPages } from "../../../../src/analyzers/visibility/audits/trust/trust-pages.ts";
import { ARTICLE_BODY, INTRO, homepage, page, samplePage, site, siteWithHtml, sitemap } from "../sample-site.ts";

const bare = (html: string) => site({ homepage: homepage({ html }), samplePages: [] });

describe("render", () => {
  test("raw-html-h1: passes with an h1, fails without, suggesting the title", () => {
    expect(runAudit(rawHtmlH1, site())).toMatchObject({ status: "pass" });
    const outcome = runAudit(rawHtmlH1, siteWithHtml(page({ body: `<p>${INTRO}</p>` })));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.fix?.how).toContain("<h1>Example Bakery — sourdough and cakes in Lisbon</h1>");
  });
  test("text-markup-ratio: text-heavy passes, script-heavy fails with the inline share", () => {
    expect(runAudit(textMarkupRatio, site())).toMatchObject({ status: "pass" });
    const heavy = runAudit(textMarkupRatio, siteWithHtml(page({ head: `<script>${"var x = 1;".repeat(5000)}</script>` })));
    expect(heavy.status).toBe("fail");
    expect(heavy.evidence.join(" ")).toContain("inline <script>");
  });
});

describe("structure", () => {
  test("organization-identity: complete with Wikidata passes; gaps are named; absent fails with a filled block", () => {
    const full = JSON.stringify({ "@context": "https://schema.org", "@type": "Organization", name: "Example Bakery", url: "https://example.com/", logo: "https://example.com/l.png", sameAs: ["https://www.wikidata.org/wiki/Q1"] });
    expect(runAudit(organizationIdentity, siteWithHtml(page({ head: `<script type="application/ld+json">${full}</script>` })))).toMatchObject({ status: "pass" });
    const partial = runAudit(organizationIdentity, site());
    expect(partial.status).toBe("warn");
    expect(partial.detail).toContain("logo");
    const none = runAudit(organizationIdentity, siteWithHtml(page({ head: "" })));
    expect(none).toMatchObject({ status: "fail", score: 0 });
    expect(none.fix?.how).toContain('"url": "https://example.com/"');
  });
  test("website-schema: missing fails with the site's own values", () => {
    const outcome = runAudit(websiteSchema, site());
    expect(outcome.status).toBe("fail");
    expect(outcome.fix?.how).toContain('"name": "Example Bakery"');
    const present = JSON.stringify({ "@context": "https://schema.org", "@type": "WebSite", name: "Example Bakery", url: "https://example.com/" });
    expect(runAudit(websiteSchema, siteWithHtml(page({ head: `<script type="application/ld+json">${present}</script>` })))).toMatchObject({ status: "pass" });
  });
  test("open-graph: lists the missing tags with values from the page", () => {
    const outcome = runAudit(openGraph, site());
    expect(outcome.status).toBe("fail");
    expect(outcome.fix?.how).toContain('<meta property="og:title" content="Example Bakery — sourdough and cakes in Lisbon">');
    const tags = ["title", "description", "image", "url"].map((name) => `<meta property="og:${name}" content="x">`).join("");
    expect(runAudit(openGraph, siteWithHtml(page({ head: tags })))).toMatchObject({ status: "pass" });
  });
});

describe("content", () => {
  test("heading-outline: one h1 in order passes; none, several or skipped levels warn", () => {
    expect(runAudit(headingOutline, site())).toMatchObject({ status: "pass" });
    const outcome = runAudit(headingOutline, bare(page({ body: "<h1>A</h1><h1>B</h1><h4>deep</h4>" })));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("2 h1 headings");
    expect(outcome.detail).toContain("h1 → h4");
  });
  test("question-headings: an answered question passes; none warns", () => {
    expect(runAudit(questionHeadings, site())).toMatchObject({ status: "pass" });
    expect(runAudit(questionHeadings, bare(page()))).toMatchObject({ status: "warn", score: 0.5 });
  });
  test("direct-answer: a summary paragraph near the top passes; its absence warns", () => {
    expect(runAudit(directAnswer, site())).toMatchObject({ status: "pass" });
    expect(runAudit(directAnswer, bare(page({ body: "<h1>Hi</h1><p>Short.</p>" })))).toMatchObject({ status: "warn" });
  });
  test("lists-tables: content lists pass; lists only in navigation do not count", () => {
    expect(runAudit(listsTables, site())).toMatchObject({ status: "pass" });
    expect(runAudit(listsTables, bare(page({ body: "<nav><ul><li>a</li><li>b</li></ul></nav><p>x</p>" })))).toMatchObject({ status: "warn" });
  });
  test("word-count: thin pages are named with their counts", () => {
    expect(runAudit(wordCountAudit, site({ samplePages: [samplePage("content")] }))).toMatchObject({ status: "warn" });
    const thin = runAudit(wordCountAudit, bare(page({ body: "<p>Hi there</p>" })));
    expect(thin.status).toBe("fail");
    expect(thin.detail).toContain("/ has only");
    expect(runAudit(wordCountAudit, bare(page({ body: `<p>${INTRO.repeat(6)}</p>` })))).toMatchObject({ status: "pass" });
  });
  test("image-alt: missing alt is counted, alt=\"\" is fine, no images is n/a", () => {
    expect(runAudit(imageAlt, site())).toMatchObject({ status: "na" });
    expect(runAudit(imageAlt, bare(page({ body: '<img src="/a.png" alt=""><img src="/b.png" alt="b">' })))).toMatchObject({ status: "pass" });
    const outcome = runAudit(imageAlt, bare(page({ body: '<img src="/a.png"><img src="/b.png" alt="b">' })));
    expect(outcome.detail).toContain("1 of 2 images");
    expect(outcome.fix?.how).toContain("/a.png");
  });
});

describe("trust", () => {
  test("authorship: a byline passes; none warns", () => {
    expect(runAudit(authorship, site())).toMatchObject({ status: "pass" });
    expect(runAudit(authorship, bare(page()))).toMatchObject({ status: "warn" });
  });
  test("authorship: the evidence quotes each author and where the page names them", () => {
    const outcome = runAudit(authorship, site());
    expect(outcome.detail).toBe('4 of the 5 pages read name an author, e.g. "Ana Baker" on /about (read from rel="author").');
    expect(outcome.evidence).toContain('/about: rel="author": "Ana Baker"');
    const graph = JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "NewsArticle", author: { "@id": "#jane" } }, { "@type": "Person", "@id": "#jane", name: "Jane Doe" }] });
    const marked = runAudit(authorship, bare(page({ head: `<meta name="byl" content="By MARC SANTORA"><script type="application/ld+json">${graph}</script>` })));
    expect(marked).toMatchObject({ status: "pass", evidence: ['/: JSON-LD NewsArticle "author": "Jane Doe"', '/: meta name="byl": "MARC SANTORA"'] });
  });
  test("authorship: a byline shown as text names its author, and the verdict says which line was read (issue 25)", () => {
    const outcome = runAudit(authorship, bare(page({ body: '<article><h1>Tarte aux pommes</h1><p class="meta">Par 750g La Table</p><p>La recette.</p></article>' })));
    expect(outcome).toMatchObject({ status: "pass", detail: '1 of the 1 page read names an author, e.g. "750g La Table" on / (read from the visible byline "Par 750g La Table").' });
    expect(runAudit(authorship, bare(page({ body: "<article><h1>T</h1><p>Posted By: ~Sani~</p></article>" }))).detail).toContain('"Sani" on / (read from the visible byline "Posted By: Sani")');
  });
  test("authorship: authors of comments, and links to the authors' index, are not the page's author", () => {
    const body = '<nav><a class="authors" href="/authors/">Authors</a></nav><main><p>Text.</p></main><ol class="comment-list"><li class="comment"><span class="comment-author">A Reader</span></li></ol>';
    const outcome = runAudit(authorship, bare(page({ body })));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.fix?.how).toContain("Example Bakery");
  });
  test("content-dates: recent passes, stale warns, none warns lower (against the scan's own time)", () => {
    expect(runAudit(contentDates, site())).toMatchObject({ status: "pass" });
    expect(runAudit(contentDates, site({ samplePages: [], sitemap: sitemap({ newestLastmod: "2023-01-01" }) })).detail).toContain("stale");
    expect(runAudit(contentDates, site({ samplePages: [], sitemap: sitemap({ newestLastmod: null }) }))).toMatchObject({ status: "warn", score: 0.4 });
  });
  test("content-dates: dates from meta tags, Microdata and <time> text, quoted with their source", () => {
    const head = '<meta name="date" content="2026-10-20"><meta name="DC.date.issued" content="2026-09-01">';
    const outcome = runAudit(contentDates, site({ homepage: homepage({ html: page({ head, body: '<p itemprop="dateModified" content="2026-11-01"></p><time>3. November 2026</time>' }) }), samplePages: [], sitemap: sitemap({ newestLastmod: null }) }));
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toBe('Content is dated, the newest 12 days before the scan (date read from <time> text ("3. November 2026") on /).');
    expect(outcome.evidence).toEqual(["/: <time> text: 3. November 2026", '/: Microdata itemprop="dateModified": 2026-11-01', '/: meta name="date": 2026-10-20', '/: meta name="DC.date.issued": 2026-09-01']);
  });
  test("content-dates: a date shown only as text is read, and the verdict says which (issue 25)", () => {
    const run = (body: string) => runAudit(contentDates, site({ homepage: homepage({ html: page({ body }) }), samplePages: [], sitemap: sitemap({ newestLastmod: null }) }));
    expect(run("<article><h1>Altersvorsorge</h1><p>Ein langer Text über die Rente.</p><p>Stand: 09.10.2026</p></article>").detail).toBe(
      'Content is dated, the newest 37 days before the scan (date read from the visible dateline "Stand: 09.10.2026" on /).',
    );
    expect(run("<article><h1>記事</h1><p>2026年11月01日</p><p>本文。</p></article>").detail).toBe('Content is dated, the newest 14 days before the scan (date read from the date under the headline "2026年11月01日" on /).');
    expect(run("<article><h1>Essay</h1><p>Stand up for what you believe, the 3 May 2026 speech said.</p></article>")).toMatchObject({ status: "warn", score: 0.4 });
  });
  test("content-dates: a date after the scan (an upcoming event) does not make stale content current", () => {
    const body = '<p>Our next class: <time datetime="2027-03-01">1 March 2027</time>.</p><p>Posted <time datetime="2023-02-01">1 Feb 2023</time></p>';
    const outcome = runAudit(contentDates, site({ homepage: homepage({ html: page({ body }) }), samplePages: [], sitemap: sitemap({ newestLastmod: null }) }));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain('The newest date found is 2023-02-01 (date read from <time datetime> ("2023-02-01") on /)');
  });
  test("trust-pages: all three reachable passes; missing ones are named", () => {
    expect(runAudit(trustPages, site())).toMatchObject({ status: "pass" });
    const outcome = runAudit(trustPages, site({ samplePages: [samplePage("about"), { ...(samplePage("privacy") as Extract<ReturnType<typeof samplePage>, { ok: true }>), status: 404 }] }));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("contact page: not linked from the homepage");
    expect(outcome.detail).toContain("answers HTTP 404");
    expect(runAudit(trustPages, site({ samplePages: [] }))).toMatchObject({ status: "fail", score: 0 });
  });
  test("hsts: long max-age passes, short warns, missing fails; http-only is n/a", () => {
    expect(runAudit(hsts, site({ homepage: homepage({ headers: { "strict-transport-security": "max-age=31536000" } }) }))).toMatchObject({ status: "pass" });
    expect(runAudit(hsts, site({ homepage: homepage({ headers: { "strict-transport-security": "max-age=300" } }) }))).toMatchObject({ status: "warn" });
    expect(runAudit(hsts, site())).toMatchObject({ status: "fail" });
    expect(runAudit(hsts, site({ homepage: homepage({ finalUrl: "http://example.com/" }) }))).toMatchObject({ status: "na" });
  });
});

test("the article body used as a sample page is substantial", () => {
  expect(ARTICLE_BODY.length).toBeGreaterThan(500);
});
