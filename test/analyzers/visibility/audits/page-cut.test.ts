import { describe, expect, test } from "bun:test";
import { wordCountAudit } from "../../../../src/analyzers/visibility/audits/content/word-count.ts";
import { headingOutline } from "../../../../src/analyzers/visibility/audits/content/heading-outline.ts";
import { rawHtmlText } from "../../../../src/analyzers/visibility/audits/render/raw-html-text.ts";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { authorship } from "../../../../src/analyzers/visibility/audits/trust/authorship.ts";
import { MAX_DOM_ELEMENTS } from "../../../../src/analyzers/structured-data/bounded-html.ts";
import { SAMPLE_PARSE_MAX_CHARS } from "../../../../src/analyzers/visibility/derive/homepage-document.ts";
import { ARTICLE_BODY, homepage, INTRO, page, samplePage, site } from "../sample-site.ts";

/** A DOM cut at MAX_DOM_ELEMENTS is stated by the verdicts that judged it, naming the page. */

const ELEMENTS = MAX_DOM_ELEMENTS + 10_000;
/** A readable page followed by 40,000 empty elements: cut inside the filler, after the text. */
const hostile = page({ body: `<main><h1>Menu</h1><p>${INTRO}</p></main>${"<i></i>".repeat(ELEMENTS)}` });

describe("the DOM cut in verdicts", () => {
  test("raw-html-text states the homepage's cut, after the byte cut when both happened", () => {
    const outcome = runAudit(rawHtmlText, site({ homepage: homepage({ html: hostile, truncated: true }) }));
    expect(outcome.detail).toMatch(/The page was cut at 0\.\d MB, the most the scan reads of one response \(FETCH_MAX_BYTES\): only that part was judged\. The page was cut after its first 30,000 elements \(of 40,0\d\d\): only that part was judged\.$/);
  });

  test("a sampled page's cut is named by its path on the content and trust verdicts, and the whole homepage is not", () => {
    const artifacts = site({ samplePages: [samplePage("content", hostile), samplePage("about", page({ body: ARTICLE_BODY }))] });
    for (const audit of [wordCountAudit, headingOutline, authorship]) {
      const detail = runAudit(audit, artifacts).detail;
      expect(detail).toContain("The page /menu was cut after its first 30,000 elements (of ");
      expect(detail).not.toContain("The page / was cut");
      expect(detail).not.toContain("/about was cut");
    }
  });

  test("nothing is said when no page's elements were cut, nor for a sampled page read for its first 256 KiB by design", () => {
    const long = page({ body: `<main><p>${INTRO}</p>${`<p>${INTRO}</p>`.repeat(1_000)}</main>` });
    expect(long.length).toBeGreaterThan(SAMPLE_PARSE_MAX_CHARS);
    const artifacts = site({ samplePages: [samplePage("content", long), samplePage("about")] });
    for (const audit of [rawHtmlText, wordCountAudit, headingOutline, authorship]) expect(runAudit(audit, artifacts).detail).not.toContain("was cut");
  });
});
