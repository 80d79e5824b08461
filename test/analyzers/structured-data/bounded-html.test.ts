import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { boundedHtml, cutExtent, elementUpperBound, MAX_DOM_DEPTH, MAX_DOM_ELEMENTS, PARSE_MAX_CHARS, parsedPart } from "../../../src/analyzers/structured-data/bounded-html.ts";
import { parseBoundedHtml, parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { CORPUS_DIR } from "../../corpora/real-pages-corpus.ts";

/** The element budget: a page's DOM holds at most MAX_DOM_ELEMENTS elements, cut at a tag boundary, and says so. */

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
/** Elements before the body's content: html, head, title, body. */
const FRAME = 4;

describe("boundedHtml", () => {
  test("a page within the budget is returned as it is, with no cut", () => {
    const html = page("<p>hello</p>".repeat(1_000));
    expect(boundedHtml(html)).toEqual({ html, cut: null });
  });

  test("the cut falls right before the element past the budget, at its `<`", () => {
    const html = page(Array.from({ length: 50 }, (_, index) => `<p id="p${index}">text ${index}</p>`).join(""));
    const { html: kept, cut } = boundedHtml(html, PARSE_MAX_CHARS, 20);
    // 20 elements: the four of the frame, then p0 … p15; the cut is at `<p id="p16">`.
    expect(kept).toEndWith('<p id="p15">text 15</p>');
    expect(html.slice(kept.length)).toStartWith('<p id="p16">');
    expect(cut).toEqual({ limit: "elements", keptChars: kept.length, totalChars: html.length, keptElements: 20, totalElements: 50 + FRAME, totalIsLowerBound: false });
    expect(parseHTML(kept).document.querySelectorAll("*").length).toBe(20);
  });

  test("the DOM built from a cut page has exactly the budget's elements", () => {
    const { document, cut } = parseBoundedHtml(page("<div><span>a</span><b>b</b></div>".repeat(MAX_DOM_ELEMENTS)));
    expect(document.querySelectorAll("*").length).toBe(MAX_DOM_ELEMENTS);
    expect(cut?.keptElements).toBe(MAX_DOM_ELEMENTS);
    expect(cut?.totalElements).toBe(3 * MAX_DOM_ELEMENTS + FRAME);
  });

  test("200,000 nested <div>s are cut at the first one nested deeper than 512, and the reader is told how many there were", () => {
    const html = page(`${"<div>".repeat(200_000)}bottom${"</div>".repeat(200_000)}`);
    const { html: kept, cut } = boundedHtml(html);
    const { document } = parseBoundedHtml(html);
    // html and body are the first two levels, so 510 <div>s fit: 514 elements with head and title.
    expect(document.querySelectorAll("*").length).toBe(514);
    expect(document.querySelectorAll("div").length).toBe(MAX_DOM_DEPTH - 2);
    expect(kept).toEndWith("<div>");
    expect(cut).toMatchObject({ limit: "depth", keptElements: 514, totalElements: 200_000 + FRAME, maxDepth: MAX_DOM_DEPTH });
    expect(cutExtent(cut!)).toBe("at its first element nested more than 512 deep, after 514 elements (of 200,004)");
  });

  test("depth is the parser's: implied and void closes count, so long flat pages of <p>, <li>, <br> or <td> are not cut", () => {
    const flat = [
      page("<p>para".repeat(10_000)),
      page(`<ul>${"<li>item".repeat(10_000)}</ul>`),
      page("line<br>".repeat(10_000)),
      page(`<table>${"<tr><td>a<td>b".repeat(5_000)}</table>`),
      page(`${"<div></div>".repeat(10_000)}`),
    ];
    for (const html of flat) {
      expect(elementUpperBound(html)).toBeGreaterThan(4_000);
      expect(boundedHtml(html).cut).toBeNull();
    }
  });

  test("the cut falls right before the first element past the depth, at its `<`; the depth itself is allowed", () => {
    const siblings = "<i></i>".repeat(5_000);
    const atDepth = page(`${"<div>".repeat(8)}deepest${"</div>".repeat(8)}${siblings}`);
    // body is at depth 2, so its 8 nested <div>s reach depth 10.
    expect(boundedHtml(atDepth, PARSE_MAX_CHARS, MAX_DOM_ELEMENTS, 10).cut).toBeNull();
    const tooDeep = page(`${"<div>".repeat(8)}<span id="s">too deep</span>${"</div>".repeat(8)}${siblings}`);
    const { html: kept, cut } = boundedHtml(tooDeep, PARSE_MAX_CHARS, MAX_DOM_ELEMENTS, 10);
    expect(tooDeep.slice(kept.length)).toStartWith('<span id="s">');
    expect(cut).toMatchObject({ limit: "depth", keptElements: 12, totalElements: 12 + 1 + 5_000, maxDepth: 10 });
  });

  test("a million `<br a=1>` elements: the DOM holds the budget, and every attribute of it is read", () => {
    const html = page("<br a=1>".repeat(1_000_000));
    const { document, cut } = parseBoundedHtml(html);
    expect(document.querySelectorAll("*").length).toBe(MAX_DOM_ELEMENTS);
    expect(document.querySelectorAll("br[a='1']").length).toBe(MAX_DOM_ELEMENTS - FRAME);
    expect(cut).toMatchObject({ keptElements: MAX_DOM_ELEMENTS, totalElements: 1_000_000 + FRAME, totalIsLowerBound: false });
  });

  test("tags inside comments, scripts and attribute values are not elements: such a page is not cut", () => {
    const fake = "<div>".repeat(2 * MAX_DOM_ELEMENTS);
    const html = page(`<!-- ${fake} --><script>const markup = "${fake}";</script><textarea>${fake}</textarea><p title="${fake}">end</p>`);
    expect(elementUpperBound(html)).toBeGreaterThan(MAX_DOM_ELEMENTS);
    expect(boundedHtml(html)).toEqual({ html, cut: null });
    expect(parseHtml(html).querySelector("p")?.textContent).toBe("end");
  });

  test("stray end tags that the parser turns into elements are counted, as linkedom builds them", () => {
    // Each stray `</p>` becomes an empty <p>; none is a `<` followed by a letter.
    const html = page("</p>".repeat(100));
    expect(parseHTML(html).document.querySelectorAll("p").length).toBe(100);
    const { html: kept, cut } = boundedHtml(html, PARSE_MAX_CHARS, 50);
    expect(cut?.keptElements).toBe(50);
    expect(parseHTML(kept).document.querySelectorAll("*").length).toBe(50);
  });

  test("a page past the character limit is cut there first, and its element count is then a lower bound", () => {
    const html = page("<br a=1>".repeat(1_000_000));
    const { html: kept, cut } = boundedHtml(html, 3_000_000);
    expect(kept.length).toBeLessThan(3_000_000);
    expect(cut).toMatchObject({ limit: "elements", keptElements: MAX_DOM_ELEMENTS, totalIsLowerBound: true });
    expect(cutExtent(cut!)).toMatch(/^after its first 30,000 elements \(of more than [\d,]+\)$/);
    const charsOnly = boundedHtml(page("<p>x</p>".repeat(100)), 200);
    expect(charsOnly.cut).toMatchObject({ limit: "characters" });
    expect(charsOnly.html).toEndWith("</p>");
  });
});

describe("parseHtml lower-cases attribute names", () => {
  test("mixed-case names become lower case, the first spelling wins, and elements without attributes are untouched", () => {
    const document = parseHtml('<div itemScope itemType="https://schema.org/Thing" ITEMTYPE="second"><span>a</span><svg viewBox="0 0 1 1"></svg></div>');
    const div = document.querySelector("div")!;
    expect((div.getAttributeNames() as string[]).toSorted()).toEqual(["itemscope", "itemtype"]);
    expect(div.getAttribute("itemtype")).toBe("https://schema.org/Thing");
    expect(document.querySelector("svg")!.getAttribute("viewbox")).toBe("0 0 1 1");
    expect(document.querySelector("span")!.getAttributeNames()).toEqual([]);
  });

  test("elements after the document element, and at the deepest the depth bound keeps, are reached", () => {
    const nested = MAX_DOM_DEPTH - 3; // html, body and the <i> itself
    const deep = parseHtml(`<html><body>${"<b>".repeat(nested)}<i DATA-X="1"></i>${"</b>".repeat(nested)}${"<br>".repeat(5_000)}</body></html><footer Role="x"></footer>`);
    expect(deep.querySelector("i")!.getAttribute("data-x")).toBe("1");
    expect(deep.querySelector("footer")!.getAttribute("role")).toBe("x");
  });
});

const PAGES_DIR = join(CORPUS_DIR, "pages");
const corpusPresent = existsSync(PAGES_DIR);
if (!corpusPresent) console.warn(`bounded-html corpus test skipped: ${PAGES_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!corpusPresent)("the real pages are untouched by the element and depth budgets", () => {
  test("every page is given to the parser exactly as without the budget, and none is cut", () => {
    const files = readdirSync(PAGES_DIR).filter((name) => name.endsWith(".html"));
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) {
      const html = readFileSync(join(PAGES_DIR, file), "utf8");
      // The same HTML as the character cut alone gives linkedom, so the same DOM.
      const bounded = boundedHtml(html);
      expect({ file, same: bounded.html === parsedPart(html), cut: bounded.cut }).toEqual({ file, same: true, cut: null });
    }
  }, 120_000);
});
