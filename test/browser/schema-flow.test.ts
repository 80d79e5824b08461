/**
 * The schema service's pages (SERVICE=schema) in a real browser (Debian's Chromium through
 * playwright-core) against the compiled binary, scanning loopback HTTPS fixture pages reached through
 * SCAN_CONNECT_TO: type a page URL, the ALTCHA widget does real proof of work, progress shows, and the
 * report renders its items with their errors, rich-result eligibility, an unreadable JSON-LD block and
 * the suggested JSON-LD with a working copy button. A hostile page's script must stay inert text.
 * Every page is watched for dialogs, console errors (CSP violations included) and requests to any
 * origin but the server's. Screenshots go to test-output/schema-report-*.png for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage, type Watched as WatchedPage } from "../helpers/browser.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { HOSTILE_PAGE_PATH, SCHEMA_HOSTILE_STRINGS, schemaHostileSite, schemaShopSite, SHOP_PAGE_PATH, UNKNOWN_PROPERTY } from "./schema-sites.ts";

if (!hasChromium) console.warn(`schema browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const SHOP_HOST = "shop.secure.test";
const HOSTILE_HOST = "evil.secure.test";

let browser: Browser;
let service: ServiceProcess;
let work: string;
const sites: FixtureSite[] = [];

interface Watched extends WatchedPage {
  context: BrowserContext;
}

beforeAll(async () => {
  if (!hasChromium) return;
  // The test certificate covers *.secure.test, so both pages live under that name.
  const shop = await startFixtureSite(schemaShopSite(), { tls: true });
  const hostile = await startFixtureSite(schemaHostileSite(HOSTILE_HOST), { tls: true });
  sites.push(shop, hostile);
  work = mkdtempSync(join(tmpdir(), "sightline-schema-browser-"));
  service = await startService([await sightlineBinary()], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "schema-browser.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    LOG_LEVEL: "info",
    FETCH_TIMEOUT_MS: "5000",
    SCAN_TIMEOUT_MS: "20000",
    SCAN_CONNECT_TO: [shop.connectTo(SHOP_HOST, 443), hostile.connectTo(HOSTILE_HOST, 443)].join(","),
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
  const origin = new URL(service.baseUrl).origin;
  const context = await browser.newContext({ viewport: { width, height } });
  // The copy button writes to the clipboard; the test reads it back.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const page = await context.newPage();
  // The 404s of polling a report that does not exist yet are answers the page expects.
  return { context, ...watchPage(page, origin, (url) => url.startsWith(`${origin}/api/report/`)) };
}

/** Types a page URL on the home page and follows the scan until its report is open. */
async function scanFromHome(watched: Watched, pageUrl: string, domain: string): Promise<void> {
  const { page } = watched;
  await page.goto(`${service.baseUrl}/`);
  await page.getByLabel("Page URL").fill(pageUrl);
  await page.getByRole("button", { name: "Scan", exact: true }).click();
  // The widget solves real proof of work in the page, then the scan starts and progress shows.
  await page.getByText(`Scanning ${domain}`).waitFor({ timeout: 60_000 });
  // The page's own report: the 202 names the page, and the domain's latest record may be another page's.
  await page.waitForURL((url) => url.pathname === `/report/${domain}` && url.searchParams.has("url"), { timeout: 60_000 });
}

describe.skipIf(!hasChromium)("the schema service's pages in Chromium", () => {
  test("type a page URL, the widget solves, progress shows, the report shows items, errors, eligibility, an unreadable block and JSON-LD to copy", async () => {
    const watched = await openPage();
    const { page } = watched;
    await scanFromHome(watched, `https://${SHOP_HOST}${SHOP_PAGE_PATH}`, SHOP_HOST);

    expect(await page.locator("h1").textContent()).toBe(SHOP_HOST);
    expect(await page.locator(".page-url").textContent()).toBe(`Page: https://${SHOP_HOST}${SHOP_PAGE_PATH} — Great Widget | Widget Works`);
    const summary = await page.locator(".schema-summary").textContent();
    expect(summary).toContain("2 items (json-ld)");
    expect(summary).toContain("2 rich results eligible");

    // The block that does not parse, with the reason.
    const problem = page.locator("ul.problems > li");
    expect(await problem.count()).toBe(1);
    expect(await problem.locator("h3").textContent()).toContain("json-ld[2]");
    expect(await problem.textContent()).toContain("not valid JSON");

    // Each item with its errors and rich-result eligibility.
    const items = page.locator("ol.schema-items > li");
    expect(await items.count()).toBe(2);
    const product = items.filter({ has: page.locator("h3", { hasText: /^Product / }) });
    expect(await product.locator("h3 .status").textContent()).toBe("0 errors, 0 warnings");
    const productEligibility = await product.locator("ul.eligibility > li").allTextContents();
    expect(productEligibility.map((entry) => entry.trim().replace(/\s+/g, " "))).toEqual([
      expect.stringMatching(/^eligible Product snippet \(rule product-snippet, checked \d{4}-\d{2}-\d{2}\) \d+ recommended additions?/),
      expect.stringMatching(/^eligible Merchant listing \(rule merchant-listing, checked \d{4}-\d{2}-\d{2}\) /),
    ]);
    expect(productEligibility[0]).toContain("Add aggregateRating.");
    const organization = items.filter({ has: page.locator("h3", { hasText: /^Organization / }) });
    expect(await organization.locator("h3 .status.status-fail").textContent()).toBe("1 error, 0 warnings");
    expect(await organization.locator("ul.issues-fail > li").allTextContents()).toEqual([`${UNKNOWN_PROPERTY}: "${UNKNOWN_PROPERTY}" is not a schema.org property.`]);
    const logo = organization.locator("ul.eligibility > li");
    expect(await logo.textContent()).toContain("not eligible Organization logo");
    expect(await logo.textContent()).toContain("Fix the item's errors first");

    // The item as read opens on demand and shows the page's own JSON.
    const details = organization.locator("details:not(.recommended)");
    await details.locator("summary").click();
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await details.locator("code").isVisible()).toBe(true);
    expect(await details.locator("code").textContent()).toContain(UNKNOWN_PROPERTY);

    // The suggested JSON-LD, ready to paste, and its copy button (shown once the script runs).
    const suggestion = page.locator("ol.generated > li");
    expect(await suggestion.count()).toBe(1);
    expect(await suggestion.locator("h3").textContent()).toBe("WebPage, BreadcrumbList");
    const snippet = (await suggestion.locator("code").textContent())!;
    expect(snippet.startsWith('<script type="application/ld+json">\n')).toBe(true);
    expect(snippet.endsWith("\n</script>")).toBe(true);
    const suggested = JSON.parse(snippet.slice(snippet.indexOf("\n") + 1, snippet.lastIndexOf("\n")));
    expect(suggested["@graph"].map((node: { "@type": string }) => node["@type"])).toEqual(["WebPage", "BreadcrumbList"]);
    expect(suggested["@graph"][1].itemListElement.map((entry: { name: string }) => entry.name)).toEqual(["Home", "Widgets", "Great Widget"]);
    const copy = suggestion.getByRole("button", { name: "Copy to the clipboard" });
    expect(await copy.isVisible()).toBe(true);
    await copy.click();
    await page.waitForFunction(() => document.querySelector("ol.generated button.copy")?.textContent === "Copied", undefined, { timeout: 5_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    await page.screenshot({ path: join(OUTPUT, "schema-report-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(OUTPUT, "schema-report-390.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, "schema-report-390-dark.png"), fullPage: false });
    expectClean(watched);
    await watched.context.close();
  }, 150_000);

  test("a hostile page's JSON-LD, title, Microdata and links render as inert text", async () => {
    const watched = await openPage();
    const { page } = watched;
    await scanFromHome(watched, `https://${HOSTILE_HOST}${HOSTILE_PAGE_PATH}`, HOSTILE_HOST);
    await page.locator("ol.schema-items > li").first().waitFor();
    // Open every "item as read" so that all of the record's text is rendered and visible.
    for (const summary of await page.locator("details > summary").all()) await summary.click();
    await page.waitForTimeout(300);

    const main = page.locator("main");
    const text = (await main.textContent())!;
    for (const hostile of SCHEMA_HOSTILE_STRINGS) expect(text).toContain(hostile);
    // The page title, an item's unknown property named like a script tag, a Microdata value.
    expect(await page.locator(".page-url").textContent()).toContain(`— ${SCHEMA_HOSTILE_STRINGS[0]} ${SCHEMA_HOSTILE_STRINGS[1]} ${SCHEMA_HOSTILE_STRINGS[2]}`);
    expect(await page.locator("ul.issues-fail code", { hasText: SCHEMA_HOSTILE_STRINGS[0] }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator(".schema-items details:not(.recommended) code").allTextContents()).toEqual([expect.stringContaining(SCHEMA_HOSTILE_STRINGS[3]), expect.stringContaining(SCHEMA_HOSTILE_STRINGS[2])]);

    // Nothing the page sent became markup: no image, no script but ours, no script link.
    expect(await page.locator('img[src="x"], img[onerror], svg[onload]').count()).toBe(0);
    const scripts = await page.locator("script").evaluateAll((elements) => elements.map((element) => element.getAttribute("src") ?? element.getAttribute("type") ?? "inline"));
    for (const script of scripts) expect(script === "application/ld+json" || script.startsWith("/assets/")).toBe(true);
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    for (const href of hrefs) expect(href.trim().toLowerCase().startsWith("javascript:")).toBe(false);
    const handlers = await page.evaluate(() => Array.from(document.querySelectorAll("*")).flatMap((element) => element.getAttributeNames().filter((name: string) => name.startsWith("on"))));
    expect(handlers).toEqual([]);

    await page.screenshot({ path: join(OUTPUT, "schema-report-hostile-1280.png"), fullPage: true });
    expectClean(watched);
    await watched.context.close();
  }, 150_000);
});
