import { describe, expect, test } from "bun:test";
import { analyzePage } from "../../../src/analyzers/schema/analyze-page.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { jsonLdScripts } from "../../../src/analyzers/structured-data/json-ld-scripts.ts";
import { PARSE_MAX_CHARS } from "../../../src/analyzers/structured-data/html-document.ts";
import { MAX_ITEM_DATA_CHARS_PAST_BUDGET, MAX_ITEMS, MAX_MARKUP_ELEMENTS, MAX_RECORD_DATA_CHARS } from "../../../src/analyzers/structured-data/structured-data-caps.ts";
import { jsonLd, page } from "../schema/analyze-fixtures.ts";

/** Structured data is read from the whole page, and every cap that is hit is stated: nothing is cut silently. */

const URL_OF_PAGE = "https://shop.example/p/lamp";
const analyze = (html: string, truncated = false) =>
  analyzePage({ ok: true, requestedUrl: URL_OF_PAGE, finalUrl: URL_OF_PAGE, status: 200, contentType: "text/html", html, truncated }, schemaVocabulary());
const filler = (characters: number) => `<p>${"Lorem ipsum dolor sit amet. ".repeat(Math.ceil(characters / 28))}</p>`;
const product = (name: string) => ({ "@context": "https://schema.org", "@type": "Product", name, offers: { "@type": "Offer", price: "10.00", priceCurrency: "EUR" } });

describe("pages larger than the parsed part", () => {
  test("JSON-LD, Microdata and RDFa at the end of a 3 MB page are all found, and no cap is hit", () => {
    const markup =
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Chair</span></div>` +
      `<div vocab="https://schema.org/" typeof="Product"><span property="name">Desk</span></div>`;
    const result = analyze(page("", filler(3 * 1024 * 1024) + jsonLd(product("Lamp")) + markup));
    expect(result.items.map((item) => [item.format, item.type])).toEqual([["json-ld", "Product"], ["microdata", "Product"], ["rdfa", "Product"]]);
    expect(result.problems).toEqual([]);
    expect(result.limits).toEqual([]);
  });

  test("a valid block that crosses the parsed part's end is read whole, not reported as broken JSON", () => {
    const before = filler(PARSE_MAX_CHARS - 2_000);
    const big = { ...product("Lamp"), description: "x".repeat(10_000) };
    const result = analyze(page("", before + jsonLd(big)));
    expect(result.problems).toEqual([]);
    expect(result.items).toHaveLength(1);
  });

  test("a page cut at the fetch limit says so", () => {
    const result = analyze(page(jsonLd(product("Lamp"))), true);
    expect(result.limits![0]!.message).toContain("was cut at");
    expect(result.limits![0]!.message).toContain("FETCH_MAX_BYTES");
  });

  test("a page cut by the scan's memory budget names the budget, not the fetch limit", () => {
    const html = page(jsonLd(product("Lamp")));
    const result = analyzePage({ ok: true, requestedUrl: URL_OF_PAGE, finalUrl: URL_OF_PAGE, status: 200, contentType: "text/html", html, truncated: true, cutByBudget: true }, schemaVocabulary());
    expect(result.limits![0]!.message).toContain("(the scan's memory budget, SCAN_MEMORY_MB)");
    expect(result.limits![0]!.message).not.toContain("FETCH_MAX_BYTES");
  });

  test("the cut is stated at the size read, not at the text kept (NUL characters are dropped from it)", () => {
    const result = analyzePage({ ok: true, requestedUrl: URL_OF_PAGE, finalUrl: URL_OF_PAGE, status: 200, contentType: "text/html", html: "", bytesRead: 5 * 1024 * 1024, truncated: true }, schemaVocabulary());
    expect(result.limits![0]!.message).toStartWith("The page was cut at 5.0 MB (the FETCH_MAX_BYTES limit)");
  });
});

describe("caps on items and nesting", () => {
  test("one block of 10,000 Products gives the first MAX_ITEMS, and says how many there were", () => {
    const block = { "@context": "https://schema.org", "@graph": Array.from({ length: 10_000 }, (_, index) => ({ "@type": "Product", name: `P${index}` })) };
    const result = analyze(page(jsonLd(block)));
    expect(result.problems).toEqual([]);
    // Every item checked is counted; the record lists as many as fit its size cap (bounded-record.test.ts).
    expect(result.summary.items).toBe(MAX_ITEMS);
    expect(result.limits).toContainEqual({ limit: "items", message: `The page's JSON-LD holds 10000 items; the first ${MAX_ITEMS} are reported and checked.` });
  }, 60_000);

  test("values nested past the depth cap are stated as cut", () => {
    let deep: Record<string, unknown> = { "@type": "Thing", name: "bottom" };
    for (let level = 0; level < 20; level++) deep = { "@type": "Thing", subjectOf: deep };
    const result = analyze(page(jsonLd({ "@context": "https://schema.org", ...deep })));
    expect(result.limits!.map((notice) => notice.limit)).toContain("depth");
  });

  test("the formats share one budget of items: Microdata past what JSON-LD left is counted", () => {
    const block = { "@context": "https://schema.org", "@graph": Array.from({ length: MAX_ITEMS - 10 }, (_, index) => ({ "@type": "Thing", name: `T${index}` })) };
    const items = Array.from({ length: 15 }, (_, index) => `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">M${index}</span></div>`).join("");
    const result = analyze(page(jsonLd(block), items));
    expect(result.items.filter((item) => item.format === "microdata")).toHaveLength(10);
    expect(result.limits).toContainEqual({ limit: "items", message: `The page holds 15 Microdata items; the first 10 are reported and checked (at most ${MAX_ITEMS} items a page).` });
  }, 60_000);

  test("Microdata and RDFa markup past MAX_MARKUP_ELEMENTS is not read, and the report says so", () => {
    const properties = `<b itemprop="keywords">k</b>`.repeat(MAX_MARKUP_ELEMENTS);
    const html = page("", `<div itemscope itemtype="https://schema.org/Thing">${properties}</div><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Late</span></div>`);
    const result = analyze(html);
    expect(result.items.map((item) => item.type)).toEqual(["Thing"]);
    expect(result.limits).toContainEqual({ limit: "nodes", message: `The page's Microdata and RDFa markup holds more than ${MAX_MARKUP_ELEMENTS} elements; Microdata and RDFa after that point were not read.` });
  }, 60_000);

  test("items' data past the record's budget is shown shorter, each item still checked, and the report says so", () => {
    const count = Math.ceil(MAX_RECORD_DATA_CHARS / 15_000) + 5;
    const block = { "@context": "https://schema.org", "@graph": Array.from({ length: count }, (_, index) => ({ "@type": "Product", name: `P${index}`, description: "d".repeat(15_000) })) };
    const result = analyze(page(jsonLd(block)));
    expect(result.items).toHaveLength(count);
    const shown = result.items.reduce((sum, item) => sum + item.data.length, 0);
    expect(shown).toBeLessThan(MAX_RECORD_DATA_CHARS + count * (MAX_ITEM_DATA_CHARS_PAST_BUDGET + 2));
    expect(result.items.at(-1)!.data.length).toBeLessThanOrEqual(MAX_ITEM_DATA_CHARS_PAST_BUDGET + 2);
    expect(result.limits!.find((notice) => notice.message.startsWith("The items' data shown is cut"))).toMatchObject({ limit: "items" });
  }, 60_000);

  test("a small page hits no cap", () => {
    expect(analyze(page(jsonLd(product("Lamp")))).limits).toEqual([]);
  });
});

describe("finding JSON-LD blocks by scanning the HTML", () => {
  test("follows the tokenizer: comments hide scripts, a script runs to the first </script, attributes in any case and quoting", () => {
    const html =
      `<!-- <script type="application/ld+json">{"hidden":true}</script> -->` +
      `<SCRIPT TYPE='Application/LD+JSON; charset=utf-8'>{"a":1}</SCRIPT>` +
      `<script>var s = '<script type="application/ld+json">{"inJs":true}</scr' + 'ipt>';</script>` +
      `<script data-x=">" type=application/ld+json>{"b":2}</script>` +
      `<script type="text/javascript">{"c":3}</script>` +
      `<script type="application/ld+json">{"unclosed":true}`;
    expect(jsonLdScripts(html).map((script) => script.text)).toEqual(['{"a":1}', '{"b":2}', '{"unclosed":true}']);
  });

  test("an unterminated comment or start tag ends the scan without error", () => {
    expect(jsonLdScripts(`<script type="application/ld+json">{}</script><!-- never closed <script type="application/ld+json">{}</script>`)).toHaveLength(1);
    expect(jsonLdScripts(`<script type="application/ld+json`)).toEqual([]);
  });
});
