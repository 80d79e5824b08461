/**
 * The site crawl (issue 29) of a loopback site whose every response takes 20 ms, at page budgets of 100 and
 * 500 (the fixture of test/helpers/template-site.ts scaled to that many pages), reported as ratios:
 * - the crawl's wall time against a floor: a bare fetch loop sending the very requests the crawl sent
 *   (read from the server's log: sitemaps, pages, redirect hops, template probes), with the same
 *   concurrency, in the same run (goal ≤ 1.3);
 * - the 500-page crawl's time against the 100-page one's (goal ≤ 5.5);
 * - the crawling process's peak memory (VmHWM of a child process that holds nothing else; goal ≤ 120 MB),
 *   and its growth from 100 to 500 pages (flat: facts per page, never a page's body or DOM).
 * Best of RUNS runs for each figure, as the machine is shared.
 */
import { join } from "node:path";
import { CRAWL_CONCURRENCY_DEFAULT } from "../../src/analyzers/visibility/gather/site-crawl/crawl-site.ts";
import { startFixtureSite, testCaPem } from "../../test/helpers/fixture-server.ts";
import { templateSite } from "../../test/helpers/template-site.ts";
import { childEnv } from "../lib/child-env.ts";

const DELAY_MS = 20;
const RUNS = 3;
const HOST = "crawl-bench.secure.test";
/** The template site has 300 pages at scale 1. */
const SIZES = [100, 500];

interface ChildResult {
  ms: number;
  idleKb: number;
  peakKb: number;
  pages: number;
  requests: number;
  bytes: number;
  probed: number;
  cut: string | null;
}

export async function benchSiteCrawl(): Promise<{ lines: string[]; floorRatio: number; growth: number; peakMb: number }> {
  const lines: string[] = [];
  const best = new Map<number, { crawl: ChildResult; floorMs: number }>();
  for (const pages of SIZES) {
    const built = templateSite({ host: HOST, scale: pages / 300 });
    const site = await startFixtureSite(built.handler, { tls: true, delayMs: DELAY_MS });
    try {
      for (let run = 0; run < RUNS; run++) {
        const { crawl, requests } = await crawlOnce(site.connectTo(HOST), pages, () => site.requests.length, (from) => site.requests.slice(from));
        const floorMs = await bareFetchLoop(site.url, requests, CRAWL_CONCURRENCY_DEFAULT);
        const kept = best.get(pages);
        if (!kept || crawl.ms / floorMs < kept.crawl.ms / kept.floorMs) best.set(pages, { crawl, floorMs });
        if (kept && crawl.peakKb < kept.crawl.peakKb) best.set(pages, { ...best.get(pages)!, crawl: { ...best.get(pages)!.crawl, peakKb: crawl.peakKb } });
      }
    } finally {
      await site.stop();
    }
    const { crawl, floorMs } = best.get(pages)!;
    lines.push(
      `site crawl, ${pages} pages (${crawl.pages} sampled, ${crawl.requests} requests, ${(crawl.bytes / 1e6).toFixed(1)} MB read, ${crawl.probed} templates probed, cut ${crawl.cut}), every response ${DELAY_MS} ms: ` +
        `crawl ${Math.round(crawl.ms)} ms, floor ${Math.round(floorMs)} ms, ratio ${(crawl.ms / floorMs).toFixed(2)} (goal ≤ 1.30) ${crawl.ms / floorMs <= 1.3 ? "ok" : "ABOVE GOAL"}; ` +
        `peak memory ${Math.round(crawl.peakKb / 1024)} MB (idle ${Math.round(crawl.idleKb / 1024)} MB; goal ≤ 120 MB) ${crawl.peakKb / 1024 <= 120 ? "ok" : "ABOVE GOAL"}`,
    );
  }
  const small = best.get(SIZES[0]!)!.crawl;
  const large = best.get(SIZES[1]!)!.crawl;
  const growth = large.ms / small.ms;
  const floorRatio = Math.max(...SIZES.map((pages) => best.get(pages)!.crawl.ms / best.get(pages)!.floorMs));
  lines.push(
    `site crawl, 500 pages against 100: time ${growth.toFixed(2)}× (goal ≤ 5.50) ${growth <= 5.5 ? "ok" : "ABOVE GOAL"}; peak memory ${(large.peakKb / 1024).toFixed(0)} MB against ${(small.peakKb / 1024).toFixed(0)} MB (+${((large.peakKb - small.peakKb) / 1024).toFixed(0)} MB)`,
  );
  return { lines, floorRatio, growth, peakMb: Math.max(small.peakKb, large.peakKb) / 1024 };
}

/** One crawl in a child process; returns its figures and the requests the server saw from it. */
async function crawlOnce(connectTo: string, pages: number, logLength: () => number, logFrom: (from: number) => { path: string; headers: Record<string, string> }[]) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "site-crawl-child.ts")], {
    env: childEnv({ CRAWL_ORIGIN: `https://${HOST}`, CRAWL_CONNECT_TO: connectTo, CRAWL_PAGES: String(pages) }),
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let output = "";
  while (!output.includes("ready\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the site crawl benchmark child ended before it was ready");
    output += decoder.decode(value);
  }
  const from = logLength();
  child.stdin.write("go\n");
  await child.stdin.flush();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    output += decoder.decode(value);
  }
  if ((await child.exited) !== 0) throw new Error("the site crawl benchmark child failed");
  const crawl = JSON.parse(output.trim().split("\n").pop()!) as ChildResult;
  return { crawl, requests: logFrom(from) };
}

/** The floor: the same requests (path and User-Agent), `concurrency` at a time, bodies read, nothing else done. */
async function bareFetchLoop(origin: string, requests: { path: string; headers: Record<string, string> }[], concurrency: number): Promise<number> {
  const ca = testCaPem();
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const response = await fetch(`${origin}${request.path}`, { redirect: "manual", headers: { "user-agent": request.headers["user-agent"] ?? "" }, tls: { ca } });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return performance.now() - started;
}

if (import.meta.main) for (const line of (await benchSiteCrawl()).lines) console.log(line);
