/**
 * History, comparison and rescan progress in Chromium against the compiled binary, at desktop and
 * phone width. A fixture site changes between three scans (llms.txt goes missing, then comes back
 * while robots.txt starts turning PerplexityBot away), so the report must show the score chart and,
 * against the previous scan, llms.txt fixed and the robots rule new. A slow site is rescanned while
 * its report is open: the page must show the running step without reloading, then swap in the new
 * report; the "Rescan now" button must show the step too, without repeating the check list.
 * Screenshots go to test-output/ for a person to look at.
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

if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is missing (CI installs Debian's chromium package)`);

const TOKEN = "pipeline-token-for-history-browser-0123";
const CHANGING = "changing.secure.test";
const RIVAL = "rival.secure.test";
const SLOW = "slow.secure.test";
const WIDTHS = [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

/** What the changing site serves: 1 as prepared, 2 without llms.txt, 3 with it back and PerplexityBot disallowed. */
let version = 1;
let browser: Browser;
let service: ServiceProcess;
let work: string;
const sites: FixtureSite[] = [];

function changingSite(): ReturnType<typeof wellPreparedSite> {
  const base = wellPreparedSite(CHANGING);
  const llms = base["/llms.txt"] as string;
  const robots = base["/robots.txt"] as string;
  return {
    ...base,
    "/llms.txt": () => (version === 2 ? new Response("Not found", { status: 404 }) : new Response(llms, { headers: { "content-type": "text/plain; charset=utf-8" } })),
    "/robots.txt": () =>
      new Response(version === 3 ? `User-agent: PerplexityBot\nDisallow: /\n\n${robots}` : robots, { headers: { "content-type": "text/plain; charset=utf-8" } }),
  };
}

/**
 * A site whose files answer late, so that a scan of it lasts several seconds and passes through several
 * steps while the page polls (a scan fetches in parallel, so a delay on every request alone would not).
 */
function slowSite(): ReturnType<typeof wellPreparedSite> {
  const base = wellPreparedSite(SLOW);
  const delays: Record<string, number> = { "/": 1500, "/robots.txt": 4000, "/sitemap.xml": 4000, "/llms.txt": 4000, "/llms-full.txt": 4000 };
  return Object.fromEntries(
    Object.entries(base).map(([path, handler]) => [
      path,
      async (request: Request) => {
        await Bun.sleep(delays[path] ?? 0);
        if (typeof handler !== "string") return handler(request);
        const type = path.endsWith(".txt") ? "text/plain" : path.endsWith(".xml") ? "application/xml" : "text/html";
        return new Response(handler, { headers: { "content-type": `${type}; charset=utf-8` } });
      },
    ]),
  );
}

beforeAll(async () => {
  if (!hasChromium) return;
  const changing = await startFixtureSite(changingSite(), { tls: true });
  const rival = await startFixtureSite(wellPreparedSite(RIVAL), { tls: true });
  const slow = await startFixtureSite(slowSite(), { tls: true });
  sites.push(changing, rival, slow);
  work = mkdtempSync(join(tmpdir(), "sightline-history-browser-"));
  service = await startService([await sightlineBinary()], {
    DATABASE_PATH: join(work, "history.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "info",
    PIPELINE_TOKEN: TOKEN,
    LIMIT_PER_DOMAIN_PER_HOUR: "20",
    LIMIT_PER_IP_PER_HOUR: "50",
    FETCH_TIMEOUT_MS: "8000",
    SCAN_TIMEOUT_MS: "60000",
    SCAN_CONNECT_TO: [changing.connectTo(CHANGING, 443), rival.connectTo(RIVAL, 443), slow.connectTo(SLOW, 443)].join(","),
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

async function openPage(width: number, height: number): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width, height } });
  const origin = new URL(service.baseUrl).origin;
  return watchPage(page, origin, (url) => url.startsWith(`${origin}/api/report/`) || url === `${origin}/api/scan`);
}

/** Starts a fresh scan through the API (as the pipeline would). */
async function startScan(domain: string): Promise<void> {
  const response = await fetch(`${service.baseUrl}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ url: domain, forceRescan: true }),
  });
  expect(response.status).toBe(202);
}

/** Waits until the domain has `count` stored scans, through the history endpoint. */
async function waitForScans(domain: string, count: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${service.baseUrl}/api/report/${domain}/history.json`);
    const body = (await response.json()) as { total?: number; scan?: unknown };
    if (response.status === 200 && body.total === count && !body.scan) return;
    await Bun.sleep(300);
  }
  throw new Error(`${domain} did not reach ${count} scans within ${timeoutMs} ms`);
}

async function scanAndWait(domain: string, count: number): Promise<void> {
  await startScan(domain);
  await waitForScans(domain, count);
}

/** The title of a signal in the domain's latest record. */
async function signalTitle(domain: string, id: string): Promise<string> {
  const record = (await (await fetch(`${service.baseUrl}/api/report/${domain}.json`)).json()) as { result: { pillars: { signals: { id: string; title: string }[] }[] } };
  const signal = record.result.pillars.flatMap((pillar) => pillar.signals).find((candidate) => candidate.id === id);
  if (!signal) throw new Error(`no signal ${id} in the record of ${domain}`);
  return signal.title;
}

async function expectNoSideways(watched: Watched): Promise<void> {
  const overflow = await watched.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!hasChromium)("history, comparison and rescan progress in Chromium", () => {
  test("after three scans the report shows the score chart and which issues were fixed and which are new", async () => {
    for (const [index, next] of [1, 2, 3].entries()) {
      version = next;
      await scanAndWait(CHANGING, index + 1);
    }
    const llmsTitle = await signalTitle(CHANGING, "llms-txt");
    const robotsTitle = await signalTitle(CHANGING, "robots-ai-search-access");

    const history = (await (await fetch(`${service.baseUrl}/api/report/${CHANGING}/history.json?limit=2`)).json()) as { total: number; scans: unknown[]; next: string };
    expect(history.total).toBe(3);
    expect(history.scans.length).toBe(2);
    expect(history.next).toBe(`/api/report/${CHANGING}/history.json?limit=2&offset=2`);

    for (const size of WIDTHS) {
      const watched = await openPage(size.width, size.height);
      const { page } = watched;
      await page.goto(`${service.baseUrl}/report/${CHANGING}`);
      const section = page.locator("#history");
      await section.waitFor();
      expect(await section.locator("svg.score-chart circle.point").count()).toBe(3);
      expect(await page.locator("#changes-fixed").textContent()).toContain(llmsTitle);
      expect(await page.locator("#changes-new").textContent()).toContain(robotsTitle);
      expect(await page.locator("#changes-fixed").textContent()).not.toContain(robotsTitle);
      await expectNoSideways(watched);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: join(OUTPUT, `history-${size.name}.png`) });
      await page.screenshot({ path: join(OUTPUT, `history-report-${size.name}.png`), fullPage: true });
      expectClean(watched);
      await page.close();
    }
  }, 300_000);

  test("two domains side by side on the comparison page", async () => {
    await scanAndWait(RIVAL, 1);
    for (const size of WIDTHS) {
      const watched = await openPage(size.width, size.height);
      const { page } = watched;
      await page.goto(`${service.baseUrl}/compare?domains=${CHANGING},${RIVAL}`);
      expect(await page.locator(".compare-table thead th").allTextContents()).toEqual([CHANGING, RIVAL]);
      const perplexity = page.locator(".compare-table tbody tr", { has: page.locator("th", { hasText: /^Perplexity$/ }) });
      const cells = await perplexity.locator("td").allTextContents();
      expect(cells[1]).toBe("can read");
      expect(cells[0]).not.toBe("can read");
      expect(await page.locator(".compare-table tbody tr", { has: page.locator("th", { hasText: "Top issues, in the order to act" }) }).locator("td").count()).toBe(2);
      // The table scrolls inside its box at phone width; the page itself never scrolls sideways.
      await expectNoSideways(watched);
      await page.screenshot({ path: join(OUTPUT, `compare-${size.name}.png`), fullPage: true });
      // The form on the page compares again without JavaScript's help.
      await page.getByLabel("Domains, separated by commas").fill(`${RIVAL}, ${CHANGING}`);
      await page.getByRole("button", { name: "Compare" }).click();
      await page.waitForURL(/\/compare\?domains=/);
      expect(await page.locator(".compare-table thead th").allTextContents()).toEqual([RIVAL, CHANGING]);
      expectClean(watched);
      await page.close();
    }
  }, 180_000);

  test("a rescan's step shows on the open report, which then swaps in the new report without reloading before", async () => {
    await scanAndWait(SLOW, 1);
    for (const [index, size] of WIDTHS.entries()) {
      const watched = await openPage(size.width, size.height);
      const { page } = watched;
      await startScan(SLOW);
      await page.goto(`${service.baseUrl}/report/${SLOW}`);
      const note = page.locator("[data-rescan-note]");
      await note.waitFor();
      let loads = 0;
      page.on("load", () => loads++);
      // The step changes in place, from the report endpoint's 200, while the old report stays on screen.
      await page
        .waitForFunction(
        () => {
          const bar = document.querySelector("[data-rescan-note] progress") as HTMLProgressElement | null;
          const step = document.querySelector("[data-rescan-step]")?.textContent ?? "";
          return bar !== null && bar.value > 0 && !step.startsWith("Queued") && !step.startsWith("Starting");
        },
        undefined,
        { timeout: 30_000, polling: 100 },
      )
        .catch(async (error) => {
          await page.screenshot({ path: join(OUTPUT, `rescan-progress-${size.name}-failed.png`), fullPage: true });
          throw error;
        });
      expect(loads).toBe(0);
      expect(await note.locator(".checks").count()).toBe(0);
      await page.screenshot({ path: join(OUTPUT, `rescan-progress-${size.name}.png`) });
      // Then the new report replaces the old one.
      await note.waitFor({ state: "detached", timeout: 90_000 });
      // The note goes with the old document as the reload starts; the new one's load event may come a
      // moment later on a busy machine (seen in CI), so wait for it before counting.
      for (const until = Date.now() + 30_000; loads < 1 && Date.now() < until; ) await Bun.sleep(50);
      await page.waitForLoadState("load");
      expect(loads).toBe(1);
      await page.locator("#history").waitFor();
      expect(await page.locator("#history svg.score-chart circle.point").count()).toBe(index + 2);
      expectClean(watched);
      await page.close();
    }
  }, 300_000);

  test("Rescan now shows the running step, not 'waiting', and does not repeat the check list", async () => {
    const watched = await openPage(1280, 900);
    const { page } = watched;
    await page.goto(`${service.baseUrl}/report/${SLOW}`);
    await page.getByRole("button", { name: "Rescan now" }).click();
    const status = page.locator("#rescan-status");
    // The widget solves real proof of work in the page, then the scan starts and its steps show.
    await page.waitForFunction(() => (document.querySelector("#rescan-status progress") as HTMLProgressElement | null)?.value! > 0, undefined, { timeout: 60_000, polling: 100 });
    expect(await status.locator("label").textContent()).toMatch(/^Scan progress: \d+ of \d+ steps done$/);
    expect(await status.locator(".checks").count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, "rescan-button-progress-1280.png") });
    // Then the page opens the new report: one scan more in its history.
    await page.locator("#history summary", { hasText: `All ${WIDTHS.length + 2} scans` }).waitFor({ state: "attached", timeout: 90_000 });
    expectClean(watched);
    await page.close();
  }, 240_000);
});
