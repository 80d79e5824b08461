/** The schema analyzer tells ScanContext.progress its steps, in order, and scans the same without a reporter. */
import { describe, expect, test } from "bun:test";
import { schemaAnalyzer } from "../../../src/analyzers/schema/index.ts";
import type { ScanContext, ScanProgress } from "../../../src/analyzers/analyzer.ts";
import type { FetchResult, SafeFetcher } from "../../../src/net/fetch-types.ts";
import { PRODUCT_PAGE } from "../../fixtures/schema-pages/pages.ts";

const URL_ASKED = "https://shop.example/p/trail-shoe-2";

function fetcher(): SafeFetcher {
  const result: FetchResult = {
    url: URL_ASKED,
    finalUrl: URL_ASKED,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: new TextEncoder().encode(PRODUCT_PAGE),
    truncated: false,
    redirects: [],
    timing: { ttfbMs: 1, totalMs: 2 },
    remoteAddress: "127.0.0.1",
  };
  return { fetch: async () => result };
}

function context(progress?: (update: ScanProgress) => void): ScanContext {
  return {
    domain: "shop.example",
    url: URL_ASKED,
    fetcher: fetcher(),
    signal: new AbortController().signal,
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2025-03-01T12:00:00Z"),
    ...(progress ? { progress } : {}),
  };
}

describe("schema analyzer progress", () => {
  test("reports fetching, reading, checking and generating, in order; a throwing reporter changes nothing", async () => {
    const seen: ScanProgress[] = [];
    const { record } = await schemaAnalyzer.scan(context((update) => seen.push(update)));
    expect(seen).toEqual([
      { done: 0, total: 4, step: "Fetching the page" },
      { done: 1, total: 4, step: "Reading the structured data" },
      { done: 2, total: 4, step: "Checking it against schema.org" },
      { done: 3, total: 4, step: "Generating suggestions" },
    ]);
    const quiet = await schemaAnalyzer.scan(context());
    const broken = await schemaAnalyzer.scan(
      context(() => {
        throw new Error("reporter broke");
      }),
    );
    expect(quiet.record).toEqual(record);
    expect(broken.record).toEqual(record);
  });
});
