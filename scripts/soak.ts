/**
 * Soak test of the compiled binary: mixed traffic (scans of loopback fixture sites, cache hits,
 * report reads and polls, HTML pages, bad requests, MCP calls) for a given time, with the binary's
 * RSS read every second and summed up every 10 s (floor and peak). Prints the figures, and exits 1
 * on any 5xx, any request without a response, any started scan that never got a stored record, or
 * memory still growing over the second half of the run (more than 10 MB). From the repository root:
 *
 *   bun scripts/soak.ts [DURATION] [BINARY]      DURATION: seconds or minutes ("600", "10m"), default
 *                                                $SOAK_DURATION or 60; BINARY: default
 *                                                $SIGHTLINE_BINARY or dist/sightline
 *
 * SOAK_SCAN_ISOLATION sets the binary's SCAN_ISOLATION (thread or process; unset, its default).
 * SOAK_RATE (default 400) paces the requests a second across the loops; 0 sends them as fast as the
 * server answers. A soak looks for what a long steady load leaves behind: unpaced, both cores saturate,
 * and RSS then follows the largest burst for minutes while the JS heap and object counts stay flat.
 *
 * SOAK_ONLY=mcp,scan (any of scan, report, cache-hit, page, bad-request, mcp) narrows the traffic, to
 * find which kind a problem comes from.
 *
 * The same traffic runs for SOAK_WARMUP seconds (default 30) before the measured run, and memory is
 * judged from the end of that warm-up: the server loads the MCP SDK (about 18 MB), the analyzer in each
 * scan thread and its caches on first use, and memory that climbs while it does so is start-up, not a
 * leak. Every request and scan of the warm-up still counts for the 5xx and lost-scan checks.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureSite, TEST_CA_PATH } from "../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../test/fixtures/sites/well-prepared.ts";
import { appShellSite, blocksAiSearchSite, brokenJsonLdSite, robots500Site } from "../test/fixtures/sites/problem-sites.ts";
import { startBinaryServer } from "./lib/binary-server.ts";
import { megabytes, processMemory, processTreeMemory } from "./lib/process-memory.ts";
import { ms, summarize } from "./lib/latency-stats.ts";
import { redirectToHttps, sitesByHost } from "./lib/sites-by-host.ts";
import { MixedTraffic, type TrafficStats } from "./soak/mixed-traffic.ts";
import { ScanTracker } from "./soak/scan-tracker.ts";
import { judgeSoak, parseDuration } from "./soak/soak-verdict.ts";
import { RssSampler } from "./soak/rss-sampler.ts";

const TOKEN = "soak-pipeline-token-0123456789abcdef";
const SAMPLE_EVERY_MS = 10_000;
const SITES = 40;
const REQUEST_LOOPS = 8;
const SCAN_EVERY_MS = 1000;
const SCAN_TIMEOUT_MS = 30_000;

const durationSeconds = parseDuration(process.argv[2] ?? process.env.SOAK_DURATION ?? "60");
const warmupSeconds = parseDuration(process.env.SOAK_WARMUP ?? "30");
/** Steady traffic, as a soak's is: unpaced loops saturate both cores, and then memory follows the largest burst. */
const ratePerSecond = Number(process.env.SOAK_RATE ?? "400");
if (!Number.isFinite(ratePerSecond) || ratePerSecond < 0) {
  console.error(`soak: SOAK_RATE must be a number of requests a second, 0 for unpaced (got ${process.env.SOAK_RATE})`);
  process.exit(2);
}
const binary = process.argv[3] ?? process.env.SIGHTLINE_BINARY ?? "dist/sightline";
if (!existsSync(binary)) {
  console.error(`soak: no binary at ${binary} (run bun run build, or pass its path)`);
  process.exit(2);
}

// Names under *.secure.test, which the test certificate covers: each a different kind of site.
const kinds = [wellPreparedSite, wellPreparedSite, appShellSite, brokenJsonLdSite, robots500Site, blocksAiSearchSite];
const siteDomains = Array.from({ length: SITES }, (_, index) => `soak-${index + 1}.secure.test`);
const siteFor = (host: string) => kinds[(Number(/^soak-(\d+)\./.exec(host)?.[1] ?? 0) - 1 + kinds.length) % kinds.length]!(host);
const secure = await startFixtureSite(sitesByHost(siteFor), { tls: true });
const plain = await startFixtureSite(redirectToHttps);
const work = mkdtempSync(join(tmpdir(), "sightline-soak-"));
const logFile = join(work, "server.log");
const server = await startBinaryServer(
  binary,
  {
    DATABASE_PATH: join(work, "soak.sqlite"),
    OFFSITE_CHECKS: "off",
    PIPELINE_TOKEN: TOKEN,
    LIMIT_PER_IP_PER_HOUR: "1000000",
    LIMIT_PER_DOMAIN_PER_HOUR: "1000000",
    SCAN_TIMEOUT_MS: String(SCAN_TIMEOUT_MS),
    SCAN_CONNECT_TO: siteDomains.flatMap((domain) => [secure.connectTo(domain, 443), plain.connectTo(domain, 80)]).join(","),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    SCAN_ISOLATION: process.env.SOAK_SCAN_ISOLATION,
  },
  logFile,
);

let exitCode = 1;
try {
  const tracker = new ScanTracker();
  const traffic = new MixedTraffic({ base: server.baseUrl, token: TOKEN, siteDomains, tracker, requestLoops: REQUEST_LOOPS, ratePerSecond, scanEveryMs: SCAN_EVERY_MS, only: process.env.SOAK_ONLY?.split(",") });
  const idleRss = processTreeMemory(server.pid).footprintBytes;
  const trafficStartedAt = performance.now();
  const running = traffic.run();
  console.log(`soak: ${warmupSeconds} s of warm-up, then ${durationSeconds} s of mixed traffic (${ratePerSecond > 0 ? `${ratePerSecond} requests/s` : "unpaced"}) against ${binary} (pid ${server.pid}), RSS read every second, summed up every ${SAMPLE_EVERY_MS / 1000} s`);
  await Bun.sleep(warmupSeconds * 1000);
  const startRss = processTreeMemory(server.pid).footprintBytes;
  const startedAt = performance.now();
  const sampler = new RssSampler(server.pid, SAMPLE_EVERY_MS);
  await Bun.sleep(durationSeconds * 1000);
  // The last sample is taken under load, as the others were: once the load stops, memory drops.
  sampler.stop();
  traffic.stop();
  await running;
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const trafficSeconds = (performance.now() - trafficStartedAt) / 1000;
  await traffic.drain(SCAN_TIMEOUT_MS * 2);
  const peakRss = processMemory(server.pid).peakRssBytes;

  const verdict = judgeSoak({
    durationSeconds: elapsedSeconds,
    serverErrors: traffic.stats.serverErrors,
    failedRequests: traffic.stats.failedRequests,
    lostScans: tracker.pendingDomains(),
    rss: sampler.floors(),
  });
  for (const line of trafficLines(traffic.stats, trafficSeconds)) console.log(line);
  const scanTimes = summarize(tracker.durationsMs);
  console.log(`soak scans: ${tracker.submitted} started, ${tracker.recorded} stored, ${tracker.pendingDomains().length} lost; submission to record p50 ${ms(scanTimes.p50)} p99 ${ms(scanTimes.p99)}`);
  const windows = sampler.windows;
  console.log(`soak memory (the server with its scan processes, if any: its RSS plus their PSS): ${megabytes(idleRss)} idle, ${megabytes(startRss)} after the warm-up, ${megabytes(windows[windows.length - 1]!.floorBytes)}–${megabytes(windows[windows.length - 1]!.peakBytes)} in the last 10 s; the server alone peaked (VmHWM) at ${megabytes(peakRss)}`);
  console.log(`soak memory per 10 s (s: floor–peak MB): ${windows.map((window) => `${Math.round(window.atSeconds)}: ${Math.round(window.floorBytes / 1e6)}–${Math.round(window.peakBytes / 1e6)}`).join(", ")}`);
  console.log(`soak memory: second-half growth of the floor ${verdict.secondHalfGrowthBytes === null ? "not measured (run longer than 20 s)" : megabytes(verdict.secondHalfGrowthBytes)} (limit 10 MB)`);
  console.log(`soak server log: ${logLevelCounts(logFile)}`);
  for (const example of traffic.stats.examples) console.log(`soak failure: ${example}`);
  console.log(verdict.ok ? "soak: ok" : `soak: FAILED: ${verdict.problems.join("; ")}`);
  exitCode = verdict.ok ? 0 : 1;
} finally {
  await server.stop();
  await secure.stop();
  await plain.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);

function trafficLines(stats: TrafficStats, seconds: number): string[] {
  const all = [...stats.byKind.values()];
  const total = all.reduce((sum, kind) => sum + kind.requests, 0);
  const overall = summarize(all.flatMap((kind) => kind.latenciesMs));
  const lines = [
    `soak traffic: ${total} requests in ${seconds.toFixed(0)} s (${Math.round(total / seconds)} req/s), p50 ${ms(overall.p50)} p99 ${ms(overall.p99)} max ${ms(overall.max)}; ${stats.serverErrors} 5xx, ${stats.failedRequests} without response`,
  ];
  for (const [kind, kindStats] of [...stats.byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const latency = summarize(kindStats.latenciesMs);
    const statuses = [...kindStats.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
    lines.push(`soak traffic: ${kind}: ${kindStats.requests} requests, p50 ${ms(latency.p50)} p99 ${ms(latency.p99)}; ${statuses}`);
  }
  return lines;
}

/** How many warn and error lines the server logged (the request log is at info). */
function logLevelCounts(path: string): string {
  const counts = new Map<string, number>();
  for (const match of readFileSync(path, "utf8").matchAll(/"level":"(\w+)"/g)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  return ["info", "warn", "error"].map((level) => `${counts.get(level) ?? 0} ${level}`).join(", ");
}
