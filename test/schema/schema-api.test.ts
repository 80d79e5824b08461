/**
 * The schema service in process: POST /api/scan with a page URL → 202 → the worker fetches that page
 * from a loopback fixture site (through SCAN_CONNECT_TO) → the report → a cached 200. And the OpenAPI
 * description shows the schema record.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { SchemaRecordSchema } from "../../src/analyzers/schema/record-schema.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { BARE_HOMEPAGE, PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";

const TOKEN = "pipeline-token-for-schema-tests-0123";
const htmlPage = (body: string) => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

let site: FixtureSite;
let service: TestRuntime;

beforeAll(async () => {
  site = await startFixtureSite({ "/": htmlPage(BARE_HOMEPAGE), "/p/trail-shoe-2": htmlPage(PRODUCT_PAGE) });
  service = await createTestRuntime({ SERVICE: "schema", PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: [site.connectTo("shop.test", 80), site.connectTo("home.test", 80)].join(",") });
});

afterAll(async () => {
  await service.close();
  await site.stop();
});

async function reportOf(domain: string): Promise<unknown> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await service.request(`/api/report/${domain}.json`);
    if (response.status === 200) return response.json();
    await response.arrayBuffer();
    await Bun.sleep(50);
  }
  throw new Error(`no report for ${domain}`);
}

describe("SERVICE=schema API", () => {
  test("a page URL is scanned (its path and query fetched), reported under its domain, then served from its page's cache", async () => {
    expect((await service.request("/api/report/shop.test.json")).status).toBe(404);
    const started = await service.scan({ url: "http://Shop.test/p/trail-shoe-2?ref=ad#reviews" }, { token: TOKEN });
    expect(started.status).toBe(202);
    // Records are kept per page: the 202 names the page to poll for, as `?url=` on the report.
    const accepted = (await started.json()) as { domain: string; url: string };
    expect(accepted).toEqual({ domain: "shop.test", url: "http://shop.test/p/trail-shoe-2?ref=ad" });

    const record = (await reportOf("shop.test")) as { status: string; result: { page: { url: string }; summary: unknown; items: unknown[] } };
    expect([...Value.Errors(SchemaRecordSchema, record)]).toEqual([]);
    expect(record.status).toBe("ok");
    expect(record.result.page.url).toBe("http://shop.test/p/trail-shoe-2?ref=ad");
    expect(await (await service.request(`/api/report/shop.test.json?url=${encodeURIComponent(accepted.url)}`)).json()).toEqual(record);
    expect(record.result.summary).toEqual({ items: 3, errors: 0, warnings: 0, eligible: 4, limited: 0, deprecated: 0, formats: ["json-ld", "microdata", "rdfa"] });
    expect(site.requests.map((request) => request.path)).toContain("/p/trail-shoe-2?ref=ad");

    // The same page (the fragment is not part of it) is served from its cache.
    const cached = await service.scan({ url: "http://shop.test/p/trail-shoe-2?ref=ad#details" }, { token: TOKEN });
    expect(cached.status).toBe(200);
    expect(await cached.json()).toEqual(record);
  });

  test("a bare domain is its homepage; the suggestions come back in the record", async () => {
    const started = await service.scan({ url: "home.test" }, { token: TOKEN });
    expect(started.status).toBe(202);
    const accepted = (await started.json()) as { domain: string; url: string };
    expect(accepted).toEqual({ domain: "home.test", url: "https://home.test/" });
    const record = (await reportOf("home.test")) as { result: { page: { url: string }; generated: { type: string }[] } };
    // The homepage's record answers at the URL the 202 named, whichever scheme served it.
    expect(await (await service.request(`/api/report/home.test.json?url=${encodeURIComponent(accepted.url)}`)).json()).toEqual(record);
    expect(record.result.page.url).toBe("http://home.test/");
    expect(record.result.generated.map((entry) => entry.type)).toEqual(["Organization, WebSite, WebPage"]);
  });

  test("a bad URL is a 400; the service keeps its own key prefix", async () => {
    const bad = await service.scan({ url: "ftp://shop.test/file" }, { token: TOKEN });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("http and https");
    expect(service.runtime.config.KEY_PREFIX).toBe("schema");
  });

  test("/swagger/json describes the schema record", async () => {
    const spec = await (await service.request("/swagger/json")).text();
    expect(spec).toContain("schema markup generator");
    expect(spec).toContain("rich results the item's type can earn");
    expect(spec).toContain("ready to paste inside");
  });
});
