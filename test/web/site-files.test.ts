/** Our own robots.txt, llms.txt, sitemap and embedded assets; the service's pages as its own audit would see them. */
import { afterEach, describe, expect, test } from "bun:test";
import robotsParser from "robots-parser";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { serviceWebFor } from "../../src/web/service-web.ts";
import { parseLlmsTxt } from "../../src/analyzers/visibility/derive/llms-txt-document.ts";
import { judgeLlmsTxt } from "../../src/analyzers/visibility/derive/llms-txt-rules.ts";

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

describe("site files", () => {
  test("robots.txt welcomes AI crawlers to the pages and names the sitemap", async () => {
    runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" });
    const response = await runtime.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/plain");
    const robots = robotsParser("https://scan.example.org/robots.txt", await response.text());
    for (const agent of ["GPTBot", "ClaudeBot", "PerplexityBot", "Google-Extended", "OAI-SearchBot"]) {
      expect(robots.isAllowed("https://scan.example.org/", agent)).toBe(true);
      expect(robots.isAllowed("https://scan.example.org/report/example.com", agent)).toBe(true);
      expect(robots.isAllowed("https://scan.example.org/llms.txt", agent)).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual(["https://scan.example.org/sitemap.xml"]);
  });

  test("llms.txt describes the API for agents with absolute links from PUBLIC_URL", async () => {
    runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org/" });
    const response = await runtime.request("/llms.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith("# sightline")).toBe(true);
    expect(text).toMatch(/^> .+/m);
    expect(text).toContain("POST https://scan.example.org/api/scan");
    expect(text).toContain("GET https://scan.example.org/api/report/{domain}.json");
    expect(text).toContain("(https://scan.example.org/swagger/json)");
    expect(text).not.toContain("org//");
    // The service passes its own llms.txt audit: every rule of the proposal holds.
    const judged = judgeLlmsTxt({ document: parseLlmsTxt(text, "https://scan.example.org/"), url: "https://scan.example.org/llms.txt", contentType: response.headers.get("content-type"), linkChecks: undefined, siteName: "sightline", origin: "https://scan.example.org" });
    expect(judged.violations).toEqual([]);
  });

  test("llms.txt names each service's own endpoints: history for both; per-page records, pasted checks and the paste page for the schema service", async () => {
    runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" });
    const visibility = await (await runtime.request("/llms.txt")).text();
    expect(visibility).toContain("GET https://scan.example.org/api/report/{domain}/history.json");
    expect(visibility).not.toContain("/api/check");
    await runtime.close();
    runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org", SERVICE: "schema" });
    const response = await runtime.request("/llms.txt");
    const schema = await response.text();
    expect(schema).toContain("POST https://scan.example.org/api/check");
    expect(schema).toContain("GET https://scan.example.org/api/report/{domain}.json?url={page URL}");
    expect(schema).toContain("[Check pasted markup](https://scan.example.org/check)");
    // Each endpoint it names answers on the schema service.
    expect((await runtime.request("/check")).status).toBe(200);
    expect((await runtime.request("/api/check", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).not.toBe(404);
    const judged = judgeLlmsTxt({ document: parseLlmsTxt(schema, "https://scan.example.org/"), url: "https://scan.example.org/llms.txt", contentType: response.headers.get("content-type"), linkChecks: undefined, siteName: "sightline", origin: "https://scan.example.org" });
    expect(judged.violations).toEqual([]);
  });

  test("sitemap.xml lists the pages with absolute URLs", async () => {
    runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" });
    const text = await (await runtime.request("/sitemap.xml")).text();
    expect(text).toContain("<loc>https://scan.example.org/</loc>");
  });

  test("assets come from the binary with types, caching and ETag revalidation", async () => {
    runtime = await createTestRuntime();
    const expected: Record<string, string> = {
      "/assets/site.css": "text/css",
      "/assets/site.js": "text/javascript",
      "/assets/altcha.js": "text/javascript",
      "/assets/altcha.css": "text/css",
      "/assets/altcha-pbkdf2.js": "text/javascript",
      "/favicon.svg": "image/svg+xml",
    };
    for (const [path, type] of Object.entries(expected)) {
      const response = await runtime.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toStartWith(type);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const etag = response.headers.get("etag")!;
      expect((await runtime.request(path, { headers: { "if-none-match": etag } })).status).toBe(304);
    }
  });

  test("each service plugs its own pages into the seam (the schema pages are tested in test/schema/schema-web.test.ts)", () => {
    expect(serviceWebFor("schema")?.name).toBe("Structured data");
    expect(serviceWebFor("visibility")?.checks.length).toBe(7);
  });
});
