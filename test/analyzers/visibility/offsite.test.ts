import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { OffsiteEndpoints } from "../../../src/analyzers/analyzer.ts";
import { gatherOffsite } from "../../../src/analyzers/visibility/offsite/gather-offsite.ts";
import { OFFSITE_USER_AGENT } from "../../../src/analyzers/visibility/offsite/offsite-fetch.ts";
import { offSiteRecord } from "../../../src/analyzers/visibility/offsite/offsite-record.ts";
import { websiteVariants, wikidataQuery } from "../../../src/analyzers/visibility/offsite/wikidata.ts";
import { type FixtureSite, type RecordedRequest, startFixtureSite } from "../../helpers/fixture-server.ts";
import { offsite as offsiteArtifact, siteWithRobots } from "./sample-site.ts";

/**
 * Fake Wikidata, Wikipedia and Common Crawl on loopback; each test picks how they behave through the
 * `mode` the fake reads, so one server serves every case.
 */
type Mode = "found" | "not-found" | "no-article" | "error-500" | "malformed" | "slow";
let mode: Mode = "found";
let fake: FixtureSite;

beforeAll(async () => {
  fake = await startFixtureSite(async (request) => {
    const url = new URL(request.url);
    if (mode === "slow") await Bun.sleep(2000);
    if (mode === "error-500") return new Response("upstream error", { status: 500 });
    if (mode === "malformed") return new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } });
    const base = `http://127.0.0.1:${url.port}`;
    switch (url.pathname) {
      case "/sparql": {
        const bindings =
          mode === "not-found" ? [] : [{ item: { type: "uri", value: "http://www.wikidata.org/entity/Q42" }, ...(mode === "no-article" ? {} : { article: { type: "uri", value: "https://en.wikipedia.org/wiki/Example" } }) }];
        return Response.json({ head: { vars: ["item", "article"] }, results: { bindings } });
      }
      case "/w/api.php":
        return Response.json({ batchcomplete: "", query: { exturlusage: mode === "not-found" ? [] : [{ pageid: 1, ns: 0, title: "A" }, { pageid: 2, ns: 0, title: "B" }] } });
      case "/collinfo.json":
        return Response.json([
          { id: "CC-MAIN-2026-44", name: "Oct 2026", "cdx-api": `${base}/CC-MAIN-2026-44-index` },
          { id: "CC-MAIN-2026-40", name: "Sep 2026", "cdx-api": `${base}/CC-MAIN-2026-40-index` },
          { id: "CC-MAIN-2026-33", name: "Aug 2026", "cdx-api": `${base}/CC-MAIN-2026-33-index` },
        ]);
      default:
        if (url.pathname.endsWith("-index")) {
          if (mode === "not-found" || url.pathname.includes("2026-44")) return new Response('{"message": "No Captures found for: example.com/*"}', { status: 404 });
          return new Response(`${JSON.stringify({ urlkey: "com,example)/", timestamp: "20260901", url: "https://example.com/", status: "200" })}\n`);
        }
        return new Response("not found", { status: 404 });
    }
  });
});

afterAll(() => fake.stop());

function endpoints(): OffsiteEndpoints {
  return { enabled: true, wikidataSparqlUrl: `${fake.url}/sparql`, wikipediaApiUrl: `${fake.url}/w/api.php`, commonCrawlIndexUrl: fake.url };
}

async function check(newMode: Mode, timeoutMs = 1500) {
  mode = newMode;
  fake.requests.length = 0;
  return gatherOffsite("example.com", endpoints(), { timeoutMs });
}

const paths = (requests: RecordedRequest[]) => requests.map((request) => new URL(request.path, "http://x").pathname).sort();

describe("off-site checks against fake services", () => {
  test("found: the Wikidata item, its English article and a Common Crawl capture", async () => {
    const result = await check("found");
    expect(result!.wikidata).toEqual({ status: "found", detail: "Wikidata item Q42 gives example.com as its official website.", url: "https://www.wikidata.org/wiki/Q42" });
    expect(result!.wikipedia).toMatchObject({ status: "found", url: "https://en.wikipedia.org/wiki/Example" });
    expect(result!.commonCrawl).toMatchObject({ status: "found", url: "https://example.com/" });
    expect(result!.commonCrawl.detail).toContain("CC-MAIN-2026-40");
    // Only the two newest collections are asked.
    expect(paths(fake.requests)).toEqual(["/CC-MAIN-2026-40-index", "/CC-MAIN-2026-44-index", "/collinfo.json", "/sparql", "/w/api.php"]);
  });

  test("requests use the documented forms and a descriptive User-Agent", async () => {
    await check("found");
    for (const request of fake.requests) expect(request.headers["user-agent"]).toBe(OFFSITE_USER_AGENT);
    const sparql = new URL(fake.requests.find((request) => request.path.startsWith("/sparql"))!.path, "http://x");
    expect(sparql.searchParams.get("format")).toBe("json");
    expect(sparql.searchParams.get("query")).toBe(wikidataQuery("example.com"));
    const wiki = new URL(fake.requests.find((request) => request.path.startsWith("/w/api.php"))!.path, "http://x");
    expect(Object.fromEntries(wiki.searchParams)).toEqual({ action: "query", list: "exturlusage", euquery: "example.com", eunamespace: "0", eulimit: "5", format: "json" });
    const cdx = new URL(fake.requests.find((request) => request.path.includes("-index"))!.path, "http://x");
    expect(Object.fromEntries(cdx.searchParams)).toEqual({ url: "example.com/*", output: "json", limit: "1" });
  });

  test("the SPARQL query matches P856 against every URL variant of the domain, and asks for the English article", () => {
    const query = wikidataQuery("example.com");
    expect(websiteVariants("example.com")).toHaveLength(8);
    for (const variant of ["https://example.com", "http://www.example.com/", "https://www.example.com/", "http://example.com"]) expect(query).toContain(`<${variant}>`);
    expect(query).toContain("wdt:P856");
    expect(query).toContain("schema:isPartOf <https://en.wikipedia.org/>");
  });

  test("not found: no item, no citations, no captures in either collection", async () => {
    const result = await check("not-found");
    expect(result!.wikidata).toMatchObject({ status: "not_found", url: null });
    expect(result!.wikipedia.status).toBe("not_found");
    expect(result!.wikipedia.detail).toContain("No English Wikipedia article links to example.com");
    expect(result!.commonCrawl.status).toBe("not_found");
    expect(result!.commonCrawl.detail).toContain("CC-MAIN-2026-44, CC-MAIN-2026-40");
  });

  test("an item without an article: wikipedia is not_found, saying how many articles cite the domain", async () => {
    const result = await check("no-article");
    expect(result!.wikidata.status).toBe("found");
    expect(result!.wikipedia).toMatchObject({ status: "not_found", url: null });
    expect(result!.wikipedia.detail).toContain("2 English Wikipedia articles link to example.com");
    expect(result!.wikipediaCitations).toBe(2);
  });

  test("a 500 from every service yields unknown with the reason, never an error", async () => {
    const result = await check("error-500");
    expect(result!.wikidata).toMatchObject({ status: "unknown", url: null });
    expect(result!.wikidata.detail).toContain("HTTP 500");
    expect(result!.wikipedia.status).toBe("unknown");
    expect(result!.commonCrawl.detail).toContain("HTTP 500");
  });

  test("a malformed answer yields unknown", async () => {
    const result = await check("malformed");
    expect(result!.wikidata.detail).toContain("not JSON");
    expect(result!.commonCrawl.status).toBe("unknown");
  });

  test("a timeout yields unknown, each check bounded by its own timeout", async () => {
    const started = performance.now();
    const result = await check("slow", 200);
    for (const name of ["wikidata", "wikipedia", "commonCrawl"] as const) expect(result![name].status).toBe("unknown");
    expect(result!.wikidata.detail).toContain("did not answer within 0.2 s");
    // Well under the fake's 2 s delay: the timeout, not the server, ended the checks.
    expect(performance.now() - started).toBeLessThan(1900);
  });

  test("an unreachable service yields unknown", async () => {
    const result = await gatherOffsite("example.com", { ...endpoints(), wikidataSparqlUrl: "http://127.0.0.1:9/sparql" }, { timeoutMs: 1000 });
    expect(result!.wikidata.status).toBe("unknown");
    expect(result!.wikidata.detail).toContain("could not be reached");
  });

  test("OFFSITE_CHECKS=off asks nothing and stores null", async () => {
    fake.requests.length = 0;
    expect(await gatherOffsite("example.com", { ...endpoints(), enabled: false })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe("offSiteRecord", () => {
  test("copies the three checks, and explains a Common Crawl miss by a CCBot block", () => {
    const artifacts = { ...siteWithRobots("User-agent: CCBot\nDisallow: /\n"), offsite: offsiteArtifact({ commonCrawl: { status: "not_found", detail: "No capture.", url: null } }) };
    const record = offSiteRecord(artifacts)!;
    expect(Object.keys(record)).toEqual(["wikidata", "wikipedia", "commonCrawl"]);
    expect(record.commonCrawl.detail).toContain("robots.txt blocks CCBot");
    expect(record.commonCrawl.detail).toContain("`User-agent: CCBot`");
    expect(offSiteRecord({ ...artifacts, offsite: null })).toBeNull();
  });
});
