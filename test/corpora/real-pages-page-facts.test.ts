/**
 * pageFacts (the reader the site crawl calls on every fetched page) over the 286 real pages of
 * ../shared/corpora/real-pages, each read as a 2xx page at its own URL. These are real articles, shop and
 * institution pages, so: none is an app shell or a soft 404, a noindex is reported only where the page's
 * own robots meta says so, the title is found wherever the corpus says the page states one, and the facts
 * stay small (the crawl keeps them for every page of a scan).
 */
import { describe, expect, test } from "bun:test";
import { pageFacts } from "../../src/analyzers/visibility/derive/page-facts.ts";
import type { PageHtmlFacts } from "../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { CORPUS_DIR, type CorpusPage, corpusAvailable, corpusEntries, loadPage } from "./real-pages-corpus.ts";

/** The facts of a page are a few titles, a few types and counts: far below this many bytes as JSON. */
const FACTS_MAX_BYTES = 4096;

const available = corpusAvailable();
if (!available) console.warn(`real-pages page-facts test skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!available)("pageFacts on the real-pages corpus", () => {
  const read: { page: CorpusPage; facts: PageHtmlFacts }[] = available
    ? corpusEntries().map((entry) => {
        const page = loadPage(entry);
        return { page, facts: pageFacts({ html: page.html, finalUrl: page.url, contentType: "text/html", status: 200 }) };
      })
    : [];

  test("no real page is taken for an app shell or a soft 404", () => {
    expect(read.filter(({ facts }) => facts.appShell).map(({ page }) => page.id)).toEqual([]);
    expect(read.filter(({ facts }) => facts.softNotFound).map(({ page }) => page.id)).toEqual([]);
  });

  test("noindex only where the page's own robots meta tag says noindex", () => {
    for (const { page, facts } of read) {
      const noindex = facts.metaDirectives.some((directive) => directive.directive === "noindex" || directive.directive === "none");
      const tags = page.html.match(/<meta\b[^>]*>/gi) ?? [];
      const stated = tags.some((tag) => /name\s*=\s*["']?(?:robots|googlebot|bingbot)\b/i.test(tag) && /(?:content|value)\s*=\s*["'][^"']*\b(?:noindex|none)\b/i.test(tag));
      expect({ id: page.id, noindex }).toEqual({ id: page.id, noindex: stated });
    }
  });

  test("the title is read wherever the corpus says the page states one, and contains it", () => {
    const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
    const judged = read.filter(({ page }) => page.expected.title && page.foundInPage.title);
    expect(judged.length).toBeGreaterThan(50);
    const missed = judged.filter(({ page, facts }) => facts.title === null && facts.h1 === null).map(({ page }) => page.id);
    expect(missed).toEqual([]);
    const disagree = judged.filter(({ page, facts }) => ![facts.title, facts.h1].some((text) => text !== null && squash(text).includes(squash(page.expected.title!).slice(0, 40))));
    // Saved pages whose <title> and <h1> both differ from the headline their maintainers expect (a site name, a rewritten headline) are few.
    expect(disagree.length / judged.length).toBeLessThan(0.1);
  });

  test("the facts are small and plain: JSON round trip unchanged, a few KB at most", () => {
    for (const { page, facts } of read) {
      const json = JSON.stringify(facts);
      expect({ id: page.id, small: json.length <= FACTS_MAX_BYTES }).toEqual({ id: page.id, small: true });
      expect(JSON.parse(json)).toEqual(facts);
    }
  });

  test("articles with a known author and date: most have them read", () => {
    const articles = read.filter(({ page }) => page.expected.author && page.foundInPage.author && page.expected.datePublished);
    expect(articles.length).toBeGreaterThan(30);
    const withAuthor = articles.filter(({ facts }) => facts.article?.author);
    expect(withAuthor.length / articles.length).toBeGreaterThan(0.8);
  });
});
