/**
 * The report that explains itself, in Chromium against the compiled binary, at desktop and phone width:
 * the score arithmetic with its gate, filters that work with and without JavaScript, a Copy button that
 * copies only the code of a fix, the print layout ("Save as PDF"), and a check's learn-more page.
 * Screenshots go to test-output/ for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage, type Watched } from "../helpers/browser.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureHandler, type FixtureSite } from "../helpers/fixture-server.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const DOMAIN = "explain.secure.test";
const TOKEN = "explain-pipeline-token";
let browser: Browser;
let service: ServiceProcess;
let work: string;
let site: FixtureSite;

/** The well-prepared site with two faults whose fixes carry code: robots.txt shuts everyone out, and the homepage has no JSON-LD. */
function explainSite(name: string): Record<string, FixtureHandler> {
  const routes = wellPreparedSite(name);
  const home = routes["/"] as (request: Request) => Response;
  return {
    ...routes,
    "/": async (request) => {
      const original = home(request);
      const text = (await original.text()).replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, "");
      return new Response(text, { headers: original.headers });
    },
    "/robots.txt": "User-agent: *\nDisallow: /\n",
  };
}

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startFixtureSite(explainSite(DOMAIN), { tls: true });
  work = mkdtempSync(join(tmpdir(), "sightline-explain-"));
  service = await startService([await sightlineBinary()], {
    DATABASE_PATH: join(work, "explain.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    PIPELINE_TOKEN: TOKEN,
    FETCH_TIMEOUT_MS: "5000",
    SCAN_TIMEOUT_MS: "20000",
    SCAN_CONNECT_TO: site.connectTo(DOMAIN, 443),
  });
  const started = await fetch(`${service.baseUrl}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ url: DOMAIN }),
  });
  expect([200, 202]).toContain(started.status);
  await pollReport(service.baseUrl, DOMAIN, 60_000);
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openReport(width: number, options: { javaScript?: boolean } = {}): Promise<{ context: BrowserContext; watched: Watched }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
  // Records what a Copy button hands the clipboard: the exact text the page copies, nothing else.
  await context.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as { copiedTexts: string[] }).copiedTexts = copied;
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
  });
  const page = await context.newPage();
  const watched = watchPage(page, new URL(service.baseUrl).origin);
  await page.goto(`${service.baseUrl}/report/${DOMAIN}`);
  return { context, watched };
}

async function noSidewaysScroll(watched: Watched): Promise<void> {
  const overflow = await watched.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!hasChromium)("a report that explains itself, in Chromium", () => {
  for (const width of [1280, 390]) {
    test(`at ${width}px: the arithmetic, the filters, and Copy takes only the code`, async () => {
      const { context, watched } = await openReport(width);
      const { page } = watched;
      const arithmetic = page.locator("section.arithmetic");
      expect(await arithmetic.locator("tr.not-assessed th").textContent()).toBe("Off-site presence");
      expect(await arithmetic.textContent()).toContain("A gate caps the score at");
      await arithmetic.screenshot({ path: join(OUTPUT, `explain-arithmetic-${width}.png`) });

      // Copy on the JSON-LD fix: the clipboard gets the block, not the sentence before it.
      const issue = page.locator('.check-group[data-group="issues"] li.check', { has: page.locator("h4", { hasText: "structured data" }) }).first();
      await issue.locator("summary").click();
      const block = issue.locator(".code-block").first();
      expect(await block.locator(".code-where").textContent()).toBe("in the <head> of /");
      await block.locator("button.copy").click();
      const copied = await page.evaluate(() => (window as unknown as { copiedTexts: string[] }).copiedTexts);
      expect(copied.length).toBe(1);
      expect(copied[0]).toBe((await block.locator("pre code").textContent())!);
      expect(copied[0]).toStartWith('<script type="application/ld+json">\n{');
      expect(copied[0]).toEndWith("\n</script>");
      expect(copied[0]).not.toContain("Add to the");
      JSON.parse(copied[0]!.replace(/^<script[^>]*>\n/, "").replace(/\n<\/script>$/, ""));
      await issue.screenshot({ path: join(OUTPUT, `explain-fix-${width}.png`) });

      // Filters: only passed checks, then only small-effort fixes; the script counts what is shown.
      await page.locator(".check-filters label", { hasText: "Pass" }).click();
      const shownStatuses = await page.locator(".all-checks .check:visible").evaluateAll((items) => items.map((item) => item.getAttribute("data-status")));
      expect(shownStatuses.length).toBeGreaterThan(0);
      expect(new Set(shownStatuses)).toEqual(new Set(["pass"]));
      expect(await page.locator(".filter-count").textContent()).toContain(`Showing ${shownStatuses.length} of`);
      await page.locator('.check-filters fieldset:has(legend:text("Status")) label', { hasText: "All" }).click();
      await page.locator(".check-filters label", { hasText: "Small" }).click();
      const efforts = await page.locator(".all-checks .check:visible").evaluateAll((items) => items.map((item) => item.getAttribute("data-effort")));
      expect(new Set(efforts)).toEqual(new Set(["S"]));
      await page.locator("#checks").screenshot({ path: join(OUTPUT, `explain-checks-filtered-${width}.png`) });

      await noSidewaysScroll(watched);
      await page.screenshot({ path: join(OUTPUT, `explain-report-${width}.png`), fullPage: true });
      expectClean(watched);
      await context.close();
    }, 60_000);
  }

  test("the filters work without JavaScript", async () => {
    const { context, watched } = await openReport(1280, { javaScript: false });
    const { page } = watched;
    await page.locator(".check-filters label", { hasText: "Fail" }).click();
    const statuses = await page.locator(".all-checks .check:visible").evaluateAll((items) => items.map((item) => item.getAttribute("data-status")));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["fail"]));
    expect(await page.locator('.check-group[data-group="passed"]').isVisible()).toBe(false);
    await context.close();
  }, 60_000);

  test("print layout: no navigation, forms or filters; every check printed; a PDF is produced", async () => {
    const { context, watched } = await openReport(1280);
    const { page } = watched;
    await page.emulateMedia({ media: "print" });
    for (const hidden of [".site-header", ".site-footer", ".report-actions", ".check-filters", "button.copy"]) {
      expect(await page.locator(hidden).first().isVisible()).toBe(false);
    }
    expect(await page.locator(".print-only").isVisible()).toBe(true);
    const checks = await page.locator(".all-checks .check").count();
    expect(await page.locator(".all-checks .check:visible").count()).toBe(checks);
    await page.screenshot({ path: join(OUTPUT, "explain-print.png"), fullPage: true });
    await page.pdf({ path: join(OUTPUT, "explain-report.pdf"), format: "A4", printBackground: true });
    expect(statSync(join(OUTPUT, "explain-report.pdf")).size).toBeGreaterThan(10_000);
    expectClean(watched);
    await context.close();
  }, 60_000);

  for (const width of [1280, 390]) {
    test(`at ${width}px: a check's learn-more page, reached from the report`, async () => {
      const { context, watched } = await openReport(width);
      const { page } = watched;
      const item = page.locator("#check-json-ld-present");
      await item.locator("summary").click();
      await item.locator(".learn-more a").click();
      await page.waitForURL(`${service.baseUrl}/checks/json-ld-present`);
      expect(await page.locator("h1").textContent()).toBe("The homepage describes the site in structured data");
      expect(await page.locator(".facts-table").textContent()).toContain("Structured data (structure), weight 15 of 100");
      await noSidewaysScroll(watched);
      await page.screenshot({ path: join(OUTPUT, `explain-learn-more-${width}.png`), fullPage: true });
      expectClean(watched);
      await context.close();
    }, 60_000);
  }
});
