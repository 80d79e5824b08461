/**
 * Polish in a real browser (Debian's Chromium) against the compiled binary, at desktop and phone
 * width, with screenshots under test-output/: the 404 page in the site's layout, a failed report that
 * explains its cause and offers no badge, and badges whose text fits inside its half as the browser
 * draws it (the font the badge names, bold message included).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import type { Challenge } from "altcha-lib";
import { CHROMIUM, expectClean, hasChromium, launchChromium, TEST_OUTPUT as OUTPUT, watchPage, type Watched } from "../helpers/browser.ts";

if (!hasChromium) console.warn(`404 and badge browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const TOKEN = "polish-browser-pipeline-token";
let browser: Browser;
let service: ServiceProcess;
let site: FixtureSite;
let work: string;

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startFixtureSite(wellPreparedSite("good.test"), { tls: true });
  work = mkdtempSync(join(tmpdir(), "sightline-polish-browser-"));
  const closed = await freePort();
  service = await startService([await sightlineBinary()], {
    DATABASE_PATH: join(work, "polish.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "info",
    FETCH_TIMEOUT_MS: "3000",
    LIMIT_PER_DOMAIN_PER_HOUR: "1",
    SCAN_TIMEOUT_MS: "20000",
    SCAN_CONNECT_TO: [
      site.connectTo("good.test", 443),
      site.connectTo("www.good.test", 443),
      `down.test:443:127.0.0.1:${closed}`,
      `down.test:80:127.0.0.1:${closed}`,
    ].join(","),
  });
  for (const domain of ["good.test", "down.test"]) {
    const started = await fetch(`${service.baseUrl}/api/scan`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ url: domain }),
    });
    expect(started.status).toBe(202);
    await pollReport(service.baseUrl, domain, 30_000);
  }
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openPage(width: number, height: number, expectedMissing: string): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width, height } });
  const origin = new URL(service.baseUrl).origin;
  // Chromium reports the page's own 404 as a failed resource; nothing else may fail.
  return watchPage(page, origin, (url) => url === `${origin}${expectedMissing}`);
}

describe.skipIf(!hasChromium)("polish in Chromium", () => {
  for (const { width, height, name } of [
    { width: 1280, height: 800, name: "1280" },
    { width: 390, height: 844, name: "390" },
  ]) {
    test(`the 404 page at ${width} px: the site's layout, a way home, no horizontal scrolling`, async () => {
      const path = "/pricing/enterprise-plan";
      const watched = await openPage(width, height, path);
      const { page } = watched;
      const response = await page.goto(`${service.baseUrl}${path}`);
      expect(response!.status()).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("Page not found");
      expect(await page.locator("main code").first().textContent()).toBe(path);
      expect(await page.locator("header nav a", { hasText: "Scan" }).isVisible()).toBe(true);
      expect(await page.locator("main a.button", { hasText: "Go to the home page" }).isVisible()).toBe(true);
      // The site's stylesheet applied: the header is laid out, not a bare list.
      expect(await page.locator("header.site-header").evaluate((element) => getComputedStyle(element).display)).not.toBe("inline");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(OUTPUT, `not-found-${name}.png`), fullPage: true });
      if (width < 500) {
        await page.emulateMedia({ colorScheme: "dark" });
        await page.screenshot({ path: join(OUTPUT, `not-found-${name}-dark.png`), fullPage: true });
      }
      // The way home works.
      await page.locator("main a.button", { hasText: "Go to the home page" }).click();
      await page.waitForURL(`${service.baseUrl}/`);
      expectClean(watched);
      await page.close();
    }, 60_000);
  }

  test("a failed report at phone width: the cause in a sentence, a checklist for it, details folded, no badge", async () => {
    const watched = await openPage(390, 844, "none");
    const { page } = watched;
    await page.goto(`${service.baseUrl}/report/down.test`);
    expect(await page.locator("h1").textContent()).toBe("The scan of down.test failed");
    expect(await page.locator(".failed-reason").textContent()).toStartWith("down.test has an address, but the server there refused the connection");
    expect(await page.locator(".failed-reason").textContent()).not.toContain("ECONNREFUSED");
    expect(await page.locator(".checklist").textContent()).not.toContain("DNS zone");
    expect(await page.locator("details.failure-details li").first().isVisible()).toBe(false);
    expect(await page.locator("#badge-title").count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.locator("details.failure-details summary").click();
    expect(await page.locator("details.failure-details li").first().textContent()).toContain("ECONNREFUSED");
    await page.screenshot({ path: join(OUTPUT, "failed-report-390.png"), fullPage: true });
    expectClean(watched);
    await page.close();
  }, 60_000);

  test("badge texts fit inside their halves as Chromium draws them, with padding on both sides", async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 120 } });
    for (const domain of ["good.test", "down.test", "never.test"]) {
      await page.goto(`${service.baseUrl}/badge/${domain}.svg`);
      const halves = await page.evaluate(() => {
        const rects = Array.from(document.querySelectorAll("g[clip-path] rect"));
        const texts = Array.from(document.querySelectorAll("text")) as SVGTextContentElement[];
        return texts.map((text, index) => ({
          text: text.textContent,
          drawn: text.getComputedTextLength(),
          half: Number(rects[index]!.getAttribute("width")),
        }));
      });
      expect(halves.length).toBe(2);
      for (const half of halves) {
        // At least 4 px of colour on each side of the text (the badge pads 6).
        expect({ ...half, fits: half.drawn + 8 <= half.half }).toMatchObject({ fits: true });
      }
      await page.screenshot({ path: join(OUTPUT, `badge-${domain.replace(".test", "")}.png`) });
    }
    await page.close();
  }, 60_000);

  test("the 429 page without the JavaScript form: the limit once, one countdown that site.js makes live", async () => {
    // A rescan of good.test beyond its one scan an hour, posted as the no-JavaScript form posts it.
    const token = await solveAltcha((await (await fetch(`${service.baseUrl}/api/challenge`)).json()) as Challenge);
    const watched = await openPage(390, 844, "/scan");
    const { page } = watched;
    await page.goto(`${service.baseUrl}/`);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.evaluate((challengeToken) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/scan";
        for (const [name, value] of Object.entries({ url: "good.test", forceRescan: "true", challengeToken })) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      }, token),
    ]);
    expect(response!.status()).toBe(429);
    const notice = page.locator(".notice.error");
    expect(await notice.textContent()).toStartWith("Rate limit exceeded: at most 1 fresh scan of this domain per hour. You can scan again in ");
    expect(await notice.textContent()).not.toContain("Try again in");
    const counter = page.locator("[data-countdown-seconds]");
    expect(await counter.count()).toBe(1);
    const first = await counter.textContent();
    expect(first).toMatch(/^\d+:\d\d$/);
    await page.waitForFunction((start) => document.querySelector("[data-countdown-seconds]")?.textContent !== start, first, { timeout: 5_000 });
    await page.screenshot({ path: join(OUTPUT, "rate-limited-390.png"), fullPage: true });
    expectClean(watched);
    await page.close();
  }, 60_000);
});
