import { describe, expect, test } from "bun:test";
import { llmsTxt } from "../../../../src/analyzers/visibility/audits/discover/llms-txt.ts";
import { sitemapValid } from "../../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import { contentDates } from "../../../../src/analyzers/visibility/audits/trust/content-dates.ts";
import { trustPages } from "../../../../src/analyzers/visibility/audits/trust/trust-pages.ts";
import { llms, ORIGIN, samplePage, site, sitemap } from "../sample-site.ts";

const withLlms = (text: string) => site({ llmsTxt: [llms(text)] });

describe("llms-txt: nothing but paragraphs and lists between the summary and the first H2", () => {
  test("a heading there is reported, quoted, with its fix", () => {
    const outcome = llmsTxt.run(withLlms(`# Example Bakery\n\n> Sourdough in Lisbon.\n\n### Our story\n\nWe bake.\n\n#### Hours\n\n## Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n`));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("the text between the summary and the first H2 section contains 2 headings (`### Our story`, `#### Hours`)");
    expect(outcome.fix!.how).toContain("### Our story");
  });

  test("headings inside the H2 sections, and `#` lines in fenced code, are fine", () => {
    const text = `# Example Bakery\n\n> Sourdough in Lisbon.\n\n\`\`\`sh\n# not a heading\ncurl ${ORIGIN}/menu\n\`\`\`\n\n## Pages\n\n### Breads\n\n- [Menu](${ORIGIN}/menu): what we bake\n`;
    expect(llmsTxt.run(withLlms(text))).toMatchObject({ status: "pass", score: 1 });
  });

  test("without any H2, a deeper heading is still out of place", () => {
    const outcome = llmsTxt.run(withLlms(`# Example Bakery\n\n### Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n`));
    expect(outcome.detail).toContain("contains a heading (`### Pages`)");
    expect(outcome.detail).toContain("no H2 sections");
  });
});

describe("sitemap index judged over its children", () => {
  test("an index stored before children were read is judged by its own entries, as before", () => {
    const outcome = sitemapValid.run(site({ sitemap: sitemap({ kind: "sitemapindex", entries: 4, withLastmod: 4, children: undefined }) }));
    expect(outcome).toMatchObject({ status: "pass" });
    expect(outcome.detail).toContain("is a sitemap index with 4 entries");
  });

  test("a fully dated set of children passes", () => {
    const child = { ok: true as const, url: `${ORIGIN}/s1.xml`, status: 200, contentType: "application/xml", kind: "urlset" as const, entries: 40, withLastmod: 40, newestLastmod: "2026-11-10", sample: [], truncated: false };
    const outcome = sitemapValid.run(site({ sitemap: sitemap({ kind: "sitemapindex", entries: 1, withLastmod: 1, children: [child] }) }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("the child sitemap read list 40 pages, 100% of them with a lastmod date");
  });

  test("content-dates reads the children's newest lastmod", () => {
    const child = { ok: true as const, url: `${ORIGIN}/posts.xml`, status: 200, contentType: "application/xml", kind: "urlset" as const, entries: 3, withLastmod: 3, newestLastmod: "2026-11-12", sample: [], truncated: false };
    const artifacts = site({ samplePages: [], sitemap: sitemap({ kind: "sitemapindex", newestLastmod: "2019-01-01", children: [child] }) });
    artifacts.homepage = { ...artifacts.homepage, ...(artifacts.homepage.ok ? { html: "<html><body><h1>Hi</h1></body></html>" } : {}) };
    const outcome = contentDates.run(artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.evidence[0]).toBe("sitemap lastmod (/posts.xml): 2026-11-12");
  });
});

describe("trust-pages with pages the sitemap supplied", () => {
  test("a page found only in the sitemap counts half: it exists, but the homepage does not link it", () => {
    const outcome = trustPages.run(site({ samplePages: [samplePage("about"), { ...samplePage("contact"), source: "sitemap" }, { ...samplePage("privacy"), source: "homepage" }] }));
    expect(outcome).toMatchObject({ status: "warn" });
    expect(outcome.score).toBeCloseTo(2.5 / 3, 5);
    expect(outcome.detail).toBe(`contact page: ${ORIGIN}/contact is in the sitemap but not linked from the homepage.`);
    expect(outcome.fix!.how).toBe(`Link ${ORIGIN}/contact from the homepage's footer with plain <a href> links.`);
  });
});
