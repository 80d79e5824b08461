/**
 * The web pages in a real browser (Debian's Chromium through playwright-core) against the compiled
 * binary, scanning loopback fixture sites reached through SCAN_CONNECT_TO: the scan form with the
 * ALTCHA widget doing real proof of work, live progress, the report, the rescan limit's countdown,
 * and a hostile site whose content must stay inert. Every page is watched for dialogs, console errors
 * (CSP violations included) and requests to any origin but the server's.
 * Screenshots of the report at phone and desktop widths go to test-output/ for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage, type Watched } from "../helpers/browser.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { hostileContentSite } from "./hostile-content-site.ts";

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

let browser: Browser;
let service: ServiceProcess;
let work: string;
const sites: FixtureSite[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  const good = await startFixtureSite(wellPreparedSite("good.test"), { tls: true });
  // The test certificate covers *.secure.test, so the hostile site lives under that name.
  const hostile = await startFixtureSite(hostileContentSite("xss.secure.test"), { tls: true });
  sites.push(good, hostile);
  work = mkdtempSync(join(tmpdir(), "sightline-browser-"));
  service = await startService([await sightlineBinary()], {
    DATABASE_PATH: join(work, "browser.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "info",
    LIMIT_PER_DOMAIN_PER_HOUR: "1",
    FETCH_TIMEOUT_MS: "5000",
    SCAN_TIMEOUT_MS: "20000",
    SCAN_CONNECT_TO: [good.connectTo("good.test", 443), good.connectTo("www.good.test", 443), hostile.connectTo("xss.secure.test", 443)].join(","),
  });
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  for (const site of sites) await site.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openPage(width = 1280, height = 900): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width, height } });
  const origin = new URL(service.baseUrl).origin;
  // The 404s of polling a report that does not exist yet and the 429 of the rate-limit test are expected.
  return watchPage(page, origin, (url) => url.startsWith(`${origin}/api/report/`) || url === `${origin}/api/scan`);
}

async function scanFromHome(watched: Watched, domain: string): Promise<void> {
  const { page } = watched;
  await page.goto(`${service.baseUrl}/`);
  await page.getByLabel("Domain or URL").fill(domain);
  await page.getByRole("button", { name: "Scan", exact: true }).click();
  // The widget solves real proof of work in the page, then the scan starts and progress shows.
  await page.getByText(`Scanning ${domain}`).waitFor({ timeout: 60_000 });
  await page.waitForURL(`${service.baseUrl}/report/${domain}`, { timeout: 60_000 });
}

describe.skipIf(!hasChromium)("the web pages in Chromium", () => {
  test("type a domain, the widget solves, progress shows, the report renders with its grade and every pillar", async () => {
    const watched = await openPage();
    const { page } = watched;
    await scanFromHome(watched, "good.test");

    const grade = await page.locator(".report-hero .grade-chip").textContent();
    expect(grade).toMatch(/^[A-F]$/);
    expect(await page.locator("svg.gauge title").textContent()).toContain(`grade ${grade}`);
    expect(await page.locator("h1").textContent()).toBe("good.test");
    const pillars = await page.locator("article.pillar h3").allTextContents();
    expect(pillars.length).toBe(7);
    // The pillars, then their signals, open on demand.
    await page.locator("#pillars > details > summary").click();
    const firstDetails = page.locator("article.pillar details").first();
    await firstDetails.locator("summary").click();
    expect(await firstDetails.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // Copy buttons appear once the script runs.
    const fixWithCode = page.locator('.check-group[data-group="issues"] li.check', { has: page.locator("button.copy") }).first();
    if ((await fixWithCode.count()) > 0) {
      await fixWithCode.locator("summary").click();
      expect(await fixWithCode.locator("button.copy").first().isVisible()).toBe(true);
    }

    await page.screenshot({ path: join(OUTPUT, "report-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUTPUT, "report-390.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: join(OUTPUT, "report-390-dark.png"), fullPage: false });
    expectClean(watched);
    await page.close();
  }, 150_000);

  test("a rescan beyond the domain's limit shows a countdown from retryAfterSeconds", async () => {
    const watched = await openPage();
    const { page } = watched;
    await page.goto(`${service.baseUrl}/report/good.test`);
    await page.getByRole("button", { name: "Rescan now" }).click();
    const countdown = page.locator("[data-countdown]");
    await countdown.waitFor({ timeout: 60_000 });
    const first = await countdown.textContent();
    expect(first).toMatch(/^\d+:\d\d$/);
    expect(await page.getByRole("button", { name: "Rescan now" }).isDisabled()).toBe(true);
    expect(await page.locator("#rescan-status").textContent()).toContain("Rate limit exceeded");
    // One countdown: the API's static "Try again in N seconds." is not shown beside the live one.
    expect(await page.locator("#rescan-status").textContent()).not.toContain("Try again in");
    // It counts down.
    await page.waitForFunction((start) => document.querySelector("[data-countdown]")?.textContent !== start, first, { timeout: 5_000 });
    await page.screenshot({ path: join(OUTPUT, "rescan-countdown.png") });
    expectClean(watched);
    await page.close();
  }, 120_000);

  test("a hostile site's title, headings, JSON-LD and links render as inert text", async () => {
    const watched = await openPage();
    const { page } = watched;
    await scanFromHome(watched, "xss.secure.test");
    await page.locator("article.pillar").first().waitFor({ state: "attached" });
    // Open every signal so that all of the record's text is rendered and visible.
    await page.locator("details").evaluateAll((folds) => folds.forEach((fold) => ((fold as HTMLDetailsElement).open = true)));
    await page.waitForTimeout(300);
    const text = await page.locator("main").textContent();
    expect(text).toContain("alert(");
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    const scripts = await page.locator("script").evaluateAll((elements) => elements.map((element) => element.getAttribute("src") ?? element.getAttribute("type")));
    for (const script of scripts) expect(script === "application/ld+json" || String(script).startsWith("/assets/")).toBe(true);
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    for (const href of hrefs) expect(href.trim().toLowerCase().startsWith("javascript:")).toBe(false);
    await page.screenshot({ path: join(OUTPUT, "hostile-report.png"), fullPage: true });
    expectClean(watched);
    await page.close();
  }, 150_000);
});
