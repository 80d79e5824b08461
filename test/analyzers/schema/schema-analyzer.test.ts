import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { schemaAnalyzer, scoreArtifacts } from "../../../src/analyzers/schema/index.ts";
import type { SchemaArtifacts } from "../../../src/analyzers/schema/gather/page-artifact.ts";
import { SchemaRecordSchema } from "../../../src/analyzers/schema/record-schema.ts";
import type { ScanContext } from "../../../src/analyzers/analyzer.ts";
import { FetchError, type FetchResult, type SafeFetcher } from "../../../src/net/fetch-types.ts";
import { PRODUCT_PAGE } from "../../fixtures/schema-pages/pages.ts";

function answer(url: string, body: string, status = 200, contentType = "text/html; charset=utf-8"): FetchResult {
  return { url, finalUrl: url, status, headers: { "content-type": contentType }, body: new TextEncoder().encode(body), truncated: false, redirects: [], timing: { ttfbMs: 1, totalMs: 2 }, remoteAddress: "127.0.0.1" };
}

/** A fetcher over canned answers; any other URL does not resolve. Records every URL asked for. */
function fetcherOf(routes: Record<string, FetchResult | FetchError>): SafeFetcher & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async fetch(url) {
      calls.push(url);
      const canned = routes[url] ?? new FetchError("dns", `${new URL(url).hostname} does not resolve`, url);
      if (canned instanceof FetchError) throw canned;
      return canned;
    },
  };
}

function context(fetcher: SafeFetcher, url?: string): ScanContext {
  return {
    domain: "shop.example",
    url,
    fetcher,
    signal: new AbortController().signal,
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2025-03-01T12:00:00Z"),
  };
}

describe("schemaAnalyzer.scan", () => {
  test("fetches the URL given and stores a record that matches its schema, with the artifacts to re-judge it", async () => {
    const url = "https://shop.example/p/trail-shoe-2?color=red";
    const fetcher = fetcherOf({ [url]: answer(url, PRODUCT_PAGE) });
    const { record, artifacts } = await schemaAnalyzer.scan(context(fetcher, url));
    expect(fetcher.calls).toEqual([url]);
    expect(Value.Errors(SchemaRecordSchema, record).First()).toBeUndefined();
    expect(record).toMatchObject({ domain: "shop.example", status: "ok", scannedAt: "2025-03-01T12:00:00.000Z" });
    expect(record.result!.page).toEqual({ url, finalUrl: url, status: 200, title: "Trail Shoe 2 | Acme Outdoor" });
    expect(record.result!.summary.eligible).toBe(4);
    expect(schemaAnalyzer.scoreOf(record)).toBe(4);
    // Stored as JSON and judged again, the artifacts give the same record.
    const stored = JSON.parse(JSON.stringify(artifacts)) as SchemaArtifacts;
    expect(scoreArtifacts("shop.example", stored, new Date("2025-03-01T12:00:00Z"))).toEqual(record);
  });

  test("without a URL the homepage is fetched, falling back to http and the www. name", async () => {
    const fetcher = fetcherOf({
      "https://shop.example/": new FetchError("connect", "refused", "https://shop.example/"),
      "http://shop.example/": new FetchError("connect", "refused", "http://shop.example/"),
      "https://www.shop.example/": answer("https://www.shop.example/", "<title>Home</title>"),
    });
    const { record } = await schemaAnalyzer.scan(context(fetcher));
    expect(fetcher.calls).toEqual(["https://shop.example/", "http://shop.example/", "https://www.shop.example/"]);
    expect(record.status).toBe("ok");
    expect(record.result!.items).toEqual([]);
  });

  test("unreachable pages, error statuses and non-HTML answers give failed records with the reason", async () => {
    const url = "https://shop.example/missing";
    const unreachable = await schemaAnalyzer.scan(context(fetcherOf({}), url));
    // Checked before toMatchObject, which (in Bun) leaves its asymmetric matchers in the object it matched.
    expect([...Value.Errors(SchemaRecordSchema, unreachable.record)]).toEqual([]);
    expect(unreachable.record).toMatchObject({ status: "failed", result: null, reason: expect.stringContaining("could not be fetched") });

    const notFound = await schemaAnalyzer.scan(context(fetcherOf({ [url]: answer(url, "gone", 404) }), url));
    expect(notFound.record).toMatchObject({ status: "failed", reason: expect.stringContaining("HTTP 404") });

    const pdf = await schemaAnalyzer.scan(context(fetcherOf({ [url]: answer(url, "%PDF", 200, "application/pdf") }), url));
    expect(pdf.record).toMatchObject({ status: "failed", reason: expect.stringContaining("not an HTML page") });
  });

  test("a redirect loop is not retried on other candidates", async () => {
    const url = "https://shop.example/loop";
    const fetcher = fetcherOf({ [url]: new FetchError("too-many-redirects", "loops", url) });
    const { record } = await schemaAnalyzer.scan(context(fetcher, url));
    expect(fetcher.calls).toEqual([url]);
    expect(record.reason).toContain("loops");
  });
});
