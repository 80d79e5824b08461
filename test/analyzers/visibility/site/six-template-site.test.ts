import { describe, expect, test } from "bun:test";
import { siteVerdicts } from "../../../../src/analyzers/visibility/derive/site-verdicts.ts";
import { runAudits } from "../../../../src/analyzers/visibility/scoring/run-audits.ts";
import { scoreResult } from "../../../../src/analyzers/visibility/scoring/score-result.ts";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { siteReach } from "../../../../src/analyzers/visibility/audits/access/site-reach.ts";
import { sitePages } from "../../../../src/analyzers/visibility/audits/content/site-pages.ts";
import { SiteSummarySchema } from "../../../../src/analyzers/visibility/site-record-schema.ts";
import { Value } from "@sinclair/typebox/value";
import { COUNTS, sixTemplateSite } from "./six-template-site.ts";
import { reachLosses } from "../../../../src/analyzers/visibility/derive/site-reach-losses.ts";
import { AI_PLATFORMS } from "../../../../src/analyzers/visibility/platforms.ts";
import { crawler } from "../../../../src/analyzers/visibility/crawlers.ts";

/**
 * A site of six templates behind a sound homepage, each with its own fault (six-template-site.ts): every
 * fault is found on the pages built with it, with the right counts and examples, the reach by platform and
 * template is what the site was built to allow, and the grade, the first issue and the gate say so.
 */

const artifacts = sixTemplateSite();
const judged = siteVerdicts(artifacts)!;
const summary = judged.summary;

function template(name: string) {
  const found = summary.templates.find((entry) => entry.template === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
}

function reach(platform: string, name: string) {
  return summary.reach.find((entry) => entry.platform === platform)!.templates.find((entry) => entry.template === name)!;
}

describe("a six-template site: the faults, page by page and template by template", () => {
  test("the summary fits its schema and counts every page", () => {
    expect(Value.Check(SiteSummarySchema, summary)).toBe(true);
    const sampled = 1 + COUNTS.blog + COUNTS.products + COUNTS.docs + COUNTS.tags + COUNTS.old + COUNTS.guides;
    expect(summary.pages.sampled).toBe(sampled);
    expect(summary.pages.failed).toBe(COUNTS.old);
    expect(summary.pages.skipped).toBe(0);
    expect(summary.pages.sound).toBe(COUNTS.blog - COUNTS.blogShells + COUNTS.guides);
    expect(summary.pages.sound + summary.pages.withIssues + summary.pages.failed).toBe(sampled);
  });

  test("templates come largest first, with each fault on exactly the pages built with it and up to three examples", () => {
    expect(summary.templates.map((entry) => entry.template)).toEqual(["/", "/blog/<slug>", "/products/<id>", "/docs/<slug>", "/tag/<name>", "/old/<slug>", "/guides/<slug>"]);
    expect(template("/blog/<slug>").issues).toEqual([{ id: "app-shell", pages: COUNTS.blogShells, examples: ["https://example.com/blog/note-1", "https://example.com/blog/note-2", "https://example.com/blog/note-3"] }]);
    expect(template("/products/<id>").issues).toEqual([{ id: "product-incomplete", pages: COUNTS.products, examples: ["https://example.com/products/101", "https://example.com/products/102", "https://example.com/products/103"] }]);
    expect(template("/docs/<slug>").issues).toEqual([{ id: "robots-disallowed", pages: COUNTS.docs, examples: ["https://example.com/docs/ordering-1", "https://example.com/docs/ordering-2", "https://example.com/docs/ordering-3"] }]);
    expect(template("/tag/<name>").issues).toEqual([{ id: "noindex", pages: COUNTS.tags, examples: ["https://example.com/tag/topic-1", "https://example.com/tag/topic-2", "https://example.com/tag/topic-3"] }]);
    expect(template("/old/<slug>").issues).toEqual([{ id: "redirect-to-error", pages: COUNTS.old, examples: ["https://example.com/old/post-1", "https://example.com/old/post-2", "https://example.com/old/post-3"] }]);
    expect(template("/guides/<slug>")).toMatchObject({ sampled: COUNTS.guides, sound: COUNTS.guides, issues: [] });
  });

  test("each page's verdict says what is wrong with it, in the owner's words", () => {
    const page = (url: string) => judged.verdicts.find((verdict) => verdict.url === `https://example.com${url}`)!;
    expect(page("/docs/ordering-1").findings).toEqual([{ id: "robots-disallowed", severity: "fail", text: "robots.txt line 2 (Disallow: /docs/) keeps OAI-SearchBot out of this page." }]);
    expect(page("/docs/ordering-1").reach.find((entry) => entry.platform === "chatgpt")).toEqual({ platform: "chatgpt", status: "limited", cause: "OAI-SearchBot is disallowed by robots.txt line 2 (Disallow: /docs/)" });
    expect(page("/old/post-1")).toMatchObject({ verdict: "failed", status: 404, finalUrl: "https://example.com/gone/post-1", redirects: [{ url: "https://example.com/old/post-1", status: 301 }], canonical: null, reach: [], facts: null });
    expect(page("/products/101").findings[0]!.text).toContain("lacks `offers`, which Google requires for merchant listings");
    expect(page("/blog/note-1").findings[0]!.text).toContain("Without JavaScript the page is an empty app shell");
    expect(page("/blog/note-8")).toMatchObject({ verdict: "sound", canonical: "self", findings: [] });
    expect(page("/blog/note-8").facts).toMatchObject({ author: "Ana Baker", structuredData: ["BlogPosting"], appShell: false, openGraph: true });
  });

  test("reach by platform and template is what the site was built to allow", () => {
    const everyPage = (name: string) => template(name).sampled;
    // Agents that run no JavaScript lose the app shells; Google's and Bing's crawlers render them.
    for (const platform of ["chatgpt", "perplexity", "claude"]) {
      expect(reach(platform, "/blog/<slug>")).toEqual({ template: "/blog/<slug>", read: COUNTS.blog - COUNTS.blogShells, judged: COUNTS.blog, cause: `${COUNTS.blogShells} of ${COUNTS.blog} sampled pages are app shells` });
    }
    for (const platform of ["google", "copilot", "apple"]) expect(reach(platform, "/blog/<slug>")).toMatchObject({ read: COUNTS.blog, judged: COUNTS.blog, cause: null });
    // Only OAI-SearchBot is kept out of /docs/.
    expect(reach("chatgpt", "/docs/<slug>")).toEqual({ template: "/docs/<slug>", read: 0, judged: COUNTS.docs, cause: `OAI-SearchBot is disallowed by robots.txt line 2 (Disallow: /docs/) on ${COUNTS.docs} of ${COUNTS.docs} sampled pages` });
    for (const platform of summary.reach.filter((entry) => entry.platform !== "chatgpt")) expect(reach(platform.platform, "/docs/<slug>").read).toBe(everyPage("/docs/<slug>"));
    // noindex keeps away every platform whose index crawlers honour it (ai-crawlers.json: MistralAI-Index is not documented to).
    for (const platform of AI_PLATFORMS) {
      const honoured = platform.index.every((token) => crawler(token).honours.includes("noindex"));
      expect(reach(platform.id, "/tag/<name>")).toMatchObject({ read: honoured ? 0 : COUNTS.tags, judged: COUNTS.tags });
    }
    expect(reach("google", "/tag/<name>").cause).toBe(`${COUNTS.tags} of ${COUNTS.tags} sampled pages are marked noindex`);
    // Products, guides and the homepage are read by all; the redirects to 404 are failed, not judged.
    for (const platform of summary.reach) {
      for (const name of ["/products/<id>", "/guides/<slug>", "/"]) expect(reach(platform.platform, name)).toMatchObject({ read: everyPage(name), cause: null });
      expect(platform.templates.some((entry) => entry.template === "/old/<slug>")).toBe(false);
      expect(platform.pagesJudged).toBe(summary.pages.sampled - COUNTS.old);
    }
  });

  test("site-reach fails, names the templates, counts and example pages, and holds its gate; listing templates alone would not", () => {
    const outcome = runAudit(siteReach, artifacts);
    expect(outcome.status).toBe("fail");
    expect(outcome.blocking).toBe(true);
    expect(outcome.detail).toContain("ChatGPT, Perplexity, Claude and 4 smaller platforms can read only 2 of 8 sampled pages of /blog/<slug>: 6 of 8 sampled pages are app shells (e.g. https://example.com/blog/note-1, https://example.com/blog/note-2).");
    expect(outcome.detail).toContain("ChatGPT cannot read /docs/<slug>: OAI-SearchBot is disallowed by robots.txt line 2 (Disallow: /docs/) on 4 of 4 sampled pages");
    expect(outcome.fix!.how).toContain("`/blog/<slug>` (e.g. https://example.com/blog/note-1): render the template's content on the server");
    expect(outcome.fix!.how).toContain("robots.txt line 2 (Disallow: /docs/) keeps OAI-SearchBot out of this page.");
    const tagsOnly = { ...artifacts, siteCrawl: { ...artifacts.siteCrawl!, pages: artifacts.siteCrawl!.pages.filter((page) => page.template === "/" || page.template === "/tag/<name>" || page.template === "/guides/<slug>") } };
    const tagOutcome = runAudit(siteReach, tagsOnly);
    expect(tagOutcome.status).toBe("fail");
    expect(tagOutcome.blocking).toBeUndefined();
  });

  test("the reach losses read from the record's summary alone say the same, with the template's examples", () => {
    const losses = reachLosses(summary);
    expect(losses[0]!.sentence).toBe("ChatGPT, Perplexity, Claude and 4 smaller platforms can read only 2 of 8 sampled pages of /blog/<slug>: 6 of 8 sampled pages are app shells (e.g. https://example.com/blog/note-1, https://example.com/blog/note-2).");
    expect(losses.map((loss) => loss.sentence)).toContain("ChatGPT cannot read /docs/<slug>: OAI-SearchBot is disallowed by robots.txt line 2 (Disallow: /docs/) on 4 of 4 sampled pages (e.g. https://example.com/docs/ordering-1, https://example.com/docs/ordering-2).");
  });

  test("site-pages fails on the redirects to 404 and warns of the products without offers", () => {
    const outcome = runAudit(sitePages, artifacts);
    expect(outcome.status).toBe("fail");
    expect(outcome.detail).toContain(`/old/<slug>: ${COUNTS.old} of ${COUNTS.old} sampled pages redirect to a page that answers an error (e.g. https://example.com/old/post-1, https://example.com/old/post-2).`);
    expect(outcome.detail).toContain(`/products/<id>: ${COUNTS.products} of ${COUNTS.products} sampled pages are product pages whose Product markup lacks what Google's merchant listing requires`);
    expect(outcome.fix!.how).toContain("point each old URL's redirect at the page that replaced it");
    expect(outcome.fix!.how).toContain("add an `offers` Offer");
  });

  test("the grade drops, and the first issue names the template and the pages", () => {
    const withCrawl = scoreResult(runAudits(artifacts));
    const homepageOnly = scoreResult(runAudits({ ...artifacts, siteCrawl: undefined }));
    expect(homepageOnly.grade).toBe("A");
    expect(withCrawl.score).toBeLessThan(homepageOnly.score);
    expect(withCrawl.grade).toBe("B");
    const first = withCrawl.topIssues[0]!;
    expect(first.id).toBe("site-reach");
    expect(first.detail).toStartWith("Grade capped at B: AI platforms holding at least a tenth of the audience cannot read most pages of a template behind the homepage.");
    expect(first.detail).toContain("/blog/<slug>");
    expect(first.detail).toContain("https://example.com/blog/note-1");
    expect(withCrawl.topIssues.map((issue) => issue.id)).toContain("site-pages");
  });

  test("a scan without a crawl: both site audits are not applicable and the homepage's score is what it was", () => {
    const plain = { ...artifacts, siteCrawl: undefined };
    expect(runAudit(siteReach, plain).status).toBe("na");
    expect(runAudit(sitePages, plain).status).toBe("na");
    const onlyHome = { ...artifacts, siteCrawl: { ...artifacts.siteCrawl!, pages: artifacts.siteCrawl!.pages.slice(0, 1) } };
    expect(runAudit(siteReach, onlyHome).status).toBe("na");
    expect(runAudit(sitePages, onlyHome).status).toBe("na");
  });
});
