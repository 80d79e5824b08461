/**
 * Sites that fight back: redirect loops, bodies over FETCH_MAX_BYTES, a gzip bomb, a body that never
 * ends, a server that never answers, and a redirect to a private address. Every scan must end within
 * SCAN_TIMEOUT_MS (plus the worker's short grace) with a stored record, memory must stay bounded, and
 * the private address must never be contacted. The scanner runs as the compiled binary, so that its
 * peak memory (VmHWM) is measured apart from the fixture servers in this process.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { endlessBody, gzipBomb, hugeBody, redirectLoop, startFixtureSite, startSilentServer, type FixtureSite, type SilentServer } from "../helpers/fixture-server.ts";

const TOKEN = "hostile-pipeline-token-0123456789";
const SCAN_TIMEOUT_MS = 5000;
const GRACE_MS = 2000; // the deadline holds within SCAN_TIMEOUT_MS + 5% (scans/run-scan.ts); the rest is slack for a loaded machine
let service: ServiceProcess;
let work: string;
const sites: { stop(): Promise<void> }[] = [];
let privateSite: FixtureSite;

beforeAll(async () => {
  const loop = await startFixtureSite(redirectLoop("/", "/again"));
  const huge = await startFixtureSite({ "/": hugeBody(50 * 1024 * 1024), "/robots.txt": hugeBody(50 * 1024 * 1024) });
  const bomb = await startFixtureSite({ "/": gzipBomb(1024 * 1024 * 1024), "/robots.txt": gzipBomb(1024 * 1024 * 1024) });
  const endless = await startFixtureSite({ "/": endlessBody(), "/robots.txt": endlessBody() });
  const silent: SilentServer = await startSilentServer();
  privateSite = await startFixtureSite({ "/": "<html><body>internal admin</body></html>" });
  const redirector = await startFixtureSite((request) =>
    new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${privateSite.port}${new URL(request.url).pathname}` } }),
  );
  sites.push(loop, huge, bomb, endless, silent, privateSite, redirector);

  // Each name answers on both ports, so that no scan falls through to real DNS.
  const both = (site: { connectTo(host: string, port?: number): string }, host: string) => [site.connectTo(host, 80), site.connectTo(host, 443)];
  work = mkdtempSync(join(tmpdir(), "sightline-hostile-"));
  service = await startService([await sightlineBinary()], {
    DATABASE_PATH: join(work, "hostile.sqlite"),
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "info",
    PIPELINE_TOKEN: TOKEN,
    SCAN_TIMEOUT_MS: String(SCAN_TIMEOUT_MS),
    FETCH_TIMEOUT_MS: "2000",
    FETCH_MAX_BYTES: String(1024 * 1024),
    WORKER_CONCURRENCY: "6",
    LIMIT_PER_IP_PER_HOUR: "100",
    SCAN_CONNECT_TO: [
      ...both(loop, "loop.test"),
      ...both(huge, "huge.test"),
      ...both(bomb, "bomb.test"),
      ...both(endless, "endless.test"),
      ...both(silent, "silent.test"),
      ...both(redirector, "redirector.test"),
    ].join(","),
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  await Promise.all(sites.map((site) => site.stop()));
});

test("every hostile site ends with a stored record within SCAN_TIMEOUT_MS, in bounded memory", async () => {
  const domains = ["loop.test", "huge.test", "bomb.test", "endless.test", "silent.test", "redirector.test"];
  const idleRss = memoryOf(service.process.pid).rss;
  const startedAt = Date.now();
  for (const url of domains) {
    const response = await fetch(`${service.baseUrl}/api/scan`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(202);
  }

  const records = new Map<string, { status: string; result: unknown }>();
  const finishedAt = new Map<string, number>();
  while (records.size < domains.length && Date.now() - startedAt < SCAN_TIMEOUT_MS + GRACE_MS + 10_000) {
    for (const domain of domains) {
      if (records.has(domain)) continue;
      const response = await fetch(`${service.baseUrl}/api/report/${domain}.json`);
      if (response.status === 200) {
        records.set(domain, await response.json());
        finishedAt.set(domain, Date.now());
      } else await response.arrayBuffer();
    }
    await Bun.sleep(100);
  }
  const peakRss = memoryOf(service.process.pid).peakRss;

  for (const domain of domains) {
    const record = records.get(domain)!;
    expect(record, `${domain} has a record`).toBeDefined();
    expect(["ok", "failed"]).toContain(record.status);
    if (record.status === "failed") expect(record.result).toBeNull();
    // Bounded by the scan deadline and the worker's grace, with slack for a loaded 2-core machine.
    expect(finishedAt.get(domain)! - startedAt).toBeLessThan(SCAN_TIMEOUT_MS + GRACE_MS + 5000);
  }
  // A 1 GiB gzip bomb and 50 MiB bodies were cut at FETCH_MAX_BYTES (1 MiB), and the record says so.
  const huge = records.get("huge.test") as { status: string; result: { pillars: { signals: { id: string; detail: string }[] }[] } | null };
  expect(huge.status).toBe("ok");
  const rawText = huge.result!.pillars.flatMap((pillar) => pillar.signals).find((signal) => signal.id === "raw-html-text");
  expect(rawText?.detail).toContain("The page was cut at 1.0 MB, the most the scan reads of one response (FETCH_MAX_BYTES)");
  // A guard against unbounded growth (one 1 GiB bomb read whole would pass it many times over), not the
  // memory goal, which the hostile-load benchmark measures. Six hostile scans measured 100–180 MB over idle
  // on the same build from run to run on the shared 2-core machine (when the threads' heaps are collected
  // varies with load), so the bound sits above that spread.
  expect(peakRss - idleRss).toBeLessThan(200 * 1024 * 1024);
  // The redirect to 127.0.0.1 was refused before any connection was made.
  expect(privateSite.requests).toHaveLength(0);
  // The loop above may wait up to SCAN_TIMEOUT_MS + GRACE_MS + 10 s; bun's 5 s default would cut it (the
  // first scan also imports the analyzer, which the server loads on first use).
}, 60_000);

/** Resident memory now and at its peak (VmHWM), in bytes, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peakRss: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kib("VmRSS"), peakRss: kib("VmHWM") };
}
