/**
 * Unknown addresses: a browser asking for a page gets a 404 page in the site's layout (viewport,
 * header navigation, a way on); programs, and every unknown path under the API, keep the JSON 404
 * the interface gives.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { HOSTILE_STRINGS } from "../web/hostile-content.ts";
import { expectInert } from "../web/inert-html.ts";

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function start(service = "visibility") {
  runtime = await createTestRuntime({ SERVICE: service }, { runWorker: false, lookup: fakeDns() });
  return runtime;
}

describe("the 404 page", () => {
  for (const service of ["visibility", "schema"]) {
    test(`${service}: a browser gets an HTML page with the layout, a viewport, navigation and a way home`, async () => {
      const s = await start(service);
      const response = await s.request("/no/such/page", { headers: BROWSER });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toStartWith("text/html");
      expect(response.headers.get("content-security-policy")).toContain("default-src");
      const { document } = parseHTML(await response.text());
      expect(document.querySelector('meta[name="viewport"]')!.getAttribute("content")).toContain("width=device-width");
      expect(document.querySelector("h1")!.textContent).toBe("Page not found");
      expect(document.querySelector("main")!.textContent).toContain("/no/such/page");
      expect(document.querySelector('nav a[href="/"]')).not.toBeNull();
      expect(document.querySelector('main a.button[href="/"]')).not.toBeNull();
      expect(document.querySelector('link[rel="stylesheet"]')!.getAttribute("href")).toBe("/assets/site.css");
      expect(document.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
    });
  }

  test("a path that is a bare domain offers that domain's report", async () => {
    const s = await start();
    const { document } = parseHTML(await (await s.request("/Example.com", { headers: BROWSER })).text());
    expect(document.querySelector('main a[href="/report/example.com"]')).not.toBeNull();
    const { document: icon } = parseHTML(await (await s.request("/apple-touch-icon.png", { headers: BROWSER })).text());
    expect(icon.querySelector('main a[href^="/report/"]')).toBeNull();
  });

  test("programs and API paths keep the JSON 404; a wrong method stays a JSON 405", async () => {
    const s = await start();
    const plain = await s.request("/no/such/page");
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ error: "Not found" });
    for (const path of ["/api/nope", "/api/report/x/y", "/mcp/x", "/swagger/nope", "/healthz/x", "/badge/x/y", "/assets/nope.css"]) {
      const response = await s.request(path, { headers: BROWSER });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(await response.json()).toEqual({ error: "Not found" });
    }
    const posted = await s.request("/no/such/page", { method: "POST", headers: BROWSER });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ error: "Not found" });
    const wrongMethod = await s.request("/api/scan", { headers: BROWSER });
    expect(wrongMethod.status).toBe(405);
  });

  test("the path shown back is escaped and cut short", async () => {
    const s = await start();
    for (const hostile of HOSTILE_STRINGS) {
      const response = await s.request(`/${encodeURIComponent(hostile)}`, { headers: BROWSER });
      expect(response.status).toBe(404);
      expectInert(await response.text());
    }
    const long = await (await s.request(`/${"a".repeat(5000)}`, { headers: BROWSER })).text();
    expect(long.length).toBeLessThan(10_000);
    expect(long).toContain("…");
  });
});
