import { describe, expect, test } from "bun:test";
import { siteReach } from "../../../../src/analyzers/visibility/audits/access/site-reach.ts";
import { sitePages } from "../../../../src/analyzers/visibility/audits/content/site-pages.ts";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import type { PageFacts } from "../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { sixTemplateCrawl } from "../site/six-template-site.ts";
import { site } from "../sample-site.ts";

/** site-reach and site-pages beyond the six-template site (test/analyzers/visibility/site/): pass, not applicable, hostile crawls. */

const base = site();
const homepageHtml = base.homepage.ok ? base.homepage.html : "";
const full = sixTemplateCrawl(homepageHtml);
const soundOnly = { ...full, pages: full.pages.filter((page) => page.template === "/" || page.template === "/guides/<slug>" || page.template === "/products/<id>") };

describe("site-reach and site-pages", () => {
  test("a crawl of sound pages: site-reach passes; site-pages warns only of what the pages lack", () => {
    const artifacts = { ...base, siteCrawl: { ...full, pages: full.pages.filter((page) => page.template === "/" || page.template === "/guides/<slug>") } };
    expect(runAudit(siteReach, artifacts)).toMatchObject({ status: "pass", score: 1 });
    expect(runAudit(sitePages, artifacts)).toMatchObject({ status: "pass", score: 1, detail: "All 3 sampled pages behind the homepage load and describe themselves." });
    const products = runAudit(sitePages, { ...base, siteCrawl: soundOnly });
    expect(products.status).toBe("warn");
    expect(products.score).toBeCloseTo(0.94, 2);
  });

  test("not applicable without a crawl, with only the homepage, or with every other page skipped", () => {
    for (const siteCrawl of [undefined, { ...full, pages: full.pages.slice(0, 1) }, { ...full, pages: [full.pages[0]!, ...full.pages.slice(1).map((page): PageFacts => ({ ...page, html: undefined, fetch: { ok: false, skipped: "requests" } }))] }]) {
      const artifacts = { ...base, siteCrawl };
      expect(runAudit(siteReach, artifacts).status).toBe("na");
      expect(runAudit(sitePages, artifacts).status).toBe("na");
    }
  });

  test("hostile crawl: thousands of pages and findings keep the detail and evidence bounded", () => {
    const many = Array.from({ length: 2000 }, (_, index): PageFacts => ({ ...full.pages[1 + (index % (full.pages.length - 1))]!, url: `https://example.com/t${index % 300}/p${index}`, template: `/t${index % 300}/<slug>` }));
    const artifacts = { ...base, siteCrawl: { ...full, pages: [full.pages[0]!, ...many] } };
    const reach = runAudit(siteReach, artifacts);
    const pages = runAudit(sitePages, artifacts);
    expect(reach.status).toBe("fail");
    expect(reach.detail.length).toBeLessThan(4000);
    expect(pages.detail.length).toBeLessThan(4000);
    expect(pages.fix!.how.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(10);
    expect(reach.fix!.how.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(10);
    expect(reach.evidence.length).toBeLessThanOrEqual(10 + 10 + 10);
  });
});
