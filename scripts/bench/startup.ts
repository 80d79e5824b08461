/**
 * Start-up cost of the compiled binary, whole process, median of 5, each figure beside the floor: a
 * one-line program compiled by `bun build --compile` in the same run (what any Bun executable costs on
 * this machine). `sightline version` (goal ≤ 2× the floor's wall time, ≤ 25 MiB), `sightline scan` of a
 * small loopback fixture site (goal ≤ 0.15 s, ≤ 45 MiB), start to the first 200 on /healthz (goal
 * ≤ 100 ms) and the server's idle RSS after start (goal ≤ 50 MB); the binary's size too. Peak memory
 * comes from /usr/bin/time when present, otherwise from the child's rusage (both the kernel's maxrss).
 * Run alone with `bun scripts/bench/startup.ts [binary]`.
 */
import { $ } from "bun";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFixtureSite, TEST_CA_PATH } from "../../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../../test/fixtures/sites/well-prepared.ts";
import { childEnv } from "../lib/child-env.ts";
import { recordTime, submitScan, waitForRecord } from "../lib/scan-client.ts";
import { freePort } from "./bench-helpers.ts";

const RUNS = 5;
const DOMAIN = "startup.secure.test";
const MIB = 1024 * 1024;
const TIME = "/usr/bin/time";
const PIPELINE_TOKEN = "bench-startup-pipeline-token-0123456789";
const GOALS = { versionFloorRatio: 2, versionMib: 25, scanSeconds: 0.15, scanMib: 45, healthzMs: 100, idleMb: 50 };

interface Run {
  wallMs: number;
  /** CPU time (user + system) of the process: steadier than wall time on a shared machine. */
  cpuMs: number;
  peakBytes: number;
  exitCode: number;
}

export interface StartupFigures {
  floor: { wallMs: number; cpuMs: number; peakMib: number };
  version: { wallMs: number; cpuMs: number; peakMib: number };
  scan: { wallMs: number; cpuMs: number; peakMib: number; requests: number };
  healthzMs: number;
  idleRssMb: number;
  /** The same server idle again after one scan: its scan thread started and its analyzer loaded. */
  afterScanRssMb: number;
  binaryMib: number;
}

export async function benchStartup(binary: string): Promise<{ figures: StartupFigures; lines: string[] }> {
  const work = mkdtempSync(join(tmpdir(), "sightline-startup-"));
  const site = await startFixtureSite(wellPreparedSite(DOMAIN), { tls: true });
  try {
    const floorBinary = await buildFloor(work);
    const env = childEnv({
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      SCAN_CONNECT_TO: site.connectTo(DOMAIN),
      OFFSITE_CHECKS: "off",
      LOG_LEVEL: "silent",
      DATABASE_PATH: join(work, "startup.sqlite"),
    });

    const floor = summarize(await repeat(() => timed([floorBinary], env, work)));
    const version = summarize(await repeat(() => timed([binary, "version"], env, work)));
    const before = site.requests.length;
    const scans = await repeat(() => timed([binary, "scan", DOMAIN], env, work));
    const requests = (site.requests.length - before) / RUNS;
    if (scans.some((run) => run.exitCode !== 0)) throw new Error("a benchmark scan did not exit 0");
    const scan = { ...summarize(scans), requests };
    const serving = await repeat(() => serveOnce(binary, env));
    const healthzMs = median(serving.map((run) => run.firstOkMs));
    const idleRssMb = median(serving.map((run) => run.idleRssBytes)) / 1e6;
    const afterScanRssMb = median(serving.map((run) => run.afterScanRssBytes)) / 1e6;
    const binaryMib = statSync(binary).size / MIB;

    const figures: StartupFigures = { floor, version, scan, healthzMs, idleRssMb, afterScanRssMb, binaryMib };
    return { figures, lines: report(figures) };
  } finally {
    await site.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The floor: a one-line program, compiled the way scripts/build.ts compiles sightline. */
async function buildFloor(work: string): Promise<string> {
  const source = join(work, "floor.ts");
  const outfile = join(work, "floor");
  writeFileSync(source, 'console.log("floor");\n');
  await $`bun build --compile --minify ${source} --outfile ${outfile}`.quiet();
  return outfile;
}

async function repeat<T>(once: () => Promise<T>): Promise<T[]> {
  const runs: T[] = [];
  for (let index = 0; index < RUNS; index++) runs.push(await once());
  return runs;
}

/** One whole process, from spawn to exit: wall time and peak resident memory. */
async function timed(command: string[], env: Record<string, string>, work: string): Promise<Run> {
  const viaTime = existsSync(TIME);
  const peakFile = join(work, "peak.txt");
  const argv = viaTime ? [TIME, "-f", "%M %U %S", "-o", peakFile, ...command] : command;
  const started = performance.now();
  const child = Bun.spawn(argv, { env, stdout: "ignore", stderr: "ignore" });
  const exitCode = await child.exited;
  const wallMs = performance.now() - started;
  if (!viaTime) {
    const usage = child.resourceUsage();
    return { wallMs, cpuMs: usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 : 0, peakBytes: usage?.maxRSS ?? 0, exitCode };
  }
  const [peakKib, userSeconds, systemSeconds] = readFileSync(peakFile, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  return { wallMs, cpuMs: (userSeconds! + systemSeconds!) * 1000, peakBytes: peakKib! * 1024, exitCode };
}

/**
 * Spawn to the first 200 on /healthz, polled every 2 ms; then the resident memory once the server has idled
 * a second, and again a second after one scan (scan threads start with the first scans).
 */
async function serveOnce(binary: string, env: Record<string, string>): Promise<{ firstOkMs: number; idleRssBytes: number; afterScanRssBytes: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = Bun.spawn([binary, "serve"], { env: { ...env, PORT: String(port), HOST: "127.0.0.1", PIPELINE_TOKEN, LIMIT_PER_DOMAIN_PER_HOUR: "1000", LIMIT_PER_KEY_PER_HOUR: "1000" }, stdout: "ignore", stderr: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  try {
    const firstOkMs = await firstOk(`${base}/healthz`, started);
    await Bun.sleep(1000);
    const idleRssBytes = residentBytes(child.pid);
    const previous = await recordTime(base, DOMAIN);
    await submitScan(base, PIPELINE_TOKEN, DOMAIN, true);
    await waitForRecord(base, DOMAIN, previous, 20_000, 20);
    await Bun.sleep(1000);
    return { firstOkMs, idleRssBytes, afterScanRssBytes: residentBytes(child.pid) };
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

async function firstOk(url: string, started: number): Promise<number> {
  const deadline = started + 20_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await Bun.sleep(2);
  }
  throw new Error(`${url} did not answer 200 within 20 s`);
}

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kib) throw new Error("no VmRSS in /proc/<pid>/status");
  return Number(kib) * 1024;
}

function summarize(runs: Run[]): { wallMs: number; cpuMs: number; peakMib: number } {
  return { wallMs: median(runs.map((run) => run.wallMs)), cpuMs: median(runs.map((run) => run.cpuMs)), peakMib: median(runs.map((run) => run.peakBytes)) / MIB };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function report(f: StartupFigures): string[] {
  const verdict = (ok: boolean) => (ok ? "ok" : "ABOVE GOAL");
  const ratio = f.version.wallMs / f.floor.wallMs;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const mib = (value: number) => `${value.toFixed(1)} MiB`;
  return [
    `startup: binary ${mib(f.binaryMib)}; floor (one-line compiled Bun program) ${ms(f.floor.wallMs)} (CPU ${ms(f.floor.cpuMs)}), ${mib(f.floor.peakMib)} (median of ${RUNS})`,
    `startup: sightline version ${ms(f.version.wallMs)} (CPU ${ms(f.version.cpuMs)}; ${ratio.toFixed(2)}× floor, goal ≤ ${GOALS.versionFloorRatio}×) ${verdict(ratio <= GOALS.versionFloorRatio)}, ` +
      `${mib(f.version.peakMib)} (goal ≤ ${GOALS.versionMib}) ${verdict(f.version.peakMib <= GOALS.versionMib)}`,
    `startup: sightline scan of a small loopback site (${f.scan.requests} requests) ${ms(f.scan.wallMs)} (CPU ${ms(f.scan.cpuMs)}; ${(f.scan.wallMs / f.floor.wallMs).toFixed(1)}× floor, goal ≤ ${GOALS.scanSeconds * 1000} ms) ` +
      `${verdict(f.scan.wallMs <= GOALS.scanSeconds * 1000)}, ${mib(f.scan.peakMib)} (goal ≤ ${GOALS.scanMib}) ${verdict(f.scan.peakMib <= GOALS.scanMib)}`,
    `startup: serve, spawn to first 200 on /healthz ${ms(f.healthzMs)} (goal ≤ ${GOALS.healthzMs}) ${verdict(f.healthzMs <= GOALS.healthzMs)}; ` +
      `idle RSS ${f.idleRssMb.toFixed(1)} MB (goal ≤ ${GOALS.idleMb}; floor peak ${(f.floor.peakMib * MIB / 1e6).toFixed(1)} MB) ${verdict(f.idleRssMb <= GOALS.idleMb)}; ` +
      `idle again after one scan ${f.afterScanRssMb.toFixed(1)} MB (its scan thread started, no goal)`,
  ];
}

if (import.meta.main) {
  const binary = process.argv[2] ?? process.env.SIGHTLINE_BINARY ?? "dist/sightline";
  const { lines } = await benchStartup(binary);
  for (const line of lines) console.log(line);
}
