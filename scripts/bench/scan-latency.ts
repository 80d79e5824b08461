/**
 * A full visibility scan of a fixture site whose every response is delayed by 200 ms, in this process,
 * reported as the ratio of scan time to that delay (goal: at most 3). A scan that fetched one thing
 * after another would take dozens of delays; the ratio shows how well gathering runs in parallel within
 * its per-site concurrency bound. The best of a few runs counts, as the machine is shared.
 */
import { visibilityAnalyzer } from "../../src/analyzers/visibility/index.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../src/net/safe-fetch.ts";
import { startFixtureSite, testCaPem } from "../../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../../test/fixtures/sites/well-prepared.ts";

const DELAY_MS = 200;
const RUNS = 3;
const DOMAIN = "bench.secure.test";

export async function benchScanLatency(): Promise<{ ratio: number; lines: string[] }> {
  const site = await startFixtureSite(wellPreparedSite(DOMAIN), { tls: true, delayMs: DELAY_MS });
  const http = await startFixtureSite(() => new Response(null, { status: 301, headers: { location: `https://${DOMAIN}/` } }), { delayMs: DELAY_MS });
  try {
    const fetcher = createSafeFetcher({
      connectTo: parseConnectTo([site.connectTo(DOMAIN), http.connectTo(DOMAIN, 80)]),
      timeoutMs: 10_000,
      maxBytes: 5 * 1024 * 1024,
      userAgent: "Mozilla/5.0 (compatible; sightline-bench)",
      extraCaPem: testCaPem(),
    });
    let best = Number.POSITIVE_INFINITY;
    let requests = 0;
    for (let run = 0; run < RUNS; run++) {
      const before = site.requests.length + http.requests.length;
      const started = performance.now();
      const { record } = await visibilityAnalyzer.scan({
        domain: DOMAIN,
        fetcher,
        signal: AbortSignal.timeout(30_000),
        offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
        now: () => new Date(),
      });
      best = Math.min(best, performance.now() - started);
      requests = site.requests.length + http.requests.length - before;
      if (record.status !== "ok") throw new Error(`the benchmark scan failed: ${record.reason}`);
    }
    const ratio = best / DELAY_MS;
    return {
      ratio,
      lines: [
        `scan latency: ${requests} requests, each delayed ${DELAY_MS} ms; best full scan ${Math.round(best)} ms`,
        `scan latency ratio (scan time / delay): ${ratio.toFixed(2)} (goal ≤ 3.00) ${ratio <= 3 ? "ok" : "ABOVE GOAL"}`,
      ],
    };
  } finally {
    await site.stop();
    await http.stop();
  }
}
