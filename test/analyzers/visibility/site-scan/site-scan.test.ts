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

  test("the record carries the site's summary", () => {
    const summary = record.result?.site;
    expect(summary).toBeDefined();
    expect(summary!.pages.sampled).toBe(pages.length);
    console.log(JSON.stringify(summary, null, 1).slice(0, 6000));
    console.log(JSON.stringify(record.result?.topIssues.map((issue) => [issue.id, issue.title]), null, 1));
    console.log(record.result?.score, record.result?.grade, JSON.stringify(record.result?.gates));
  });
});
