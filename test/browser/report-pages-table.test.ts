/**
 * The report's pages table (site-wide scans, issue 29) in Chromium at desktop and phone width: the
 * rows of the latest record's verdicts with template, URL, verdict, status, the platforms that cannot
 * read the page and its findings; filters through the query string and the form; paging; hostile URLs,
 * titles and findings shown as text; no sideways page scroll at phone width (the rows become cards).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage } from "../helpers/browser.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { storedPageVerdicts } from "../../src/scans/bounded-page-verdicts.ts";
import type { PageVerdict } from "../../src/analyzers/visibility/site-record-schema.ts";
import { okRecord } from "../web/record-fixtures.ts";
import { pageVerdict, sampleSiteVerdicts } from "../fixtures/page-verdicts.ts";

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const WIDTHS = [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

let service: TestRuntime;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
let origin: string;

/** The sample site, a page whose URL, title, template and finding try to inject script, and 30 more products for paging. */
function verdicts(): PageVerdict[] {
  const hostile = pageVerdict('https://shop.test/x"><script>alert("url")</script>', '/x/<script>alert("tpl")</script>', {
    verdict: "issues",
    unreached: ["perplexity"],
    findings: [{ id: "evil", severity: "warn", text: '<img src=x onerror=alert("finding")> a very long finding text that keeps going '.repeat(3) }],
  });
  hostile.facts = { ...hostile.facts!, title: '<img src=x onerror=alert("title")>' };
  const many = Array.from({ length: 30 }, (_, index) => pageVerdict(`https://shop.test/products/extra-${index}-${"long-slug-".repeat(8)}`, "/products/<id>"));
  return [...sampleSiteVerdicts(), hostile, ...many];
}

beforeAll(async () => {
  if (!hasChromium) return;
  service = await createTestRuntime({}, { runWorker: false });
  const scannedAt = Date.now() - 60_000;
  await insertScan(service.runtime.db, {
    domain: "shop.test",
    status: "ok",
    score: 58,
    scannedAt,
    recordJson: JSON.stringify(okRecord("shop.test", 58, "x", new Date(scannedAt).toISOString())),
    artifactsJson: null,
    caller: { kind: "pipeline" },
    pagesBudget: 40,
    pages: storedPageVerdicts(verdicts()),
  });
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) => {
      const url = new URL(request.url);
      return service.request(`${url.pathname}${url.search}`, { method: request.method, headers: request.headers }, "127.0.0.1");
    },
  });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await service?.close();
});

describe.if(hasChromium)("the report's pages table", () => {
  for (const size of WIDTHS) {
    test(`lists, filters and pages the verdicts at ${size.name} px, every scanned text escaped, without sideways scroll`, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      const watched = watchPage(page, origin);
      await page.goto(`${origin}/report/shop.test`);
      const section = page.locator("#site-pages");
      expect(await section.locator("h2").textContent()).toBe("Pages of the site");
      // Folded like the report's other sections until opened; filtering or paging opens it.
      expect(await section.locator("tbody tr").first().isVisible()).toBe(false);
      await section.locator("summary").first().click();
      expect(await section.locator("tbody tr").count()).toBe(25);
      expect(await section.getByText("Showing 1–25 of 38 pages.").count()).toBe(1);

      // Hostile text is shown as written, and nothing it holds ran or became an element.
      const hostileRow = section.locator("tbody tr").nth(7);
      expect(await hostileRow.locator("td").nth(0).textContent()).toBe('/x/<script>alert("tpl")</script>');
      expect(await hostileRow.locator("a").first().textContent()).toBe('https://shop.test/x"><script>alert("url")</script>');
      expect(await hostileRow.textContent()).toContain('<img src=x onerror=alert("title")>');
      expect(await hostileRow.textContent()).toContain("Perplexity");
      expect(await section.locator("script, img").count()).toBe(0);

      // No sideways scroll of the page itself.
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.view);
      if (size.width < 600) expect(await section.locator("thead").evaluate((element) => getComputedStyle(element).position)).toBe("absolute");
      else expect(await section.locator("thead th").first().isVisible()).toBe(true);
      await section.screenshot({ path: join(OUTPUT, `report-pages-table-${size.name}.png`) });

      // Paging keeps its place; a query-string filter narrows the rows.
      await section.getByRole("link", { name: "Next 13" }).click();
      await page.waitForURL(/offset=25/);
      expect(await page.locator("#site-pages tbody tr").count()).toBe(13);
      await page.goto(`${origin}/report/shop.test?platform=chatgpt#site-pages`);
      const urls = await page.locator("#site-pages tbody tr td:nth-child(2) a").allTextContents();
      expect(urls).toEqual(["https://shop.test/blog/one", "https://shop.test/blog/two", "https://shop.test/blog/three"]);
      expect(await page.locator('#site-pages select[name="platform"]').inputValue()).toBe("chatgpt");

      // The form filters too: status "failed" leaves the page whose redirect ends in 404.
      await page.selectOption('#site-pages select[name="platform"]', "");
      await page.selectOption('#site-pages select[name="status"]', "failed");
      await page.locator("#site-pages button[type=submit]").click();
      await page.waitForURL(/status=failed/);
      expect(await page.locator("#site-pages tbody tr").count()).toBe(1);
      expect(await page.locator("#site-pages tbody tr").textContent()).toContain("HTTP 404");

      // A bad filter is named, and the table shows every page instead.
      await page.goto(`${origin}/report/shop.test?status=great`);
      expect(await page.locator("#site-pages .notice").textContent()).toContain('The query parameter "status" must be');
      expect(await page.locator("#site-pages tbody tr").count()).toBe(25);
      expectClean(watched);
      await context.close();
    }, 60_000);
  }
});
