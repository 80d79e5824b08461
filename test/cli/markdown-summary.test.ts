/**
 * `sightline scan --format markdown`: what a pull-request comment shows (grade, reach by platform,
 * failing templates with example URLs, top issues), and that nothing a scanned site wrote can act as
 * Markdown or HTML in it.
 */
import { describe, expect, test } from "bun:test";
import { markdownSummary, markdownText } from "../../src/cli/markdown-summary.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";
import type { SiteSummary } from "../../src/analyzers/visibility/site-record-schema.ts";
import { okRecord } from "../web/record-fixtures.ts";

const SITE: SiteSummary = {
  pages: { budget: 25, discovered: 310, sampled: 25, sound: 10, withIssues: 13, failed: 2, skipped: 0 },
  cut: null,
  templates: [
    { template: "/blog/<slug>", discovered: 120, sampled: 12, sound: 0, issues: [{ id: "app-shell", pages: 12, examples: ["https://shop.test/blog/a", "https://shop.test/blog/b", "https://shop.test/blog/c"] }] },
    { template: "/about", discovered: 1, sampled: 1, sound: 1, issues: [] },
  ],
  reach: [
    { platform: "chatgpt", name: "ChatGPT", pagesRead: 13, pagesJudged: 25, templates: [{ template: "/blog/<slug>", read: 0, judged: 12, cause: "12 of 12 sampled pages are app shells" }] },
    { platform: "google", name: "Google (AI Overviews, AI Mode, Gemini)", pagesRead: 25, pagesJudged: 25, templates: [] },
  ],
};

function siteRecord(site?: SiteSummary, text = "Found it."): VisibilityRecord {
  const record = okRecord("shop.test", 58, text);
  return { ...record, result: { ...record.result!, ...(site ? { site } : {}) } };
}

describe("markdownSummary", () => {
  test("leads with grade and score, then reach by platform across the sampled pages, failing templates with examples, and top issues", () => {
    const text = markdownSummary(siteRecord(SITE), 70);
    expect(text.split("\n")[0]).toBe("## AI visibility: shop\\.test: 58/100, grade D");
    expect(text).toContain("**below --min-score 70**");
    expect(text).toContain("| ChatGPT | 13 of 25 (52%) | /blog/&lt;slug&gt;: 12 of 12 sampled pages are app shells |");
    expect(text).toContain("| Google \\(AI Overviews, AI Mode, Gemini\\) | 25 of 25 (100%) | · |");
    expect(text).toContain("- /blog/&lt;slug&gt; (12 sampled of 120):\n  - app\\-shell on 12 of 12, e.g. https\\://shop\\.test/blog/a, https\\://shop\\.test/blog/b, https\\://shop\\.test/blog/c");
    expect(text).not.toContain("/about");
    expect(text).toContain("1. **First issue** (critical): Found it\\.");
    expect(text.indexOf("### Reach")).toBeLessThan(text.indexOf("### Templates"));
    expect(text.indexOf("### Templates")).toBeLessThan(text.indexOf("### Top issues"));
  });

  test("without a site summary (a single-page scan) it shows the homepage's reach and no templates", () => {
    const text = markdownSummary(siteRecord(undefined), null);
    expect(text).not.toContain("### Templates");
    expect(text).not.toContain("min-score");
  });

  test("a failed scan says why", () => {
    const record: VisibilityRecord = { domain: "down.test", status: "failed", scannedAt: "2026-01-01T00:00:00Z", result: null, offSite: null, reason: "The site could not be reached." };
    expect(markdownSummary(record, 70)).toBe("## AI visibility: down\\.test\n\n**The scan failed.** The site could not be reached\\.\n");
  });

  test("text from the scanned site cannot become HTML, links, images or table cells", () => {
    const hostile = '<script>alert(1)</script> ![x](https://evil.test/p.png) [click](javascript:alert(1)) | cell | **bold** `code`\n# heading';
    const site: SiteSummary = {
      ...SITE,
      templates: [{ template: "/x/`<img src=x onerror=alert(1)>`", discovered: 1, sampled: 1, sound: 0, issues: [{ id: "evil`id", pages: 1, examples: ["javascript:alert(1)", "https://shop.test/<b>"] }] }],
    };
    const text = markdownSummary(siteRecord(site, hostile), null);
    expect(text).not.toContain("<script");
    expect(text).not.toContain("<img");
    expect(text).not.toContain("<b>");
    expect(text).not.toContain("](");
    expect(text).not.toMatch(/[^\\]\| cell/);
    expect(text).not.toMatch(/^# heading/m);
    expect(text).toContain("\\(not an http URL\\) javascript\\:alert\\(1\\)");
    expect(text).toContain("/x/\\`&lt;img src=x onerror=alert\\(1\\)&gt;\\`");
    expect(markdownText("a".repeat(1000)).length).toBe(300);
  });
});
