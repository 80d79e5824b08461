/**
 * The report's first screen names the templates behind the homepage that AI platforms cannot read (issue
 * 29, "Done means"): the record of the six-template site, scored from its artifacts, rendered through the
 * whole app. Hostile template names and URLs stay text.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
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

async function firstScreen(record: VisibilityRecord) {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" }, { now: () => NOW, runWorker: false });
  await storeRecord(runtime.runtime.db, record);
  const response = await runtime.request(`/report/${record.domain}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, line: parseHTML(text).document.querySelector(".reach-line")! };
}

describe("the reach line across the site", () => {
  test("names each template a platform cannot read, the cause and example pages", async () => {
    const record = scoreArtifacts("example.com", sixTemplateSite(), new Date(NOW));
    const { line } = await firstScreen(record);
    const text = line.textContent ?? "";
    expect(text).toContain("Across the site");
    expect(text).toContain("ChatGPT cannot read /docs/<slug>: OAI-SearchBot is disallowed by robots.txt line");
    expect(text).toContain("/blog/<slug>");
    expect(text).toMatch(/https:\/\/example\.com\/(blog|docs)\//);
    expect(line.querySelector('a[href="#site-pages"]')).not.toBeNull();
  });

  test("a record without a site summary shows no line for it, and a hostile template name stays text", async () => {
    const record = scoreArtifacts("example.com", sixTemplateSite(), new Date(NOW));
    const plain = await firstScreen({ ...record, result: { ...record.result!, site: undefined } });
    expect(plain.line.textContent).not.toContain("Across the site");
    await runtime?.close();
    const site = record.result!.site!;
    const hostile = '/blog/<script>alert(1)</script><img src=x onerror=alert(2)>';
    const renamed = { ...site, templates: site.templates.map((entry) => ({ ...entry, template: entry.template === "/docs/<slug>" ? hostile : entry.template })), reach: site.reach.map((platform) => ({ ...platform, templates: platform.templates.map((entry) => ({ ...entry, template: entry.template === "/docs/<slug>" ? hostile : entry.template })) })) };
    const { text, line } = await firstScreen({ ...record, result: { ...record.result!, site: renamed } });
    expect(line.textContent).toContain(hostile);
    expectInert(text);
  });
});
