/**
 * The schema service's suggested JSON-LD on 286 real pages (../shared/corpora/real-pages): every
 * suggestion must be sound on the page it was made for, by the same checks as on our fixtures
 * (test/analyzers/schema/generated-round-trip.ts): one @graph whose references resolve, no error or
 * warning of our own validator, every targeted rich result met, and pasted into the page nothing more to
 * suggest. A page without a </head> cannot take the paste the way the check does it; it is listed, not judged.
 */
import { describe, expect, test } from "bun:test";
import { analyzeHtml } from "../analyzers/schema/analyze-fixtures.ts";
import { expectSoundSuggestion } from "../analyzers/schema/generated-round-trip.ts";
import { CORPUS_DIR, corpusAvailable, corpusEntries, loadPage } from "./real-pages-corpus.ts";

const available = corpusAvailable();
if (!available) console.warn(`real-pages generated JSON-LD test skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!available)("real-pages corpus: suggested JSON-LD", () => {
  test("every suggestion made for a real page is sound there", () => {
    const unsound: string[] = [];
    const withoutHead: string[] = [];
    let suggestions = 0;
    for (const entry of corpusEntries()) {
      const page = loadPage(entry);
      const result = analyzeHtml(page.html, page.url);
      if (result.generated.length > 0 && !/<\/head>/i.test(page.html)) {
        withoutHead.push(entry.id);
        continue;
      }
      for (const generated of result.generated) {
        suggestions++;
        try {
          expectSoundSuggestion(page.html, page.url, generated);
        } catch (error) {
          unsound.push(`${entry.id}: ${String(error).slice(0, 800)}`);
        }
      }
    }
    console.log(`real-pages suggested JSON-LD: ${suggestions} suggestions judged, ${unsound.length} unsound; pages without </head>, not judged: ${withoutHead.join(", ") || "none"}`);
    expect(unsound).toEqual([]);
    // The corpus is mostly articles that lack some markup: most pages get a suggestion, so the check measures something.
    expect(suggestions).toBeGreaterThan(100);
  }, 600_000);
});
