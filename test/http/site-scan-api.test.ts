/**
 * The site-wide scan's public surface (issue 29): `pages` on POST /api/scan (validated at the edge, with
 * the caller's maximum from SCAN_PAGES_*), GET /api/report/:domain/pages.json (paged, filtered, its 400s
 * and 404), and both in the generated OpenAPI description.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { jobsInState } from "../../src/store/jobs-repo.ts";
import { storedPageVerdicts } from "../../src/scans/bounded-page-verdicts.ts";
import type { PageVerdict } from "../../src/analyzers/visibility/site-record-schema.ts";
import { okRecord } from "../web/record-fixtures.ts";
import { sampleSiteVerdicts } from "../fixtures/page-verdicts.ts";

const TOKEN = "pipeline-token-for-tests-0123456789";
let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestRuntime> {
  service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, ...env }, { lookup: fakeDns(), runWorker: false });
  return service;
}

async function storeSite(s: TestRuntime, domain: string, pages: PageVerdict[] | null, scannedAt = Date.now()): Promise<number> {
  return insertScan(s.runtime.db, {
    domain,
    status: "ok",
    score: 71,
    scannedAt,
    recordJson: JSON.stringify(okRecord(domain, 71, "x", new Date(scannedAt).toISOString())),
    artifactsJson: null,
    caller: { kind: "pipeline" },
    pagesBudget: pages?.length ?? null,
    pages: storedPageVerdicts(pages ?? undefined),
  });
}

describe("POST /api/scan with pages", () => {
  test("refuses what is not a whole number of at least 1, and more than the caller's maximum, with 400", async () => {
    const s = await start({ SCAN_PAGES_PIPELINE_MAX: "40" });
    const cases: [unknown, string][] = [
      ["10", "pages must be an integer."],
      [2.5, "pages must be an integer."],
      [null, "pages must be an integer."],
      [0, "pages must be an integer of at least 1."],
      [-3, "pages must be an integer of at least 1."],
      [41, "pages must be at most 40 with the pipeline token."],
      [1e12, "pages must be at most 40 with the pipeline token."],
    ];
    for (const [pages, error] of cases) {
      const response = await s.scan({ url: "site.test", pages }, { token: TOKEN });
      expect({ pages, status: response.status, body: await response.json() }).toEqual({ pages, status: 400, body: { error } });
    }
    const huge = await s.scan('{"url":"site.test","pages":1e400}', { token: TOKEN });
    expect(huge.status).toBe(400);
    expect(await jobsInState(s.runtime.db, "queued", 10)).toEqual([]);
  });

  test("queues the job with the budget asked for, or the caller's default", async () => {
    const s = await start({ SCAN_PAGES_PIPELINE_DEFAULT: "12" });
    expect((await s.scan({ url: "one.test", pages: 40 }, { token: TOKEN })).status).toBe(202);
    expect((await s.scan({ url: "two.test" }, { token: TOKEN })).status).toBe(202);
    const jobs = await jobsInState(s.runtime.db, "queued", 10);
    expect(jobs.map((job) => [job.domain, job.pages]).sort()).toEqual([
      ["one.test", 40],
      ["two.test", 12],
    ]);
  });

  test("a fresh record scanned with fewer pages does not answer a request for more", async () => {
    const s = await start();
    await storeSite(s, "shop.test", sampleSiteVerdicts());
    expect((await s.scan({ url: "shop.test", pages: 7 }, { token: TOKEN })).status).toBe(200);
    expect((await s.scan({ url: "shop.test", pages: 8 }, { token: TOKEN })).status).toBe(202);
  });

  test("a default above its maximum stops the service at start", async () => {
    await expect(start({ SCAN_PAGES_KEY_DEFAULT: "50", SCAN_PAGES_KEY_MAX: "20" })).rejects.toThrow(
      "SCAN_PAGES_KEY_DEFAULT: 50 pages is more than SCAN_PAGES_KEY_MAX (20); lower it or raise the maximum.",
    );
    await expect(start({ SCAN_PAGES_ANONYMOUS_MAX: "501" })).rejects.toThrow("SCAN_PAGES_ANONYMOUS_MAX");
  });
});

interface PagesJson {
  domain: string;
  scannedAt: string;
  total: number;
  limit: number;
  offset: number;
  templates: { template: string; pages: number }[];
  pages: PageVerdict[];
  next: string | null;
  error?: string;
}

async function pagesOf(s: TestRuntime, path: string): Promise<{ status: number; body: PagesJson }> {
  const response = await s.request(path);
  expect(response.headers.get("content-type")).toStartWith("application/json");
  return { status: response.status, body: (await response.json()) as PagesJson };
}

describe("GET /api/report/:domain/pages.json", () => {
  test("serves the latest record's verdicts in the sampled order, paged, with a next link that keeps the filters", async () => {
    const s = await start();
    const at = Date.UTC(2026, 10, 20, 12);
    await storeSite(s, "shop.test", sampleSiteVerdicts().slice(0, 2), at - 86_400_000);
    await storeSite(s, "shop.test", sampleSiteVerdicts(), at);
    const first = await pagesOf(s, "/api/report/WWW.Shop.test/pages.json?status=issues&limit=3");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ domain: "shop.test", scannedAt: new Date(at).toISOString(), total: 4, limit: 3, offset: 0 });
    expect(first.body.pages.map((page) => page.url)).toEqual(["https://shop.test/blog/one", "https://shop.test/blog/two", "https://shop.test/blog/three"]);
    expect(first.body.pages[0]).toEqual(sampleSiteVerdicts()[1]!);
    expect(first.body.next).toBe("/api/report/shop.test/pages.json?status=issues&limit=3&offset=3");
    const second = await pagesOf(s, first.body.next!);
    expect(second.body.pages.map((page) => page.url)).toEqual(["https://shop.test/products/2"]);
    expect(second.body.next).toBeNull();

    const all = await pagesOf(s, "/api/report/shop.test/pages.json");
    expect(all.body).toMatchObject({ total: 7, limit: 50 });
    expect(all.body.templates[0]).toEqual({ template: "/blog/<slug>", pages: 3 });
  });

  test("filters by template, HTTP status and the platform that cannot read the pages", async () => {
    const s = await start();
    await storeSite(s, "shop.test", sampleSiteVerdicts());
    const urls = async (query: string) => (await pagesOf(s, `/api/report/shop.test/pages.json?${query}`)).body.pages.map((page) => page.url.slice("https://shop.test".length));
    expect(await urls(`template=${encodeURIComponent("/products/<id>")}`)).toEqual(["/products/1", "/products/2"]);
    expect(await urls("status=404")).toEqual(["/old/page"]);
    expect(await urls("status=failed")).toEqual(["/old/page"]);
    expect(await urls("platform=claude")).toEqual(["/blog/one", "/blog/two", "/blog/three"]);
    expect(await urls("platform=google")).toEqual([]);
  });

  test("a record without per-page verdicts answers 200 with none; a domain without a record 404", async () => {
    const s = await start();
    await storeSite(s, "single.test", null);
    expect((await pagesOf(s, "/api/report/single.test/pages.json")).body).toMatchObject({ total: 0, pages: [], templates: [], next: null });
    expect(await pagesOf(s, "/api/report/never.test/pages.json")).toEqual({ status: 404, body: { error: "Not found" } as PagesJson });
    expect((await pagesOf(s, "/api/report/not%20a%20domain/pages.json")).status).toBe(404);
  });

  test("every bad filter or paging parameter is a 400 naming it", async () => {
    const s = await start();
    await storeSite(s, "shop.test", sampleSiteVerdicts());
    const cases: [string, string][] = [
      ["status=great", 'The query parameter "status" must be sound, issues, failed, skipped or a three-digit HTTP status such as 404; got "great".'],
      ["status=4040", 'The query parameter "status" must be sound, issues, failed, skipped or a three-digit HTTP status such as 404; got "4040".'],
      ["platform=<script>", 'The query parameter "platform" must be one of google, chatgpt, copilot, perplexity, claude, duckduckgo, meta-ai, apple, amazon, mistral; got "<script>".'],
      ["template=", 'The query parameter "template" must be a template of 1 to 300 characters, such as "/blog/<slug>".'],
      [`template=${"x".repeat(301)}`, 'The query parameter "template" must be a template of 1 to 300 characters, such as "/blog/<slug>".'],
      ["limit=0", 'The query parameter "limit" must be a whole number from 1 to 200; got "0".'],
      ["limit=201", 'The query parameter "limit" must be a whole number from 1 to 200; got "201".'],
      ["offset=-1", 'The query parameter "offset" must be a whole number from 0 to 500; got "-1".'],
      ["offset=1e2", 'The query parameter "offset" must be a whole number from 0 to 500; got "1e2".'],
      ["limit=5&limit=6", 'The query parameter "limit" is given more than once.'],
      ["sort=url", 'Unknown query parameter "sort": pages.json accepts template, status, platform, limit, offset.'],
    ];
    for (const [query, error] of cases) expect({ query, ...(await pagesOf(s, `/api/report/shop.test/pages.json?${query}`)) }).toEqual({ query, status: 400, body: { error } as PagesJson });
  });

  test("both are in the OpenAPI description, generated from their schemas", async () => {
    const s = await start();
    const spec = (await (await s.request("/swagger/json")).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> }>>;
    };
    const pagesPath = Object.keys(spec.paths).find((path) => path.endsWith("/pages.json"));
    expect(pagesPath).toBe("/api/report/{domain}/pages.json");
    const get = spec.paths[pagesPath!]!.get!;
    expect(get.parameters!.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["domain", "template", "status", "platform", "limit", "offset"]));
    expect(Object.keys(get.responses).sort()).toEqual(["200", "400", "404"]);
    expect(JSON.stringify(spec.paths["/api/scan"]!.post!.requestBody)).toContain('"pages"');
    expect(JSON.stringify(spec)).toContain("reach by platform");
  });
});
