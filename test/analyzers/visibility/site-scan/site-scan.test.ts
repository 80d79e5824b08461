import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../../src/analyzers/visibility/index.ts";
import type { VisibilityRecord } from "../../../../src/analyzers/visibility/record-schema.ts";
import type { PageVerdict } from "../../../../src/analyzers/visibility/site-record-schema.ts";
import { parseConnectTo } from "../../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../../helpers/fixture-server.ts";
import { templateSite } from "../../../helpers/template-site.ts";

/**
 * The site-wide scan end to end through the analyzer (issue 29, "Done means"): the six-template fixture
 * site, whose homepage is sound and whose templates each carry their own fault, scanned with a budget of
 * 60 pages. The grade, the first issue and the reach by platform must name the failing templates and pages.
 */
const HOST = "site.secure.test";
let site: FixtureSite;
let record: VisibilityRecord;
let pages: PageVerdict[];

beforeAll(async () => {
  const built = templateSite({ host: HOST });
  site = await startFixtureSite(built.handler, { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(HOST)]), timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline/test)", extraCaPem: testCaPem() });
  const output = await visibilityAnalyzer.scan({ domain: HOST, pages: 60, fetcher, signal: AbortSignal.timeout(60_000), offsite: undefined as never, now: () => new Date("2026-11-28T12:00:00Z") });
  record = output.record;
  pages = output.pages ?? [];
}, 90_000);

afterAll(async () => {
  await site?.stop();
});

describe("a site-wide scan of a site whose homepage is fine and whose templates are not", () => {
  test("samples every template, the homepage first", () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.length).toBeLessThanOrEqual(60);
    expect(pages[0]!.template).toBe("/");
    const templates = new Set(pages.map((page) => page.template));
    for (const template of ["/blog/<slug>", "/products/<id>", "/docs/<slug>", "/tag/<name>", "/old/<id>", "/guides/<slug>"]) expect(templates).toContain(template);
  });

  test("the record carries the site's summary, and the grade, the first issue and the reach line name the failing templates and pages", () => {
    const result = record.result!;
    const summary = result.site!;
    expect(summary.pages.sampled).toBe(pages.length);
    expect(summary.pages.discovered).toBe(301);
    const template = (name: string) => summary.templates.find((entry) => entry.template === name)!;
    expect(template("/guides/<slug>").issues).toEqual([]);
    expect(template("/guides/<slug>").sound).toBe(template("/guides/<slug>").sampled);
    expect(template("/products/<id>").issues.map((issue) => issue.id)).toContain("product-incomplete");
    expect(template("/tag/<name>").issues.map((issue) => issue.id)).toContain("noindex");
    expect(template("/docs/<slug>").issues.map((issue) => issue.id)).toContain("robots-disallowed");
    const blog = template("/blog/<slug>");
    const shells = blog.issues.find((issue) => issue.id === "app-shell")!;
    // Every 4th article is an app shell; the sample is spread evenly over the template.
    expect(shells.pages).toBe(pages.filter((page) => page.template === "/blog/<slug>" && page.facts?.appShell).length);
    expect(shells.pages).toBeGreaterThan(0);
    expect(shells.examples[0]).toMatch(/\/blog\/field-notes-\d+-on-reading-pages$/);

    // ChatGPT alone loses /docs/: robots.txt keeps OAI-SearchBot out of it.
    const chatgpt = summary.reach.find((entry) => entry.platform === "chatgpt")!;
    const docs = chatgpt.templates.find((entry) => entry.template === "/docs/<slug>")!;
    expect(docs.read).toBe(0);
    expect(docs.cause).toContain("OAI-SearchBot is disallowed by robots.txt line");
    const google = summary.reach.find((entry) => entry.platform === "google")!;
    expect(google.templates.find((entry) => entry.template === "/docs/<slug>")!.read).toBe(docs.judged);

    expect(result.grade).not.toBe("A");
    expect(result.gates?.map((gate) => gate.id)).toContain("site-template-lost");
    const first = result.topIssues[0]!;
    expect(first.id).toBe("site-reach");
    expect(first.detail).toContain("/docs/<slug>");
    expect(first.detail).toContain("https://site.secure.test/docs/");
    expect(first.detail).toContain("/blog/<slug>");
  });

  test("a verdict per page: the old URLs end in 404, the tag pages are noindex", () => {
    const old = pages.filter((page) => page.template === "/old/<id>");
    expect(old.length).toBeGreaterThan(0);
    for (const page of old) {
      expect(page.verdict).toBe("failed");
      expect(page.status).toBe(404);
      expect(page.redirects[0]?.status).toBe(301);
    }
    for (const page of pages.filter((entry) => entry.template === "/tag/<name>")) expect(page.findings.map((finding) => finding.id)).toContain("noindex");
  });
});
