/**
 * The schema service keeps records per page: two pages of one domain are scanned by the worker from a
 * loopback site and give two records, each shown by `/report/<domain>?url=<page>`, while the
 * per-domain endpoint answers with the newest; the report lists the domain's pages; the 24-hour cache
 * and the join are per page; `?url=` is validated; the "Analyse this page" form redirects to the page.
 * The visibility service stays per domain.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { parseHTML } from "linkedom";
import { insertScan, latestScan } from "../../src/store/scans-repo.ts";
import { enqueueScan, listJobs } from "../../src/scans/queue.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { BARE_ARTICLE, PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";

const TOKEN = "pipeline-token-for-schema-pages-0123";
const PAGE_A = "http://shop.test/p/lamp";
const PAGE_B = "http://shop.test/blog/post";
const htmlPage = (body: string) => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
const reportOfPage = (page: string) => `/report/shop.test?url=${encodeURIComponent(page)}`;

async function waitForRecord(service: TestRuntime, page: string | null, afterId = 0): Promise<number> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const stored = await latestScan(service.runtime.db, "shop.test", page);
    if (stored && stored.id > afterId) return stored.id;
    await Bun.sleep(25);
  }
  throw new Error(`no record of ${page}`);
}

async function pageOf(service: TestRuntime, path: string) {
  const response = await service.request(path);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

describe("two pages of one domain, scanned by the worker", () => {
  let site: FixtureSite;
  let service: TestRuntime;

  beforeAll(async () => {
    site = await startFixtureSite({ "/": htmlPage(BARE_ARTICLE), "/p/lamp": htmlPage(PRODUCT_PAGE), "/blog/post": htmlPage(BARE_ARTICLE) });
    service = await createTestRuntime({ SERVICE: "schema", PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: site.connectTo("shop.test", 80) });
  });
  afterAll(async () => {
    await service.close();
    await site.stop();
  });

  test("give two records, each served by ?url=; the domain endpoint and page serve the newest; the pages list shows both", async () => {
    expect((await service.scan({ url: PAGE_A }, { token: TOKEN })).status).toBe(202);
    await waitForRecord(service, PAGE_A);
    // Another page of the same domain is not served from the first page's cache.
    const second = await service.scan({ url: PAGE_B }, { token: TOKEN });
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual({ domain: "shop.test", url: PAGE_B });
    await waitForRecord(service, PAGE_B);

    const domainRecord = (await (await service.request("/api/report/shop.test.json")).json()) as { result: { page: { url: string } } };
    expect(domainRecord.result.page.url).toBe(PAGE_B);
    // The endpoint's ?url= (an addition) serves one page's record; the path may name the domain with www. or in capitals.
    const recordOf = async (path: string) => {
      const response = await service.request(path);
      return { status: response.status, body: (await response.json()) as { error?: string; result?: { page: { url: string } } } };
    };
    expect((await recordOf(`/api/report/shop.test.json?url=${encodeURIComponent(PAGE_A)}`)).body.result!.page.url).toBe(PAGE_A);
    expect((await recordOf(`/api/report/WWW.Shop.test.json?url=${encodeURIComponent(PAGE_B)}`)).body.result!.page.url).toBe(PAGE_B);
    expect((await recordOf(`/api/report/shop.test.json?url=${encodeURIComponent("http://shop.test/none")}`)).status).toBe(404);
    const elsewhere = await recordOf(`/api/report/shop.test.json?url=${encodeURIComponent("http://other.test/p/lamp")}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toContain("is not a page of shop.test");
    expect(await (await service.request("/swagger/json")).text()).toContain("Records are kept per page: `?url=<page URL>` answers with that page's latest record");

    const a = await pageOf(service, reportOfPage(PAGE_A));
    expect(a.response.status).toBe(200);
    expect(a.document.querySelector(".page-url a")!.getAttribute("href")).toBe(PAGE_A);
    expect(a.text).toContain("Product");
    const b = await pageOf(service, reportOfPage(PAGE_B));
    expect(b.response.status).toBe(200);
    expect(b.document.querySelector(".page-url a")!.getAttribute("href")).toBe(PAGE_B);
    expect(b.document.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`http://localhost${reportOfPage(PAGE_B)}`);

    // Without ?url= the page shows the domain's newest record, and lists every page, newest first.
    const latest = await pageOf(service, "/report/shop.test");
    expect(latest.document.querySelector(".page-url a")!.getAttribute("href")).toBe(PAGE_B);
    expect(a.document.querySelector('.pages-jump a[href="#pages-title"]')!.textContent).toBe("2 pages of shop.test analysed");
    const links = Array.from(a.document.querySelectorAll(".page-list a")).map((link) => link.getAttribute("href"));
    expect(links).toEqual([reportOfPage(PAGE_B), reportOfPage(PAGE_A)]);
    expect(a.document.querySelector('.page-list a[aria-current="page"]')!.getAttribute("href")).toBe(reportOfPage(PAGE_A));

    // The "Analyse this page" form re-scans the page shown, and says where its report will be.
    const form = a.document.querySelector("form#rescan")!;
    expect(form.querySelector("button")!.textContent).toBe("Analyse this page");
    expect(form.querySelector('input[name="url"]')!.getAttribute("value")).toBe(PAGE_A);
    expect(form.querySelector('input[name="forceRescan"]')!.getAttribute("value")).toBe("true");
    expect(form.getAttribute("data-report-path")).toBe(reportOfPage(PAGE_A));
  });

  test("the 24-hour cache is per page: the first page is served from its own record, without a fetch", async () => {
    const fetchesBefore = site.requests.filter((request) => request.path === "/p/lamp").length;
    const cached = await service.scan({ url: `${PAGE_A}#reviews` }, { token: TOKEN });
    expect(cached.status).toBe(200);
    expect(((await cached.json()) as { result: { page: { url: string } } }).result.page.url).toBe(PAGE_A);
    expect(site.requests.filter((request) => request.path === "/p/lamp").length).toBe(fetchesBefore);

    // The homepage is a page too: it was never scanned, so it is not served from the others' records.
    expect((await service.scan({ url: "shop.test" }, { token: TOKEN })).status).toBe(202);
    await waitForRecord(service, null);
    const home = await pageOf(service, reportOfPage("https://shop.test/"));
    expect(home.response.status).toBe(200);
    expect(home.document.querySelectorAll(".page-list li").length).toBe(3);
    expect(home.document.querySelector('.page-list a[aria-current="page"]')!.textContent).toBe("Homepage of shop.test");
  });

  test("?url= must be an http(s) page of the domain; a page never analysed offers to analyse it", async () => {
    const other = await pageOf(service, `/report/shop.test?url=${encodeURIComponent("https://elsewhere.test/p/lamp")}`);
    expect(other.response.status).toBe(400);
    expect(other.text).toContain("is not a page of shop.test");
    const ftp = await pageOf(service, `/report/shop.test?url=${encodeURIComponent("ftp://shop.test/file")}`);
    expect(ftp.response.status).toBe(400);
    expect(ftp.text).toContain("http:// or https://");
    const bare = await pageOf(service, `/report/shop.test?url=${encodeURIComponent("shop.test/p/lamp")}`);
    expect(bare.response.status).toBe(400);

    const missing = await pageOf(service, reportOfPage("https://shop.test/never"));
    expect(missing.response.status).toBe(404);
    expect(missing.text).toContain("https://shop.test/never has not been analysed yet");
    const form = missing.document.querySelector("form#scan")!;
    expect(form.querySelector('input[name="url"]')!.getAttribute("value")).toBe("https://shop.test/never");
    expect(form.getAttribute("data-report-path")).toBe(reportOfPage("https://shop.test/never"));

    // A www. or upper-case domain redirects to the canonical report, keeping the page asked for.
    const redirect = await service.request(`/report/WWW.shop.test?url=${encodeURIComponent(PAGE_A)}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe(reportOfPage(PAGE_A));
  });
});

describe("joins and the form, per page", () => {
  const NOW = Date.parse("2026-11-20T13:00:00.000Z");
  let service: TestRuntime | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });
  const start = async (env: Record<string, string>) => {
    service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, ...env }, { now: () => NOW, runWorker: false, lookup: fakeDns() });
    return service;
  };
  const postForm = (fields: Record<string, string>) =>
    service!.request("/scan", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

  test("schema: a second request for a page joins its job; another page of the domain queues its own", async () => {
    const s = await start({ SERVICE: "schema" });
    expect((await s.scan({ url: "https://join.test/a" }, { token: TOKEN })).status).toBe(202);
    expect((await s.scan({ url: "https://join.test/a#top", forceRescan: true }, { token: TOKEN })).status).toBe(202);
    expect(await listJobs(s.runtime.db, "queued", 10)).toHaveLength(1);
    expect((await s.scan({ url: "https://join.test/b" }, { token: TOKEN })).status).toBe(202);
    expect((await s.scan({ url: "join.test" }, { token: TOKEN })).status).toBe(202);
    const queued = await listJobs(s.runtime.db, "queued", 10);
    expect(queued.map((job) => job.targetUrl).sort()).toEqual(["https://join.test/a", "https://join.test/b", null]);

    // The page asked for by ?url= shows its own scan in progress.
    const progress = await pageOf(s, `/report/join.test?url=${encodeURIComponent("https://join.test/b")}`);
    expect(progress.response.status).toBe(200);
    expect(progress.document.querySelector(`a[href="/report/join.test?url=${encodeURIComponent("https://join.test/b")}"]`)).not.toBeNull();
  });

  test("visibility: requests for two URLs of one domain still join one job, which carries no URL", async () => {
    const s = await start({ SERVICE: "visibility" });
    expect((await s.scan({ url: "https://vis.test/a" }, { token: TOKEN })).status).toBe(202);
    expect((await s.scan({ url: "https://vis.test/b" }, { token: TOKEN })).status).toBe(202);
    const queued = await listJobs(s.runtime.db, "queued", 10);
    expect(queued.map((job) => job.targetUrl)).toEqual([null]);
  });

  test("Analyse this page: the form post goes through the challenge and redirects to the page's report (Post/Redirect/Get)", async () => {
    const s = await start({ SERVICE: "schema" });
    const solved = solveAltcha((await (await s.request("/api/challenge")).json()) as Challenge);
    const posted = await postForm({ url: "https://form.test/p/1", forceRescan: "true", challengeToken: await solved });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/report/form.test?url=${encodeURIComponent("https://form.test/p/1")}`);
    expect((await listJobs(s.runtime.db, "queued", 10)).map((job) => job.targetUrl)).toEqual(["https://form.test/p/1"]);

    // Without JavaScript (no token), a page whose scan runs is shown; another page of the domain is not.
    const running = await postForm({ url: "https://form.test/p/1", forceRescan: "true" });
    expect(running.status).toBe(303);
    expect(running.headers.get("location")).toBe(`/report/form.test?url=${encodeURIComponent("https://form.test/p/1")}`);
    expect((await postForm({ url: "https://form.test/p/2" })).status).toBe(403);
    // A stale record of the page is linked as the page's report.
    await insertScan(s.runtime.db, { domain: "form.test", pageUrl: "https://form.test/p/2", status: "ok", score: 0, scannedAt: NOW - 3 * 86_400_000, recordJson: "{}", artifactsJson: null, caller: { kind: "pipeline" } });
    const stale = parseHTML(await (await postForm({ url: "https://form.test/p/2" })).text()).document;
    expect(stale.querySelector(`a[href="/report/form.test?url=${encodeURIComponent("https://form.test/p/2")}"]`)!.textContent).toContain("3 days ago");
    await enqueueScan(s.runtime.db, "form.test", { kind: "pipeline" }, NOW);
    const home = await postForm({ url: "form.test" });
    expect(home.headers.get("location")).toBe(`/report/form.test?url=${encodeURIComponent("https://form.test/")}`);
  }, 60_000);
});
