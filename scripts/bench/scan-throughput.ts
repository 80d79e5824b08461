/**
 * Scan throughput of the compiled binary: 200 scans of loopback fixture sites (each a well-prepared
 * site under its own name, over TLS, reached through SCAN_CONNECT_TO) queued at once, with
 * WORKER_CONCURRENCY 1, 4 and 16, printed as scans per second and as a ratio to concurrency 1. It
 * should grow with concurrency until the scans' CPUs are busy: by default (SCAN_CPUS) all CPUs but one,
 * which is left to serving, so on 2 cores one, which one loopback scan at a time already keeps busy.
 * BENCH_SCAN_CPUS=<n> sets the binary's SCAN_CPUS, to compare. BENCH_THROUGHPUT_SCANS changes the count.
 * BENCH_SCAN_ISOLATION sets the binary's SCAN_ISOLATION (thread or process), to compare; the CPU per scan
 * counts the scan processes' CPU with the server's other threads.
 * Each line also gives the binary's CPU time per scan, on its main thread and on all the others (scan
 * threads with their JIT and GC helpers): the figure the neighbours' load does not move.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureSite, TEST_CA_PATH } from "../../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../../test/fixtures/sites/well-prepared.ts";
import { startBinaryServer } from "../lib/binary-server.ts";
import { submitScan, waitForRecord } from "../lib/scan-client.ts";
import { redirectToHttps, sitesByHost } from "../lib/sites-by-host.ts";
import { threadCpu } from "./thread-cpu.ts";

const TOKEN = "bench-scan-throughput-token-0123456789";
const CONCURRENCIES = [1, 4, 16];

export async function benchScanThroughput(binary: string): Promise<{ lines: string[] }> {
  const count = Number(process.env.BENCH_THROUGHPUT_SCANS ?? 200);
  // The test certificate covers *.secure.test, so every site can be served over TLS by one server.
  const domains = Array.from({ length: count }, (_, index) => `site-${index + 1}.secure.test`);
  const secure = await startFixtureSite(sitesByHost(wellPreparedSite), { tls: true });
  const plain = await startFixtureSite(redirectToHttps);
  const connectTo = domains.flatMap((domain) => [secure.connectTo(domain, 443), plain.connectTo(domain, 80)]).join(",");
  try {
    const runs: Run[] = [];
    for (const concurrency of CONCURRENCIES) runs.push(await scansPerSecond(binary, concurrency, domains, connectTo));
    const base = runs[0]!.rate;
    return {
      lines: CONCURRENCIES.map((concurrency, index) => {
        const { rate, ok, mainMsPerScan, otherMsPerScan } = runs[index]!;
        const failed = ok < count ? ` (${count - ok} of them not ok)` : "";
        return `scan throughput: ${count} queued scans${failed}, WORKER_CONCURRENCY ${concurrency}: ${rate.toFixed(2)} scans/s, ratio to concurrency 1: ${(rate / base).toFixed(2)}; CPU per scan ${(mainMsPerScan + otherMsPerScan).toFixed(0)} ms (main thread ${mainMsPerScan.toFixed(1)}, other threads ${otherMsPerScan.toFixed(0)})`;
      }),
    };
  } finally {
    await secure.stop();
    await plain.stop();
  }
}

interface Run {
  rate: number;
  ok: number;
  mainMsPerScan: number;
  otherMsPerScan: number;
}

/** A fresh binary and database; all scans queued at once; the clock stops when the last record is stored. */
async function scansPerSecond(binary: string, concurrency: number, domains: string[], connectTo: string): Promise<Run> {
  const work = mkdtempSync(join(tmpdir(), "sightline-bench-throughput-"));
  const server = await startBinaryServer(binary, {
    DATABASE_PATH: join(work, "bench.sqlite"),
    OFFSITE_CHECKS: "off",
    PIPELINE_TOKEN: TOKEN,
    WORKER_CONCURRENCY: String(concurrency),
    LIMIT_PER_IP_PER_HOUR: "1000000",
    LIMIT_PER_DOMAIN_PER_HOUR: "1000000",
    SCAN_CONNECT_TO: connectTo,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    SCAN_CPUS: process.env.BENCH_SCAN_CPUS,
    SCAN_ISOLATION: process.env.BENCH_SCAN_ISOLATION,
  });
  try {
    const cpuBefore = threadCpu(server.pid);
    const started = performance.now();
    for (const domain of domains) await submitScan(server.baseUrl, TOKEN, domain, false);
    // Jobs are claimed in order, so waiting for each in turn costs one poll per record, not one per domain per round.
    for (const domain of domains) await waitForRecord(server.baseUrl, domain, null, 600_000, 50);
    const rate = domains.length / ((performance.now() - started) / 1000);
    const cpuAfter = threadCpu(server.pid);
    let ok = 0;
    for (const domain of domains) {
      const record = (await (await fetch(`${server.baseUrl}/api/report/${domain}.json`)).json()) as { status: string };
      if (record.status === "ok") ok++;
    }
    return {
      rate,
      ok,
      mainMsPerScan: (cpuAfter.mainMs - cpuBefore.mainMs) / domains.length,
      otherMsPerScan: (cpuAfter.otherMs - cpuBefore.otherMs) / domains.length,
    };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
