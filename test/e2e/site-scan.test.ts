/**
 * A site-wide scan through the compiled binary, its scan processes and its API (issue 29): the six-template
 * fixture site scanned with a page budget, the record's site summary, the per-page verdicts stored beside
 * it and served (paged and filtered) at /api/report/:domain/pages.json, and the report's pages table.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { templateSite } from "../helpers/template-site.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const TOKEN = "e2e-site-scan-token-0123456789";
const HOST = "templates.secure.test";
let work: string;
let service: ServiceProcess;
let site: FixtureSite;
const requested: string[] = [];

beforeAll(async () => {
  const binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-site-e2e-"));
  const built = templateSite({ host: HOST, privatePages: 5 });
  site = await startFixtureSite((request) => {
    requested.push(`${request.headers.get("user-agent") ?? ""} ${new URL(request.url).pathname}`);
    return built.handler(request);
  }, { tls: true });
  const env = childEnv({
    DATABASE_PATH: join(work, "site.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    FETCH_TIMEOUT_MS: "3000",
    SCAN_TIMEOUT_MS: "30000",
    SCAN_CONNECT_TO: site.connectTo(HOST, 443),
  });
  service = await startService([binary], env);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit) => fetch(`${service.baseUrl}${path}`, init);

describe("a site-wide scan through the binary", () => {
  test("a budget over the caller's maximum is refused, with the maximum named", async () => {
    const response = await api("/api/scan", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ url: HOST, pages: 101 }) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("pages must be at most 100 with the pipeline token.");
  });

  test("scans 40 pages, stores a verdict for each and serves them paged and filtered", async () => {
    const started = await api("/api/scan", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ url: HOST, pages: 40 }) });
    expect(started.status).toBe(202);
    const record = await pollReport(service.baseUrl, HOST, 60_000);
    expect(record.status).toBe("ok");
    const summary = record.result.site;
    expect(summary.pages.budget).toBe(40);
    expect(summary.pages.sampled).toBeGreaterThan(20);
    expect(record.result.topIssues[0].id).toBe("site-reach");

    const all = await (await api(`/api/report/${HOST}/pages.json?limit=200`)).json();
    expect(all.total).toBe(summary.pages.sampled);
    expect(all.pages[0].template).toBe("/");
    const chatgpt = await (await api(`/api/report/${HOST}/pages.json?platform=chatgpt&limit=200`)).json();
    expect(chatgpt.pages.some((page: { template: string }) => page.template === "/docs/<slug>")).toBe(true);
    expect(chatgpt.pages.every((page: { reach: { platform: string; status: string }[] }) => page.reach.some((entry) => entry.platform === "chatgpt" && entry.status !== "reads"))).toBe(true);
    const gone = await (await api(`/api/report/${HOST}/pages.json?status=404`)).json();
    expect(gone.pages.length).toBeGreaterThan(0);
    expect(gone.pages.every((page: { template: string }) => page.template === "/old/<id>")).toBe(true);
    const paged = await (await api(`/api/report/${HOST}/pages.json?limit=5&offset=5`)).json();
    expect(paged.pages.map((page: { url: string }) => page.url)).toEqual(all.pages.slice(5, 10).map((page: { url: string }) => page.url));
    expect((await api(`/api/report/${HOST}/pages.json?status=maybe`)).status).toBe(400);

    // robots.txt closes /private/ to every agent: sightline's crawl never fetched it.
    expect(requested.filter((line) => line.includes(" /private/") && /sightline/i.test(line))).toEqual([]);

    const html = await (await api(`/report/${HOST}`)).text();
    expect(html).toContain('id="site-pages"');
    expect(html).toContain("Across the site");
  }, 90_000);
});
