import { describe, expect, test } from "bun:test";
import { analyzePage } from "../../../src/analyzers/schema/analyze-page.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { jsonLdScripts } from "../../../src/analyzers/structured-data/json-ld-scripts.ts";
import { PARSE_MAX_CHARS } from "../../../src/analyzers/structured-data/html-document.ts";
import { jsonLd, page } from "../schema/analyze-fixtures.ts";

/** Structured data is read from the whole page, and every cap that is hit is stated: nothing is cut silently. */

const URL_OF_PAGE = "https://shop.example/p/lamp";
const analyze = (html: string, truncated = false) =>
  analyzePage({ ok: true, requestedUrl: URL_OF_PAGE, finalUrl: URL_OF_PAGE, status: 200, contentType: "text/html", html, truncated }, schemaVocabulary());
const filler = (characters: number) => `<p>${"Lorem ipsum dolor sit amet. ".repeat(Math.ceil(characters / 28))}</p>`;
const product = (name: string) => ({ "@context": "https://schema.org", "@type": "Product", name, offers: { "@type": "Offer", price: "10.00", priceCurrency: "EUR" } });

describe("pages larger than the parsed part", () => {
  test("JSON-LD at the end of a 3 MB page is found, and the report says Microdata and RDFa were read from the start only", () => {
    const result = analyze(page("", filler(3 * 1024 * 1024) + jsonLd(product("Lamp"))));
    expect(result.items.map((item) => item.type)).toEqual(["Product"]);
    expect(result.problems).toEqual([]);
    expect(result.limits).toEqual([{ limit: "page-size", message: expect.stringMatching(/^The page is 3\.0 MB: JSON-LD was read from all of it, Microdata and RDFa from its first 1\.0 MB\.$/) }]);
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
});

describe("caps on items and nesting", () => {
  test("one block of 10,000 Products gives the first 100, and says how many there were", () => {
    const block = { "@context": "https://schema.org", "@graph": Array.from({ length: 10_000 }, (_, index) => ({ "@type": "Product", name: `P${index}` })) };
    const result = analyze(page(jsonLd(block)));
    expect(result.problems).toEqual([]);
    expect(result.items).toHaveLength(100);
    expect(result.limits).toContainEqual({ limit: "items", message: "The page's JSON-LD holds 10000 items; the first 100 are reported and checked." });
  });

  test("values nested past the depth cap are stated as cut", () => {
    let deep: Record<string, unknown> = { "@type": "Thing", name: "bottom" };
    for (let level = 0; level < 20; level++) deep = { "@type": "Thing", subjectOf: deep };
    const result = analyze(page(jsonLd({ "@context": "https://schema.org", ...deep })));
    expect(result.limits!.map((notice) => notice.limit)).toContain("depth");
  });

  test("Microdata items past the cap are counted", () => {
    const items = Array.from({ length: 150 }, (_, index) => `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">T${index}</span></div>`).join("");
    const result = analyze(page("", items));
    expect(result.limits).toContainEqual({ limit: "items", message: "The page holds 150 Microdata items; the first 100 are reported and checked." });
  });

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
