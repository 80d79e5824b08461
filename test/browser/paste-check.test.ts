/**
 * "Pasted JSON-LD checked": the schema service's paste form in a real browser (Debian's Chromium
 * through playwright-core) against the compiled binary, at desktop and phone width. From the home
 * page's link, paste JSON-LD whose values hold script tags, let the ALTCHA widget do its proof of work
 * when the textarea is focused, post the form, and read the result: the item by its short type name,
 * its error and rich-result verdict, the pasted text intact and inert. Nothing is fetched (the service
 * is given no site to reach). Screenshots go to test-output/paste-check-*.png for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage } from "../helpers/browser.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";

if (!hasChromium) console.warn(`paste-check browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const HOSTILE = `</script><script>alert("pasted")</script><img src=x onerror=alert(1)>`;
const PASTED = JSON.stringify(
  [
    {
      "@context": "https://schema.org",
      "@type": "https://schema.org/Product",
      name: "Tide floor lamp",
      description: HOSTILE,
      image: "https://shop.example/lamp.jpg",
      colour: "sea green",
      offers: { "@type": "Offer", price: "120.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Lamps", item: "https://shop.example/lamps" },
        { "@type": "ListItem", position: 2, name: "Tide floor lamp", item: "https://shop.example/lamps/tide" },
      ],
    },
  ],
  null,
  2,
);

let browser: Browser;
let service: ServiceProcess;
let work: string;

beforeAll(async () => {
  if (!hasChromium) return;
  work = mkdtempSync(join(tmpdir(), "sightline-paste-browser-"));
  service = await startService([await sightlineBinary()], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "paste-browser.sqlite"),
    LOG_LEVEL: "info",
  });
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)("pasted JSON-LD checked, in Chromium", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`at ${width} px: paste, the widget solves, the result shows the items by short name, the script stays text`, async () => {
      const origin = new URL(service.baseUrl).origin;
      const context = await browser.newContext({ viewport: { width, height } });
      const watched = watchPage(await context.newPage(), origin);
      const { page } = watched;

      await page.goto(`${service.baseUrl}/`);
      await page.screenshot({ path: join(OUTPUT, `paste-check-home-${width}.png`) });
      await page.getByRole("link", { name: /check pasted HTML or JSON-LD/ }).click();
      await page.waitForURL(`${service.baseUrl}/check`);
      expect(await page.locator("h1").textContent()).toBe("Check pasted markup");

      // Focusing the textarea starts the proof of work; the form posts once its answer is in the form.
      await page.getByLabel("HTML or JSON-LD").fill(PASTED);
      await page.waitForFunction(() => new FormData(document.querySelector("form#paste") as HTMLFormElement).get("challengeToken"), undefined, { timeout: 60_000 });
      await page.getByRole("button", { name: "Check markup" }).click();
      await page.locator(".paste-result").waitFor({ timeout: 30_000 });

      expect(await page.locator(".paste-result .meta-line").textContent()).toBe("Read as JSON-LD.");
      const summary = (await page.locator(".schema-summary").textContent())!.replace(/\s+/g, " ");
      expect(summary).toContain("2 items (json-ld)");
      const items = page.locator("ol.schema-items > li");
      const titles = await items.locator("h3").evaluateAll((headings) => headings.map((heading) => heading.firstChild!.textContent!.trim()));
      expect(titles).toEqual(["Product", "BreadcrumbList"]);
      expect(await items.nth(0).locator("ul.issues-fail > li").allTextContents()).toEqual([expect.stringMatching(/^colour: /)]);
      expect(await items.nth(0).locator("ul.eligibility").textContent()).toContain("Product snippet");
      expect(await items.nth(1).locator("ul.eligibility > li").first().textContent()).toMatch(/^\s*eligible\s+Breadcrumb/);

      // The pasted text comes back whole in the textarea, and the script tag in it is only text.
      expect(await page.getByLabel("HTML or JSON-LD").inputValue()).toBe(PASTED);
      const details = items.nth(0).locator("details:not(.recommended)");
      await details.locator("summary").click();
      expect(await details.locator("code").textContent()).toContain(JSON.stringify(HOSTILE));
      expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
      const scripts = await page.locator("script").evaluateAll((elements) => elements.map((element) => element.getAttribute("src") ?? element.getAttribute("type") ?? "inline"));
      for (const script of scripts) expect(script === "application/ld+json" || script.startsWith("/assets/")).toBe(true);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(OUTPUT, `paste-check-${width}.png`), fullPage: true });
      // No dialog (the pasted alert never ran), no console error, no request off the server.
      expectClean(watched);
      await context.close();
    }, 120_000);
  }
});
