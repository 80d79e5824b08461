import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { llmsFullTxt } from "../../../../src/analyzers/visibility/audits/discover/llms-full-txt.ts";
import { llmsTxt } from "../../../../src/analyzers/visibility/audits/discover/llms-txt.ts";
import { sitemapValid } from "../../../../src/analyzers/visibility/audits/discover/sitemap-valid.ts";
import { contentDates } from "../../../../src/analyzers/visibility/audits/trust/content-dates.ts";
import { trustPages } from "../../../../src/analyzers/visibility/audits/trust/trust-pages.ts";
import { GOOD_LLMS_TXT, llms, ORIGIN, samplePage, site, sitemap } from "../sample-site.ts";

const withLlms = (text: string, overrides: Parameters<typeof llms>[1] = {}) => site({ llmsTxt: [llms(text, overrides)], llmsLinks: [] });

/** The rules an outcome's detail names as broken, in order. */
const brokenRules = (detail: string) => [...detail.matchAll(/Rule ([a-z0-9-]+) \(/g)].map((match) => match[1]);

describe("llms-txt: valid files as the llmstxt.org proposal defines them pass", () => {
  test("an H1 alone is a complete llms.txt (the only required part)", () => {
    const outcome = runAudit(llmsTxt, withLlms("# Example Bakery\n"));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("keeps all 5 rules checked (h1-first, summary-after-h1, details-without-headings, h2-file-lists, text-content-type)");
  });

  test("an H1 and a blockquote summary", () => {
    expect(runAudit(llmsTxt, withLlms("# Example Bakery\n\n> Sourdough and cakes in Lisbon.\n"))).toMatchObject({ status: "pass", score: 1 });
  });

  test("an H1, a summary and details of any kind but headings (paragraphs, lists, a later blockquote, code)", () => {
    const text = "# Example Bakery\n\n> Sourdough and cakes in Lisbon.\n\nImportant notes:\n\n- Open Tuesday to Sunday\n- No gluten-free range\n\n> Orders close at noon.\n\n```sh\n# not a heading\ncurl https://example.com/menu\n```\n";
    const outcome = runAudit(llmsTxt, withLlms(text));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("It has an H1 (`# Example Bakery`), a summary and details.");
  });

  test("details without a summary are fine too", () => {
    expect(runAudit(llmsTxt, withLlms(`# Example Bakery\n\nWe bake daily.\n\n## Pages\n\n- [Menu](${ORIGIN}/menu)\n`))).toMatchObject({ status: "pass", score: 1 });
  });

  test("file lists: links with or without `: notes`, any list marker, wrapped notes, sub-headings grouping the lists", () => {
    const text = `# Example Bakery\n\n## Pages\n\n### Breads\n\n- [Menu](${ORIGIN}/menu): what we bake,\n  every morning\n* [About](/about)\n1. [Wikipedia](https://en.wikipedia.org/wiki/Bread_(food)): background\n`;
    expect(runAudit(llmsTxt, withLlms(text))).toMatchObject({ status: "pass", score: 1 });
  });
});

describe("llms-txt: each broken rule is named, with the offending line quoted in the detail and the fix", () => {
  test("a list item without a link breaks h2-file-lists", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\n## Pages\n\n- Menu: what we bake\n- [About](${ORIGIN}/about)\n`));
    expect(outcome).toMatchObject({ status: "warn", score: 0.8 });
    expect(brokenRules(outcome.detail)).toEqual(["h2-file-lists"]);
    expect(outcome.detail).toContain("line 5 `- Menu: what we bake` is a list item without a `[name](url)` link at its start");
    expect(outcome.fix!.how).toContain("Line 5 `- Menu: what we bake`: start the item with its link, `- [Menu](https://example.com/…): what we bake`");
  });

  test("a blockquote after the details breaks summary-after-h1", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\nWe bake daily.\n\n> Sourdough and cakes in Lisbon.\n\n## Pages\n\n- [Menu](${ORIGIN}/menu)\n`));
    expect(outcome).toMatchObject({ status: "warn", score: 0.8 });
    expect(brokenRules(outcome.detail)).toEqual(["summary-after-h1"]);
    expect(outcome.detail).toContain("line 5 `> Sourdough and cakes in Lisbon.` is a blockquote after the details");
    expect(outcome.fix!.how).toContain("Move the blockquote on line 5 `> Sourdough and cakes in Lisbon.` directly under the H1 on line 1");
  });

  test("a file list written as a paragraph breaks h2-file-lists", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\n## Pages\n\n[Menu](${ORIGIN}/menu): what we bake\n[About](${ORIGIN}/about): who we are\n`));
    expect(outcome).toMatchObject({ status: "warn", score: 0.8 });
    expect(brokenRules(outcome.detail)).toEqual(["h2-file-lists"]);
    expect(outcome.detail).toContain(`line 5 \`[Menu](${ORIGIN}/menu): what we bake\` is a paragraph, not a list`);
    expect(outcome.fix!.how).toContain(`Lines 5–6: start each link with \`- \`, e.g. \`- [Menu](${ORIGIN}/menu): what we bake\``);
  });

  test("text after a link that is not `: notes`, and an H2 with nothing under it, break h2-file-lists", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\n## Pages\n\n- [Menu](${ORIGIN}/menu) - what we bake\n\n## Later\n`));
    expect(brokenRules(outcome.detail)).toEqual(["h2-file-lists"]);
    expect(outcome.detail).toContain("has text after the link that does not start with `:`");
    expect(outcome.fix!.how).toContain(`put the notes after a colon, \`- [Menu](${ORIGIN}/menu): what we bake\``);
    expect(outcome.detail).toContain("the section `## Later` on line 7 holds no list of links");
  });

  test("headings in the details break details-without-headings, each quoted with its line", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\n> Sourdough in Lisbon.\n\n### Our story\n\nWe bake.\n\n#### Hours\n\n## Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n`));
    expect(outcome.status).toBe("warn");
    expect(brokenRules(outcome.detail)).toEqual(["details-without-headings"]);
    expect(outcome.detail).toContain("line 5 `### Our story` is a heading in the details before the first H2; line 9 `#### Hours` is a heading");
    expect(outcome.fix!.how).toContain("Line 5 `### Our story`: write it as plain or bold text (`**Our story**`)");
  });

  test("without any H2, a deeper heading is still out of place", () => {
    const outcome = runAudit(llmsTxt, withLlms(`# Example Bakery\n\n### Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n`));
    expect(brokenRules(outcome.detail)).toEqual(["details-without-headings"]);
    expect(outcome.detail).toContain("line 3 `### Pages` is a heading");
  });

  test("no H1 first breaks h1-first; the fix names the site", () => {
    const outcome = runAudit(llmsTxt, withLlms(`> Sourdough in Lisbon.\n\n## Pages\n\n- [Menu](${ORIGIN}/menu)\n`));
    expect(brokenRules(outcome.detail)).toEqual(["h1-first"]);
    expect(outcome.detail).toContain("it does not start with an H1: line 1 is `> Sourdough in Lisbon.`");
    expect(outcome.fix!.how).toContain("Add the H1 `# Example Bakery` as the first line, above line 1");
    expect(runAudit(llmsTxt, withLlms("#Example Bakery\n")).fix!.how).toContain("put a space after the `#` (`# Example Bakery`)");
  });

  test("each rule broken costs an equal share: two of six broken leave two thirds", () => {
    const artifacts = site({
      llmsTxt: [llms(`# Example Bakery\n\n## Pages\n\n- Menu\n- [Gone](${ORIGIN}/gone)\n`)],
      llmsLinks: [{ url: `${ORIGIN}/gone`, ok: true, status: 404 }],
    });
    const outcome = runAudit(llmsTxt, artifacts);
    expect(outcome).toMatchObject({ status: "warn", score: 0.67 });
    expect(outcome.detail).toContain("breaks 2 of the 6 llms.txt rules checked");
    expect(brokenRules(outcome.detail)).toEqual(["h2-file-lists", "links-resolve"]);
    expect(outcome.fix!.how).toContain(`Line 6: ${ORIGIN}/gone answers HTTP 404`);
  });
});

describe("llms-txt: the Optional section", () => {
  const text = `# Example Bakery\n\n## Pages\n\n- [Menu](${ORIGIN}/menu): what we bake\n\n## Optional\n\n- [Press kit](${ORIGIN}/press): logos\n- [History](${ORIGIN}/history)\n`;

  test("its links are said to be optional and unchecked", () => {
    const outcome = runAudit(llmsTxt, site({ llmsTxt: [llms(text)], llmsLinks: [{ url: `${ORIGIN}/menu`, ok: true, status: 200 }] }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("The 2 links under `## Optional` (line 7) are optional: agents may skip them when they need a shorter context, so the scan does not check that they resolve.");
  });

  test("a broken link there (checked by an older scan) costs nothing", () => {
    const outcome = runAudit(llmsTxt, site({ llmsTxt: [llms(text)], llmsLinks: [{ url: `${ORIGIN}/press`, ok: true, status: 404 }] }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("keeps all 5 rules checked");
  });

  test("its items still follow the file-list format", () => {
    const outcome = runAudit(llmsTxt, withLlms("# Example Bakery\n\n## Optional\n\n- Press kit\n"));
    expect(brokenRules(outcome.detail)).toEqual(["h2-file-lists"]);
  });
});

describe("llms-txt: Content-Type and HTML bodies", () => {
  test("a Markdown llms.txt served as text/html is found, with a text-content-type warning naming the header and the fix", () => {
    const outcome = runAudit(llmsTxt, withLlms(GOOD_LLMS_TXT, { contentType: "text/html; charset=utf-8" }));
    expect(outcome).toMatchObject({ status: "warn", score: 0.8 });
    expect(brokenRules(outcome.detail)).toEqual(["text-content-type"]);
    expect(outcome.detail).toContain("is served with `Content-Type: text/html; charset=utf-8`, although its body is Markdown");
    expect(outcome.fix!.what).toBe("Serve llms.txt as text/plain or text/markdown");
    expect(outcome.fix!.how).toContain("`Content-Type: text/plain; charset=utf-8` (or `text/markdown; charset=utf-8`) instead of `text/html; charset=utf-8`");
  });

  test("an HTML page at /llms.txt (soft 404, app fallback) is no llms.txt, whatever its Content-Type", () => {
    for (const contentType of ["text/html; charset=utf-8", "text/plain"]) {
      const outcome = runAudit(llmsTxt, site({ llmsTxt: [llms('<!DOCTYPE html>\n<html><head><title>Example</title></head><body><div id="root"></div></body></html>', { contentType }), llms("", { status: 404 })] }));
      expect(outcome).toMatchObject({ status: "fail", score: 0 });
      expect(outcome.detail).toContain("https://example.com/llms.txt → HTTP 200 with an HTML page, not a Markdown file");
    }
  });

  test("an HTML page at /llms.txt does not hide a real /.well-known/llms.txt", () => {
    const outcome = runAudit(llmsTxt, 
      site({ llmsTxt: [llms("<html><body>Not found</body></html>", { contentType: "text/html" }), llms(GOOD_LLMS_TXT, { url: `${ORIGIN}/.well-known/llms.txt` })] }),
    );
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toStartWith(`${ORIGIN}/.well-known/llms.txt follows the llms.txt format`);
  });

  test("an empty answer is no llms.txt", () => {
    expect(runAudit(llmsTxt, withLlms("\n  \n")).detail).toContain("HTTP 200 with an empty body");
  });
});

describe("llms-full-txt: Content-Type judged like llms.txt", () => {
  const full = (text: string, contentType: string) => site({ llmsFullTxt: llms(text, { url: `${ORIGIN}/llms-full.txt`, contentType }) });

  test("Markdown served as text/html exists, with a warning about the header", () => {
    const outcome = runAudit(llmsFullTxt, full("# Example Bakery\n\nEverything we bake.", "text/html"));
    expect(outcome).toMatchObject({ status: "warn", score: 0.75 });
    expect(outcome.detail).toContain("exists (37 bytes), but it is served with `Content-Type: text/html`");
    expect(outcome.fix!.how).toContain("`Content-Type: text/plain; charset=utf-8` (or `text/markdown; charset=utf-8`) instead of `text/html`");
  });

  test("an HTML page there is no llms-full.txt, even as text/plain", () => {
    const outcome = runAudit(llmsFullTxt, full("<!doctype html><html><body>app</body></html>", "text/plain"));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.detail).toContain("with an HTML page, not a Markdown file: there is no llms-full.txt");
  });
});

describe("sitemap index judged over its children", () => {
  test("an index stored before children were read is judged by its own entries, as before", () => {
    const outcome = runAudit(sitemapValid, site({ sitemap: sitemap({ kind: "sitemapindex", entries: 4, withLastmod: 4, children: undefined }) }));
    expect(outcome).toMatchObject({ status: "pass" });
    expect(outcome.detail).toContain("is a sitemap index with 4 entries");
  });

  test("a fully dated set of children passes", () => {
    const child = { ok: true as const, url: `${ORIGIN}/s1.xml`, status: 200, contentType: "application/xml", kind: "urlset" as const, entries: 40, withLastmod: 40, newestLastmod: "2026-11-10", sample: [], truncated: false };
    const outcome = runAudit(sitemapValid, site({ sitemap: sitemap({ kind: "sitemapindex", entries: 1, withLastmod: 1, children: [child] }) }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("the child sitemap read list 40 pages, 100% of them with a lastmod date");
  });

  test("content-dates reads the children's newest lastmod", () => {
    const child = { ok: true as const, url: `${ORIGIN}/posts.xml`, status: 200, contentType: "application/xml", kind: "urlset" as const, entries: 3, withLastmod: 3, newestLastmod: "2026-11-12", sample: [], truncated: false };
    const artifacts = site({ samplePages: [], sitemap: sitemap({ kind: "sitemapindex", newestLastmod: "2019-01-01", children: [child] }) });
    artifacts.homepage = { ...artifacts.homepage, ...(artifacts.homepage.ok ? { html: "<html><body><h1>Hi</h1></body></html>" } : {}) };
    const outcome = runAudit(contentDates, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.evidence[0]).toBe("sitemap lastmod (/posts.xml): 2026-11-12");
  });
});

describe("trust-pages with pages the sitemap supplied", () => {
  test("a page found only in the sitemap counts half: it exists, but the homepage does not link it", () => {
    const outcome = runAudit(trustPages, site({ samplePages: [samplePage("about"), { ...samplePage("contact"), source: "sitemap" }, { ...samplePage("privacy"), source: "homepage" }] }));
    expect(outcome).toMatchObject({ status: "warn" });
    expect(outcome.score).toBeCloseTo(2.5 / 3, 5);
    expect(outcome.detail).toBe(`contact page: ${ORIGIN}/contact is in the sitemap but not linked from the homepage.`);
    expect(outcome.fix!.how).toBe(`Link ${ORIGIN}/contact from the homepage's footer with plain \`<a href>\` links.`);
  });
});
