/**
 * Run as a child process by site-crawl.ts: gathers what the scan hands the crawl (homepage, robots.txt,
 * sitemap, llms.txt), then crawls the site on CRAWL_ORIGIN's host with a page budget of CRAWL_PAGES, reading
 * each page as a scan does (derive/page-facts.ts), and prints the crawl's wall time, what it spent, and the
 * process's peak memory (VmHWM) before and after.
 */
import { readFileSync } from "node:fs";
import { gatherHomepage } from "../../src/analyzers/visibility/gather/homepage.ts";
import { fetchRobotsTxt } from "../../src/analyzers/visibility/gather/robots-txt.ts";
import { crawlSite } from "../../src/analyzers/visibility/gather/site-crawl/crawl-site.ts";
import { pageFacts } from "../../src/analyzers/visibility/derive/page-facts.ts";
import { gatherSitemap } from "../../src/analyzers/visibility/gather/sitemap.ts";
import { LLMS_TXT_MAX_BYTES, fetchTextFile } from "../../src/analyzers/visibility/gather/text-file.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { createSafeFetcher, scannerUserAgent } from "../../src/net/safe-fetch.ts";
import { testCaPem } from "../../test/helpers/fixture-server.ts";

function highWaterKb(): number {
  return Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? NaN);
}


const origin = process.env.CRAWL_ORIGIN!;
const host = new URL(origin).host;
const fetcher = createSafeFetcher({
  connectTo: parseConnectTo([process.env.CRAWL_CONNECT_TO!]),
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  userAgent: scannerUserAgent("https://sightline.test/", "bench"),
  extraCaPem: testCaPem(),
});
const context = { domain: host, fetcher, signal: AbortSignal.timeout(120_000) };
const homepage = await gatherHomepage(context);
const robotsTxt = await fetchRobotsTxt(context, origin);
const sitemap = await gatherSitemap(context, `${origin}/sitemap.xml`, "default");
const llmsTxt = [await fetchTextFile(context, `${origin}/llms.txt`, LLMS_TXT_MAX_BYTES)];
Bun.gc(true);
const idleKb = highWaterKb();
process.stdout.write("ready\n");
// The parent notes where the server's log stands, then says go.
for await (const _line of console) break;
const started = performance.now();
const artifact = await crawlSite(context, { homepage, robotsTxt, sitemap, llmsTxt }, { pages: Number(process.env.CRAWL_PAGES), readPage: pageFacts });
const ms = performance.now() - started;
const peakKb = highWaterKb();
process.stdout.write(
  `${JSON.stringify({ ms, idleKb, peakKb, pages: artifact.pages.length, requests: artifact.spent.requests, bytes: artifact.spent.bytes, probed: artifact.templateProbes.length, cut: artifact.cut })}\n`,
);
