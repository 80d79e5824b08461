/**
 * "History and changes" template by template (issue 29): two site-wide scans of one domain, the newer one
 * with its blog server-rendered, say which template got better and why; the reverse names the new finding
 * and its pages. Hostile template names and URLs stay text.
 */
import { afterEach, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import type { SiteSummary } from "../../../src/analyzers/visibility/site-record-schema.ts";
import { sixTemplateSite } from "../../analyzers/visibility/site/six-template-site.ts";
import { createTestRuntime, type TestRuntime } from "../../helpers/test-runtime.ts";
import { expectInert } from "../inert-html.ts";
import { storeRecord } from "../record-fixtures.ts";

const NOW = Date.parse("2026-11-28T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

const broken = scoreArtifacts("example.com", sixTemplateSite(), new Date(NOW - 86_400_000));

function fixedBlog(record: VisibilityRecord, template = "/blog/<slug>"): VisibilityRecord {
  const site = record.result!.site!;
  const summary: SiteSummary = {
    ...site,
    templates: site.templates.map((entry) => (entry.template === "/blog/<slug>" ? { ...entry, template, sound: entry.sampled, issues: [] } : entry)),
    reach: site.reach.map((platform) => ({ ...platform, templates: platform.templates.map((entry) => (entry.template === "/blog/<slug>" ? { ...entry, template, read: entry.judged, cause: null } : entry)) })),
  };
  return { ...record, scannedAt: new Date(NOW - 3_600_000).toISOString(), result: { ...record.result!, site: summary } };
}

async function history(older: VisibilityRecord, newer: VisibilityRecord) {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" }, { now: () => NOW, runWorker: false });
  await storeRecord(runtime.runtime.db, older);
  await storeRecord(runtime.runtime.db, newer);
  const text = await (await runtime.request("/report/example.com")).text();
  return { text, list: parseHTML(text).document.querySelector("#changes-templates") };
}

test("a template fixed since the previous scan is listed as better, with what went and who reads more", async () => {
  const { list } = await history(broken, fixedBlog(broken));
  const text = list!.textContent ?? "";
  expect(text).toContain("better /blog/<slug>");
  expect(text).toContain("gone: app-shell");
  expect(text).toContain("ChatGPT");
  expect(text).toContain("now read more of its pages");
});

test("a template broken since is worse, naming the new finding and example pages", async () => {
  const { list } = await history({ ...fixedBlog(broken), scannedAt: new Date(NOW - 86_400_000).toISOString() }, { ...broken, scannedAt: new Date(NOW - 3_600_000).toISOString() });
  const text = list!.textContent ?? "";
  expect(text).toContain("worse /blog/<slug>");
  expect(text).toMatch(/new: app-shell on \d+ pages? \(e\.g\. https:\/\/example\.com\/blog\//);
});

test("a hostile template name stays text", async () => {
  const hostile = '/blog/<script>alert(1)</script>';
  const older = fixedBlog(broken, hostile);
  const newer = { ...fixedBlog(broken, hostile), scannedAt: new Date(NOW - 60_000).toISOString() };
  newer.result = { ...newer.result!, site: { ...newer.result!.site!, templates: newer.result!.site!.templates.map((entry) => (entry.template === hostile ? { ...entry, sound: 0, issues: [{ id: "app-shell", pages: entry.sampled, examples: ['https://example.com/"><img src=x onerror=alert(1)>'] }] } : entry)) } };
  const { text, list } = await history({ ...older, scannedAt: new Date(NOW - 86_400_000).toISOString() }, newer);
  expect(list!.textContent).toContain(hostile);
  expectInert(text);
});
