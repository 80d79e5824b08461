/**
 * Does a hostile site slow down everyone else? Against the compiled binary: p50/p99 of a cached
 * `GET /api/report/<domain>.json` and of `/healthz`, first with no scans, then while 8 hostile scans
 * run (a page of 200,000 nested divs, gzip and brotli bombs, a 64 MiB body, a slow drip, served on
 * loopback and reached through SCAN_CONNECT_TO), printed as ratios in the same run (goals: p99 ratio
 * ≤ 2, p99 < 50 ms). Also the binary's peak RSS (VmHWM) during the run and its RSS one minute after
 * (BENCH_SKIP_SETTLE=1 skips that minute for quick runs). Then scan throughput (scan-throughput.ts;
 * BENCH_SKIP_THROUGHPUT=1 leaves it out). BENCH_LOG=<file> keeps the binary's log, to see which scans
 * met their deadline's safety net or moved threads. BENCH_SCAN_CPUS=<n> sets the binary's SCAN_CPUS
 * (default: all CPUs but one), to compare.
 *
 * Two request loops poll the two URLs back to back, as clients waiting for reports do. The hostile
 * scans are resubmitted (forceRescan) as each ends, so that 8 run throughout the window. Between the
 * two, the same polling beside one busy-loop on the scans' CPUs gives the floor for the ratios: what a
 * busy scan CPU costs the serving thread by itself (sampleBesideBusyLoop).
 *
 * Where the measuring runs matters as much as what it measures: this process shares the machine's CPUs
 * with the server. Left to the kernel, its pollers ran on both CPUs while the server was idle and were
 * packed onto the serving CPU beside the serving thread once the scans' CPU was busy, where the serving
 * thread waited for them (its run-queue wait went from 70-140 to 300 ms a second): the ratio then
 * measured where the kernel put the pollers. So, by default, the pollers and the server's serving thread
 * are kept to the CPUs that SCAN_CPUS leaves to serving, in every phase alike, and the hostile scans are
 * the only difference between the phases (placeServing). BENCH_PLACEMENT=free leaves both to the kernel,
 * as the benchmark did before 2026-11-28. BENCH_SCANS_APART=1 adds a run with the same hostile scans in a
 * second instance of the binary, kept to the scans' CPUs at the scans' priority: what scan threads cost
 * the serving thread by sharing its process rather than its machine (scansApartLines).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureSite, type FixtureSite } from "../../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../../test/fixtures/sites/well-prepared.ts";
import { startBinaryServer } from "../lib/binary-server.ts";
import { megabytes, processMemory, processTreeMemory, watchTreePeak } from "../lib/process-memory.ts";
import { ms, summarize, type LatencySummary } from "../lib/latency-stats.ts";
import { recordTime, submitScan, waitForRecord } from "../lib/scan-client.ts";
import type { HostileKind } from "./hostile-sites.ts";
import { childEnv } from "../lib/child-env.ts";
import { keepAliveClient, type KeepAliveClient } from "../lib/keep-alive-client.ts";
import { benchScanThroughput } from "./scan-throughput.ts";
import { threadCpu, type ThreadCpu } from "./thread-cpu.ts";
import { setThreadCpus, threadCpus } from "../../src/scans/cpu-affinity.ts";
import { scanCpuSet } from "../../src/scans/thread-priority.ts";

const TOKEN = "bench-api-under-load-token-0123456789";
const CACHED_DOMAIN = "cached.bench.test";
const HOSTILE: readonly (readonly [string, HostileKind])[] = [
  ["nest-1.hostile.test", "deep-nesting"],
  ["nest-2.hostile.test", "deep-nesting"],
  ["gzip-1.hostile.test", "gzip-bomb"],
  ["gzip-2.hostile.test", "gzip-bomb"],
  ["brotli-1.hostile.test", "brotli-bomb"],
  ["brotli-2.hostile.test", "brotli-bomb"],
  ["huge.hostile.test", "huge-body"],
  ["drip.hostile.test", "slow-drip"],
];
const SCAN_TIMEOUT_MS = 8000;
const BASELINE_MS = 10_000;
const HOSTILE_WINDOW_MS = 20_000;
const SETTLE_MS = 60_000;
const POLLERS = 2;
const GOAL_P99_RATIO = 2;
const GOAL_P99_MS = 50;
const GOAL_PEAK_RSS_BYTES = 250e6;
const GOAL_SETTLED_BYTES = 30e6;

interface Samples {
  report: number[];
  healthz: number[];
  failures: string[];
}

export async function benchApiUnderLoad(binary: string): Promise<{ lines: string[] }> {
  const work = mkdtempSync(join(tmpdir(), "sightline-bench-load-"));
  const sites: FixtureSite[] = [];
  let stopHostileSites = async () => {};
  try {
    const cachedSite = await startFixtureSite(wellPreparedSite(CACHED_DOMAIN));
    sites.push(cachedSite);
    const connectTo = [cachedSite.connectTo(CACHED_DOMAIN, 80)];
    // The CPUs the binary gives its scans (SCAN_CPUS): by default all but one.
    const scanCpus = scanCpuSet(Number(process.env.BENCH_SCAN_CPUS ?? Math.max(1, availableParallelism() - 1)));
    const hostileSites = await startHostileSites(HOSTILE.map(([, kind]) => kind), scanCpus);
    stopHostileSites = hostileSites.stop;
    for (const [domain, kind] of HOSTILE) connectTo.push(`${domain}:80:127.0.0.1:${hostileSites.ports[kind]}`);

    const serverEnv = (databaseFile: string) => ({
      DATABASE_PATH: join(work, databaseFile),
      OFFSITE_CHECKS: "off",
      PIPELINE_TOKEN: TOKEN,
      WORKER_CONCURRENCY: String(HOSTILE.length),
      SCAN_TIMEOUT_MS: String(SCAN_TIMEOUT_MS),
      FETCH_TIMEOUT_MS: "3000",
      LIMIT_PER_IP_PER_HOUR: "1000000",
      LIMIT_PER_DOMAIN_PER_HOUR: "1000000",
      SCAN_CONNECT_TO: connectTo.join(","),
      SCAN_CPUS: process.env.BENCH_SCAN_CPUS,
      SCAN_ISOLATION: process.env.BENCH_SCAN_ISOLATION,
    });
    const server = await startBinaryServer(binary, serverEnv("bench.sqlite"), process.env.BENCH_LOG);
    let restorePlacement = () => {};
    try {
      const base = server.baseUrl;
      await submitScan(base, TOKEN, CACHED_DOMAIN, false);
      await waitForRecord(base, CACHED_DOMAIN, null, 60_000);
      const placement = process.env.BENCH_PLACEMENT === "free" ? null : placeServing(server.pid, scanCpus);
      if (placement) restorePlacement = placement.restore;

      // With SCAN_ISOLATION=process the scan processes count against the memory goals too, as the server's
      // RSS and their PSS added up (processTreeMemory says why not their RSS sum).
      const inProcesses = (process.env.BENCH_SCAN_ISOLATION ?? "process") === "process";
      const footprint = () => (inProcesses ? processTreeMemory(server.pid).footprintBytes : processMemory(server.pid).rssBytes);
      const idleRss = footprint();
      const idleCpu = threadCpu(server.pid);
      const idleStarted = performance.now();
      const idle = await sampleWhile(base, Bun.sleep(BASELINE_MS));
      const idleCpuShare = cpuShare(idleCpu, threadCpu(server.pid), performance.now() - idleStarted);
      const floor = await sampleBesideBusyLoop(base, scanCpus);
      const loadedCpu = threadCpu(server.pid);
      const loadedStarted = performance.now();
      const treePeak = inProcesses ? watchTreePeak(server.pid) : null;
      const hostileRun = keepHostileScansRunning(base, HOSTILE_WINDOW_MS);
      const loaded = await sampleWhile(base, hostileRun);
      const loadedCpuShare = cpuShare(loadedCpu, threadCpu(server.pid), performance.now() - loadedStarted);
      const { finished, longestMs, unfinished } = await hostileRun;
      // VmHWM is exact for the server alone; the sums with its scan processes are sampled (every 250 ms).
      const treePeakBytes = treePeak?.stop() ?? { rssBytes: 0, footprintBytes: 0 };
      const serverPeakBytes = processMemory(server.pid).peakRssBytes;
      const peakRssBytes = inProcesses ? Math.max(serverPeakBytes, treePeakBytes.footprintBytes) : serverPeakBytes;
      const endRss = footprint();
      const skipSettle = process.env.BENCH_SKIP_SETTLE === "1";
      if (!skipSettle) await Bun.sleep(SETTLE_MS);
      const settledRss = footprint();
      const apart =
        process.env.BENCH_SCANS_APART === "1" ? await sampleWithScansApart(base, binary, serverEnv("apart.sqlite"), scanCpus) : null;

      return {
        lines: [
          `api under load: ${finished} hostile scans finished while polling (8 at a time, SCAN_TIMEOUT_MS ${SCAN_TIMEOUT_MS}); longest ${(longestMs / 1000).toFixed(1)} s`,
          ...(unfinished.length > 0 ? [`api under load: ${unfinished.length} hostile scans had no record ${(SCAN_TIMEOUT_MS * 8) / 1000} s after the window closed: ${unfinished.join(", ")}`] : []),
          ...latencyLines("cached report", summarize(idle.report), summarize(loaded.report)),
          ...latencyLines("/healthz", summarize(idle.healthz), summarize(loaded.healthz)),
          floorLine(idle, floor),
          ...(apart ? scansApartLines(idle, apart) : []),
          ...failureLines([...idle.failures, ...floor.failures, ...loaded.failures, ...(apart?.failures ?? [])]),
          placement
            ? `api under load: the pollers and the serving thread kept to CPU ${placement.servingCpus.join(",")} in every phase, the scans to CPU ${scanCpus!.join(",")} (BENCH_PLACEMENT=free leaves them to the kernel)`
            : "api under load: the pollers and the serving thread left to the kernel (BENCH_PLACEMENT=free, or no CPU to keep them to)",
          `api under load CPU (cores busy): idle main thread ${idleCpuShare.main.toFixed(2)}, other threads ${idleCpuShare.other.toFixed(2)}; with 8 hostile scans main thread ${loadedCpuShare.main.toFixed(2)}, other threads ${loadedCpuShare.other.toFixed(2)} (other threads: the server's and its scan processes')`,
          `api under load memory (${inProcesses ? `the server's RSS and its scan processes' PSS added up; all their RSS added up peaked at ${megabytes(treePeakBytes.rssBytes)}` : "the server, RSS"}): idle ${megabytes(idleRss)}, peak ${inProcesses ? "" : "(VmHWM) "}${megabytes(peakRssBytes)} (goal ≤ ${megabytes(GOAL_PEAK_RSS_BYTES)}) ${
            peakRssBytes <= GOAL_PEAK_RSS_BYTES ? "ok" : "ABOVE GOAL"
          }, at the end ${megabytes(endRss)}`,
          skipSettle
            ? `api under load memory: one minute after not measured (BENCH_SKIP_SETTLE=1); ${megabytes(settledRss)} right after`
            : `api under load memory: one minute after ${megabytes(settledRss)}, ${megabytes(settledRss - idleRss)} above idle (goal ≤ ${megabytes(GOAL_SETTLED_BYTES)}) ${
                settledRss - idleRss <= GOAL_SETTLED_BYTES ? "ok" : "ABOVE GOAL"
              }`,
          ...(process.env.BENCH_SKIP_THROUGHPUT === "1" ? [] : (await benchScanThroughput(binary)).lines),
        ],
      };
    } finally {
      restorePlacement();
      await server.stop();
    }
  } finally {
    await Promise.all(sites.map((site) => site.stop()));
    await stopHostileSites();
    rmSync(work, { recursive: true, force: true });
  }
}

/** How many cores the binary's main thread and its other threads kept busy between two readings. */
function cpuShare(before: ThreadCpu, after: ThreadCpu, elapsedMs: number): { main: number; other: number } {
  return { main: (after.mainMs - before.mainMs) / elapsedMs, other: (after.otherMs - before.otherMs) / elapsedMs };
}

function latencyLines(name: string, idle: LatencySummary, loaded: LatencySummary): string[] {
  const ratio = loaded.p99 / idle.p99;
  return [
    `api under load: ${name} idle p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} (${idle.count} requests); with 8 hostile scans p50 ${ms(loaded.p50)} p99 ${ms(loaded.p99)} max ${ms(loaded.max)} (${loaded.count} requests)`,
    `api under load: ${name} p50 ratio ${(loaded.p50 / idle.p50).toFixed(2)}, p99 ratio ${ratio.toFixed(2)} (goal ≤ ${GOAL_P99_RATIO}) ${ratio <= GOAL_P99_RATIO ? "ok" : "ABOVE GOAL"}, p99 ${ms(loaded.p99)} (goal < ${GOAL_P99_MS} ms) ${
      loaded.p99 < GOAL_P99_MS ? "ok" : "ABOVE GOAL"
    }`,
  ];
}

/**
 * The same polling while one plain busy-loop, no scan, runs at the lowest priority on the scans' CPUs:
 * what keeping the scans' CPUs busy costs the serving thread by itself, so that the ratios under hostile
 * scans can be read against it. Measured on 2 vCPUs: p99 ratio 0.9-1.0 (p50 ratio 1.2), against
 * 1.6-2.0 with the hostile scans; the same scans in a second process of the binary, kept to the same
 * CPU, gave 1.0-1.3, so the difference is what scan threads cost inside the serving process.
 */
async function sampleBesideBusyLoop(base: string, cpus: number[] | null): Promise<Samples> {
  const loop = Bun.spawn([process.execPath, "-e", "for (;;) {}"], { stdin: "ignore", stdout: "ignore", stderr: "ignore", env: childEnv() });
  try {
    setPriority(loop.pid, 19);
  } catch {
    // Not allowed here: the loop then competes as an equal, and the floor comes out higher.
  }
  confineProcess(loop.pid, cpus);
  try {
    return await sampleWhile(base, Bun.sleep(BASELINE_MS));
  } finally {
    loop.kill("SIGKILL");
    await loop.exited;
  }
}

function floorLine(idle: Samples, floor: Samples): string {
  const ratio = (name: "report" | "healthz") => (summarize(floor[name]).p99 / summarize(idle[name]).p99).toFixed(2);
  const p50 = (summarize(floor.report).p50 / summarize(idle.report).p50).toFixed(2);
  return `api under load: floor, one busy-loop (no scan) at nice 19 on the scans' CPUs: cached report p99 ratio ${ratio("report")}, /healthz p99 ratio ${ratio("healthz")} (cached report p50 ratio ${p50})`;
}

function failureLines(failures: string[]): string[] {
  if (failures.length === 0) return [];
  return [`api under load: ${failures.length} polls failed, e.g. ${[...new Set(failures)].slice(0, 3).join("; ")}`];
}

/**
 * POLLERS loops, each on a keep-alive connection of its own asking for the cached report then /healthz,
 * until `work` settles. A light client (keep-alive-client.ts) rather than fetch: fetch hands each request
 * to Bun's HTTP client thread and back, and cost this process about 0.45 of a core, on the CPU that the
 * server keeps for serving.
 */
async function sampleWhile(base: string, work: Promise<unknown>): Promise<Samples> {
  const samples: Samples = { report: [], healthz: [], failures: [] };
  let done = false;
  const stop = work.then(
    () => void (done = true),
    () => void (done = true),
  );
  const timed = async (client: KeepAliveClient, path: string, into: number[]) => {
    const started = performance.now();
    const status = await client.get(path);
    into.push(performance.now() - started);
    if (status !== 200) samples.failures.push(`${path} answered ${status}`);
  };
  const poller = async () => {
    let client: KeepAliveClient | null = null;
    try {
      client = await keepAliveClient(base);
      while (!done) {
        await timed(client, `/api/report/${CACHED_DOMAIN}.json`, samples.report);
        await timed(client, "/healthz", samples.healthz);
      }
    } catch (error) {
      // This poller's connection is gone; the failure is reported, and the other pollers go on.
      samples.failures.push(error instanceof Error ? error.message : String(error));
    } finally {
      client?.close();
    }
  };
  await Promise.all([stop, ...Array.from({ length: POLLERS }, poller)]);
  return samples;
}

/**
 * Keeps this process (its pollers) and the server's serving thread to the CPUs that the scans leave free,
 * until `restore`; null when there are none to keep them to (one CPU, or SCAN_CPUS set to all). Only the
 * serving thread, whose id is the process's: the server's other threads are placed by the server itself.
 * Processes this one starts meanwhile inherit the placement: those that stand for other machines (the
 * busy-loop, a second instance) are moved to the scans' CPUs as they start.
 */
function placeServing(serverPid: number, scanCpus: number[] | null): { servingCpus: number[]; restore: () => void } | null {
  const own = threadCpus();
  if (!own || !scanCpus) return null;
  const servingCpus = own.filter((cpu) => !scanCpus.includes(cpu));
  if (servingCpus.length === 0) return null;
  setThreadCpus(serverPid, servingCpus);
  confineProcess(process.pid, servingCpus);
  return { servingCpus, restore: () => confineProcess(process.pid, own) };
}

/**
 * The same polling of the same server while the same hostile scans run in a second instance of the
 * binary, every thread of which is kept to the scans' CPUs at the scans' priority (nice 10): the scans
 * share the machine with the server, not its process. Measured on 2 vCPUs (2026-11-28): p99 ratio
 * 0.99-1.35 and p50 ratio 1.04-1.12, against 1.18-2.16 and 1.0-1.7 with the scans in the server's own
 * threads, and 35-55% more polls answered in the window.
 */
async function sampleWithScansApart(base: string, binary: string, env: Record<string, string | undefined>, scanCpus: number[] | null): Promise<Samples> {
  const second = await startBinaryServer(binary, env);
  try {
    confineProcess(second.pid, scanCpus);
    lowerProcess(second.pid, 10);
    return await sampleWhile(base, keepHostileScansRunning(second.baseUrl, HOSTILE_WINDOW_MS));
  } finally {
    await second.stop();
  }
}

function scansApartLines(idle: Samples, apart: Samples): string[] {
  const ratios = (name: "report" | "healthz") => {
    const [before, during] = [summarize(idle[name]), summarize(apart[name])];
    return `p50 ratio ${(during.p50 / before.p50).toFixed(2)}, p99 ratio ${(during.p99 / before.p99).toFixed(2)}, p99 ${ms(during.p99)}, max ${ms(during.max)}`;
  };
  return [
    `api under load: the same 8 hostile scans in a second instance of the binary on the scans' CPUs at nice 10 (BENCH_SCANS_APART=1): cached report ${ratios("report")}; /healthz ${ratios("healthz")} (${apart.report.length} requests)`,
  ];
}

/**
 * Starts the hostile scans and starts each again as soon as its record lands, until `windowMs` has
 * passed; then waits for the last ones, but not for ever: a scan still without a record well past its
 * SCAN_TIMEOUT_MS is reported as unfinished (a finding, not a reason to stop the benchmark).
 */
async function keepHostileScansRunning(base: string, windowMs: number): Promise<{ finished: number; longestMs: number; unfinished: string[] }> {
  const windowEnds = Date.now() + windowMs;
  const running = new Map<string, { since: number; previous: string | null }>();
  let finished = 0;
  let longestMs = 0;
  const start = async (domain: string, previous: string | null) => {
    running.set(domain, { since: Date.now(), previous });
    await submitScan(base, TOKEN, domain, true);
  };
  for (const [domain] of HOSTILE) await start(domain, null);
  const giveUpAt = windowEnds + SCAN_TIMEOUT_MS * 8;
  while (running.size > 0 && Date.now() < giveUpAt) {
    await Bun.sleep(200);
    for (const [domain, scan] of [...running]) {
      const scannedAt = await recordTime(base, domain);
      if (scannedAt === null || scannedAt === scan.previous) continue;
      running.delete(domain);
      finished++;
      longestMs = Math.max(longestMs, Date.now() - scan.since);
      if (Date.now() < windowEnds) await start(domain, scannedAt);
    }
  }
  return { finished, longestMs, unfinished: [...running.keys()] };
}

/** Sets every thread of process `pid` to `nice`; threads they start later inherit it. */
function lowerProcess(pid: number, nice: number): void {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      setPriority(Number(tid), nice);
    } catch {
      // Not allowed here, or the thread ended: it competes as an equal, which only makes the figures worse.
    }
  }
}

/** Keeps every thread of process `pid` to `cpus` (as `taskset -a -p` does); threads it starts later inherit it. */
function confineProcess(pid: number, cpus: number[] | null): void {
  if (!cpus) return;
  for (const tid of readdirSync(`/proc/${pid}/task`)) setThreadCpus(Number(tid), cpus);
}

/**
 * Starts the hostile sites in a process of their own (hostile-sites-process.ts), so that serving them
 * does not delay the event loop of the clients timing the API, at the lowest priority. Resolves with each
 * kind's port.
 */
async function startHostileSites(kinds: HostileKind[], scanCpus: number[] | null): Promise<{ ports: Record<string, number>; stop: () => Promise<void> }> {
  const child = Bun.spawn([process.execPath, new URL("./hostile-sites-process.ts", import.meta.url).pathname, [...new Set(kinds)].join(",")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
    env: childEnv(),
  });
  // The sites stand for servers elsewhere on the internet: on this machine their CPU must not compete with
  // the server under test as an equal (streaming the bombs and the 64 MiB body kept a core busy). So they
  // run at the lowest priority, and on the CPUs the binary gives its scans (SCAN_CPUS by default), not on
  // the one it leaves to serving. BENCH_SITES_ANYWHERE=1 leaves them on every CPU, for comparison.
  try {
    setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the sites then compete as equals, and the ratios come out worse than they are.
  }
  if (process.env.BENCH_SITES_ANYWHERE !== "1") confineProcess(child.pid, scanCpus);
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the hostile sites' process ended before it listened (exit ${await child.exited})`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const ports = JSON.parse(text.slice(0, text.indexOf("\n"))) as Record<string, number>;
  return {
    ports,
    stop: async () => {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}
