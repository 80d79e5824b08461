/**
 * The schema service's analysis of hostile pages: the DOM it reads the title and the suggestions' facts
 * from is cut at MAX_DOM_DEPTH or MAX_DOM_ELEMENTS, and the record carries a LimitNotice that says so. Structured data is
 * read from the whole page, so an item after the cut is still found.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { analyzePage } from "../../../src/analyzers/schema/analyze-page.ts";
import { schemaAnalyzer, type SchemaRecord } from "../../../src/analyzers/schema/index.ts";
import { PARSE_MAX_CHARS } from "../../../src/analyzers/structured-data/bounded-html.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite } from "../../helpers/fixture-server.ts";
import { deepNestingPage } from "../../helpers/hostile-fixtures.ts";
import { jsonLd, page } from "./analyze-fixtures.ts";

const DOMAIN = "deep.test";
let site: FixtureSite;
let record: SchemaRecord;

beforeAll(async () => {
  site = await startFixtureSite({ "/": deepNestingPage(200_000) });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(DOMAIN, 80)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)" });
  const offsite = { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" };
  ({ record } = await schemaAnalyzer.scan({ domain: DOMAIN, url: `http://${DOMAIN}/`, fetcher, signal: AbortSignal.timeout(60_000), offsite, now: () => new Date() }));
}, 90_000);

afterAll(async () => {
  await site.stop();
});

describe("the schema analysis of a page past the depth or element budget", () => {
  test("200,000 nested <div>s, fetched over loopback: an ok record with a LimitNotice on the cut", () => {
    expect(record.status).toBe("ok");
    expect(Value.Check(schemaAnalyzer.recordSchema, record)).toBe(true);
    expect(record.result!.page.title).toBe("deep");
    expect(record.result!.limits).toContainEqual({
      limit: "nodes",
      message:
        "The page was cut at its first element nested more than 512 deep, after 514 elements (of 200,004) to read its title and the facts suggestions are made of; structured data was read from the whole page.",
    });
  });

  test("a million `<br a=1>` elements: structured data after the cut is still read, and the cut is stated", () => {
    const url = "https://shop.example/";
    const html = page("", jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "Shop" }) + "<br a=1>".repeat(1_000_000) + jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Lamp" }));
    const result = analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, schemaVocabulary());
    expect(result.items.map((item) => item.type)).toEqual(["Organization", "Product"]);
    expect(result.limits!.filter((notice) => notice.limit === "nodes").map((notice) => notice.message)).toEqual([
      expect.stringContaining("The page was cut after its first 30,000 elements (of 1,000,"),
    ]);
  }, 60_000);

  test("a page past the characters the DOM is built from, but within the element budget, gets no DOM notice", () => {
    const url = "https://shop.example/";
    const html = page("", `<p>${"Lorem ipsum dolor sit amet. ".repeat(PARSE_MAX_CHARS / 20)}</p>`);
    expect(html.length).toBeGreaterThan(PARSE_MAX_CHARS);
    const result = analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, schemaVocabulary());
    expect(result.limits).toEqual([]);
  });

  test("a page whose only `<div`s are in comments and script text is not cut", () => {
    const url = "https://shop.example/";
    const fake = "<div>".repeat(50_000);
    const html = page("", `<!-- ${fake} --><script>var markup = "${fake}";</script><p>Lamp</p>`);
    const result = analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, schemaVocabulary());
    expect(result.limits).toEqual([]);
  });
});
