/**
 * The schema service analysing two pages of one domain and showing both, in Chromium against the
 * compiled binary (SERVICE=schema), at desktop and phone width: a product page and an article of one
 * domain are scanned from the home page (the widget does real proof of work), each keeps its own
 * report at /report/<domain>?url=<page>, the report lists both pages newest first, a click on the
 * list opens the other page's report, and "Analyse this page" rescans the page shown and comes back to
 * its report. Every page is watched for dialogs, console errors and requests to other origins.
 * Screenshots go to test-output/schema-pages-*.png for a person to look at.
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
import { BARE_ARTICLE, PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";

if (!hasChromium) console.warn(`schema pages browser test skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

// The test certificate covers *.secure.test.
const HOST = "pages.secure.test";
const PRODUCT_URL = `https://${HOST}/p/lamp`;
const ARTICLE_URL = `https://${HOST}/journal/first-post`;
const htmlPage = (body: string) => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

let browser: Browser;
let service: ServiceProcess;
let site: FixtureSite;
let work: string;

interface Watched extends WatchedPage {
  context: BrowserContext;
}

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startFixtureSite({ "/p/lamp": htmlPage(PRODUCT_PAGE), "/journal/first-post": htmlPage(BARE_ARTICLE), "/robots.txt": "User-agent: *\nAllow: /\n" }, { tls: true });
  work = mkdtempSync(join(tmpdir(), "sightline-schema-pages-"));
  service = await startService([await sightlineBinary()], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "schema-pages.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    LOG_LEVEL: "info",
    FETCH_TIMEOUT_MS: "5000",
    SCAN_TIMEOUT_MS: "20000",
    SCAN_CONNECT_TO: site.connectTo(HOST, 443),
  });
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openPage(width: number, height: number): Promise<Watched> {
  const origin = new URL(service.baseUrl).origin;
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  // The 404s of polling a report that does not exist yet are answers the page expects.
  return { context, ...watchPage(page, origin, (url) => url.startsWith(`${origin}/api/report/`)) };
}

const pagePath = (url: string) => `/report/${HOST}?url=${encodeURIComponent(url)}`;

/** Types a page URL on the home page and follows the scan until the domain's report (now this page's) is open. */
async function scanFromHome(watched: Watched, pageUrl: string): Promise<void> {
  const { page } = watched;
  await page.goto(`${service.baseUrl}/`);
  await page.getByLabel("Page URL").fill(pageUrl);
  await page.getByRole("button", { name: "Scan", exact: true }).click();
  await page.getByText(`Scanning ${HOST}`).waitFor({ timeout: 60_000 });
  // The page's own report: the 202 names the page, and the domain's latest record may be another page's.
  await page.waitForURL((url) => url.pathname === `/report/${HOST}` && url.searchParams.has("url"), { timeout: 60_000 });
  await page.locator(".page-url a", { hasText: pageUrl }).waitFor({ timeout: 10_000 });
}

async function expectNoSidewaysScroll(watched: Watched): Promise<void> {
  const overflow = await watched.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!hasChromium)("the schema service keeps and shows each page of a domain", () => {
  test("desktop: two pages analysed, both listed, each report opened from the list, then one analysed again", async () => {
    const watched = await openPage(1280, 900);
    const { page } = watched;
    await scanFromHome(watched, PRODUCT_URL);
    await scanFromHome(watched, ARTICLE_URL);

    // The article's own report is open (the 202 named it), and lists both pages, newest first.
    const list = page.locator(".page-list > li");
    expect(await list.count()).toBe(2);
    expect((await list.locator("a").allTextContents())).toEqual([ARTICLE_URL, PRODUCT_URL]);
    expect(await page.locator('.page-list a[aria-current="page"]').textContent()).toBe(ARTICLE_URL);

    // The product page's own report, from the list.
    await page.getByRole("link", { name: PRODUCT_URL, exact: true }).click();
    await page.waitForURL(`${service.baseUrl}${pagePath(PRODUCT_URL)}`);
    expect(await page.locator(".page-url a").getAttribute("href")).toBe(PRODUCT_URL);
    expect(await page.locator("ol.schema-items > li h3").allTextContents()).toContainEqual(expect.stringMatching(/Product/));
    expect(await page.locator('.page-list a[aria-current="page"]').textContent()).toBe(PRODUCT_URL);
    await page.screenshot({ path: join(OUTPUT, "schema-pages-1280.png"), fullPage: true });

    // "Analyse this page" rescans the product page and comes back to its report, now with two scans.
    await page.getByRole("button", { name: "Analyse this page" }).click();
    await page.locator(".page-list li.current", { hasText: "2 scans" }).waitFor({ timeout: 90_000 });
    expect(page.url()).toBe(`${service.baseUrl}${pagePath(PRODUCT_URL)}`);
    expect(await page.locator(".page-url a").getAttribute("href")).toBe(PRODUCT_URL);
    expect(await page.locator(".page-list > li a").allTextContents()).toEqual([PRODUCT_URL, ARTICLE_URL]);
    expectClean(watched);
    await watched.context.close();
  }, 240_000);

  test("phone: each page's report reads at 390 px, and the list switches between them", async () => {
    const watched = await openPage(390, 844);
    const { page } = watched;
    await page.goto(`${service.baseUrl}${pagePath(ARTICLE_URL)}`);
    expect(await page.locator(".page-url a").getAttribute("href")).toBe(ARTICLE_URL);
    expect(await page.locator(".page-list > li").count()).toBe(2);
    await expectNoSidewaysScroll(watched);
    await page.screenshot({ path: join(OUTPUT, "schema-pages-390-article.png"), fullPage: true });

    await page.getByRole("link", { name: PRODUCT_URL, exact: true }).click();
    await page.waitForURL(`${service.baseUrl}${pagePath(PRODUCT_URL)}`);
    expect(await page.locator(".page-url a").getAttribute("href")).toBe(PRODUCT_URL);
    await expectNoSidewaysScroll(watched);
    await page.locator(".analysed-pages").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, "schema-pages-390-product.png"), fullPage: true });

    // A page of another domain is refused with a clear page.
    const refused = await page.goto(`${service.baseUrl}/report/${HOST}?url=${encodeURIComponent("https://elsewhere.secure.test/p/lamp")}`);
    expect(refused?.status()).toBe(400);
    expect(await page.locator("main").textContent()).toContain(`is not a page of ${HOST}`);
    await expectNoSidewaysScroll(watched);
    expectClean({ ...watched, consoleErrors: watched.consoleErrors.filter((line) => !line.includes("status of 400")) });
    await watched.context.close();
  }, 120_000);
});
