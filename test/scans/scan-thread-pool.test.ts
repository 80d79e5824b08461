/**
 * The scan thread pool ends a thread that crashes, hangs or outgrows its memory share, settles that
 * scan with a retry or a failed record that says why, and goes on serving the other scans with fresh
 * threads. The threads here run a misbehaving stand-in that speaks the real protocol; the real scan
 * thread is exercised at the end and, compiled, by test/e2e/hostile-sites.test.ts.
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { fileURLToPath } from "node:url";
import type { ScanIsolation } from "../../src/scans/scan-host.ts";
import { analyzerFor } from "../../src/analyzers/registry.ts";
import { silentLog } from "../../src/log.ts";
import type { ScanThreadSettings } from "../../src/scans/scan-thread-messages.ts";
import { scanThreadPool, type ScanThreadPoolOptions } from "../../src/scans/scan-thread-pool.ts";
import type { ScanOutcome } from "../../src/scans/scan-outcome.ts";
import { decodeArtifacts } from "../../src/scans/stored-artifacts.ts";
import type { ScanProgress } from "../../src/analyzers/analyzer.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";

const MIB = 1024 * 1024;
const SCAN_TIMEOUT_MS = 1500;
const misbehaving = new URL("./fixtures/misbehaving-scan-thread.ts", import.meta.url);
const pools: { close(): Promise<void> }[] = [];
const sites: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  await Promise.all(sites.splice(0).map((site) => site.stop()));
});

function settings(overrides: Partial<ScanThreadSettings> = {}): ScanThreadSettings {
  return {
    service: "visibility",
    schemaVocabulary: undefined,
    connectTo: [],
    fetchTimeoutMs: 1000,
    fetchMaxBytes: MIB,
    userAgent: "sightline-test",
    offsite: { enabled: false, wikidataSparqlUrl: "http://127.0.0.1:9/", wikipediaApiUrl: "http://127.0.0.1:9/", commonCrawlIndexUrl: "http://127.0.0.1:9/" },
    scanTimeoutMs: SCAN_TIMEOUT_MS,
    crawlConcurrency: 4,
    scanBudgetBytes: 16 * MIB,
    cpus: null,
    ...overrides,
  };
}

let isolation: ScanIsolation = "thread";

function pool(options: Partial<ScanThreadPoolOptions> = {}) {
  // `entry: undefined` asks for the real scan thread; a scan process runs the same module.
  const entry = "entry" in options ? options.entry : misbehaving;
  const created = scanThreadPool({
    settings: settings(),
    size: 2,
    scanHeapBudgetBytes: 64 * MIB,
    analyzer: analyzerFor("visibility"),
    now: Date.now,
    log: silentLog,
    warm: false,
    isolation,
    ...options,
    entry,
    command: entry ? [process.execPath, fileURLToPath(entry)] : undefined,
  });
  pools.push(created);
  return created;
}

function scan(
  scanner: ReturnType<typeof pool>,
  domain: string,
  options: { signal?: AbortSignal; progress?: ScanProgress[]; onProgress?: () => void } = {},
): Promise<ScanOutcome> {
  return scanner.scan(
    { domain, targetUrl: null },
    {
      deadlineAt: Date.now() + SCAN_TIMEOUT_MS,
      signal: options.signal ?? new AbortController().signal,
      progress: (update) => {
        options.progress?.push(update);
        options.onProgress?.();
      },
    },
  );
}

function reasonOf(outcome: ScanOutcome): string {
  if (outcome.kind !== "record") throw new Error(`expected a record, got ${JSON.stringify(outcome)}`);
  expect(outcome.row.status).toBe("failed");
  return JSON.parse(outcome.row.recordJson).reason;
}

// Every test runs twice: scan threads as Workers of this process, and as child processes (SCAN_ISOLATION).
for (const mode of ["thread", "process"] as const) {
  describe(`scan threads as ${mode === "thread" ? "Workers" : "child processes"}`, () => {
    beforeAll(() => {
      isolation = mode;
    });
    defineTests();
  });
}

function defineTests(): void {
  test("a scan's progress and record come back from its thread, and the thread is reused", async () => {
    const scanner = pool();
    const progress: ScanProgress[] = [];
    const first = await scan(scanner, "fine.test", { progress });
    expect(first.kind).toBe("record");
    if (first.kind === "record") expect(JSON.parse(first.row.recordJson).domain).toBe("fine.test");
    expect(progress).toEqual([{ done: 1, total: 2, step: "Halfway" }]);
    await scan(scanner, "again.test");
    expect(scanner.threads).toBe(1);
  });

  test("a thread that crashes or exits mid-scan is replaced, its job retried, the scan beside it unaffected", async () => {
    const scanner = pool();
    const [crashed, beside] = await Promise.all([scan(scanner, "crash.test"), scan(scanner, "slow.test")]);
    expect(crashed).toEqual({ kind: "retry", error: expect.stringContaining("boom in the scan thread") });
    expect(beside.kind).toBe("record");
    const exited = await scan(scanner, "exit.test");
    expect(exited).toEqual({ kind: "retry", error: expect.stringContaining("exited") });
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
  });

  test("a thread that hangs past the deadline is ended and the scan stored failed, saying so", async () => {
    const scanner = pool();
    const [hung, beside] = await Promise.all([scan(scanner, "hang.test"), scan(scanner, "slow.test")]);
    expect(reasonOf(hung)).toContain("did not finish within 2 seconds");
    expect(beside.kind).toBe("record");
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
  });

  test("a thread whose heap grows past the scan's share is ended and the scan stored failed, saying so", async () => {
    const scanner = pool({ scanHeapBudgetBytes: 40 * MIB });
    const [hog, beside] = await Promise.all([scan(scanner, "hog.test"), scan(scanner, "slow.test")]);
    expect(reasonOf(hog)).toContain("needed more than 40 MB of memory");
    expect(beside.kind).toBe("record");
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
  });

  test("scans spread over the threads first, then share them: size 4 on 2 threads", async () => {
    const scanner = pool({ size: 4, threads: 2 });
    const slow = ["slow-1.test", "slow-2.test"].map((domain) => scan(scanner, domain));
    await Bun.sleep(50);
    // The second scan got a thread of its own rather than a place beside the first.
    expect(scanner.threads).toBe(2);
    const more = ["slow-3.test", "slow-4.test"].map((domain) => scan(scanner, domain));
    await Bun.sleep(50);
    expect(scanner.threads).toBe(2);
    const outcomes = await Promise.all([...slow, ...more]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["record", "record", "record", "record"]);
  });

  test("a scan beside a memory hog in the same thread starts again alone on a fresh thread and counts no attempt", async () => {
    const scanner = pool({ size: 3, threads: 1, scanHeapBudgetBytes: 40 * MIB });
    const progress: ScanProgress[] = [];
    const [hog, beside, other] = await Promise.all([scan(scanner, "hog.test"), scan(scanner, "slow.test", { progress }), scan(scanner, "slow.test")]);
    // The thread held three scans, so it may grow by three shares; the scan that read the most is the hog.
    expect(reasonOf(hog)).toContain("needed more than 40 MB of memory");
    expect(beside.kind).toBe("record");
    expect(other.kind).toBe("record");
    // It ran twice: once beside the hog, once on the fresh thread.
    expect(progress.length).toBe(2);
    // Each moved scan had a thread of its own; afterwards the pool keeps one thread, its size.
    expect(scanner.threads).toBe(1);
  });

  test("a scan beside a memory hog that has read half its budget as well is stored failed with it, not started again", async () => {
    const scanner = pool({ size: 3, threads: 1, scanHeapBudgetBytes: 40 * MIB });
    const progress: ScanProgress[] = [];
    const [hog, reader, light] = await Promise.all([scan(scanner, "hog.test"), scan(scanner, "reader.test", { progress }), scan(scanner, "slow.test")]);
    expect(reasonOf(hog)).toContain("needed more than 40 MB of memory");
    expect(reasonOf(reader)).toContain("needed more than 40 MB of memory");
    expect(progress.length).toBe(1);
    expect(light.kind).toBe("record");
    if (light.kind === "record") expect(light.row.status).toBe("ok");
  });

  test("a light scan's share is not lent to the heavy one beside it", async () => {
    // Two scans may grow the thread by two shares together, but the growth falls to the one that read
    // everything, and one and a half shares is past its own.
    const scanner = pool({ size: 2, threads: 1, scanHeapBudgetBytes: 16 * MIB });
    const [light, bulge] = await Promise.all([scan(scanner, "slow.test"), scan(scanner, "bulge.test")]);
    expect(reasonOf(bulge)).toContain("needed more than 16 MB of memory");
    expect(light.kind).toBe("record");
    if (light.kind === "record") expect(light.row.status).toBe("ok");
  });

  test("the scan that read the most is not failed for a heap another scan beside it grew: both are judged again alone", async () => {
    // The thread grew by one and a half shares; page.test read 1 MiB and deep.test nothing, so the bytes
    // point at page.test, but the growth is deep.test's (a small page that parses deep). Alone, each meets
    // only its own share: page.test passes, deep.test fails.
    const scanner = pool({ size: 2, threads: 1, scanHeapBudgetBytes: 16 * MIB });
    const pageProgress: ScanProgress[] = [];
    const [page, deep] = await Promise.all([scan(scanner, "page.test", { progress: pageProgress }), scan(scanner, "deep.test")]);
    expect(page.kind).toBe("record");
    if (page.kind === "record") expect(page.row.status).toBe("ok");
    expect(pageProgress.length).toBe(2);
    expect(reasonOf(deep)).toContain("needed more than 16 MB of memory");
  });

  test("a scan beside a thread that crashes is retried with it: which scan crashed it cannot be told", async () => {
    const scanner = pool({ size: 2, threads: 1 });
    const [crashed, beside] = await Promise.all([scan(scanner, "slow.test"), scan(scanner, "crash.test")]);
    expect(crashed).toEqual({ kind: "retry", error: expect.stringContaining("boom in the scan thread") });
    expect(beside).toEqual({ kind: "retry", error: expect.stringContaining("boom in the scan thread") });
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
  });

  test("a scan beside one that hangs its thread past its deadline gets a record too, never a stuck job", async () => {
    const scanner = pool({ size: 2, threads: 1 });
    const [hung, beside] = await Promise.all([scan(scanner, "hang.test"), scan(scanner, "slow.test")]);
    expect(reasonOf(hung)).toContain("did not finish within 2 seconds");
    // The thread could not run it either: by the time it was ended, the scan's time was up as well.
    expect(reasonOf(beside)).toContain("did not finish within 2 seconds");
  });

  test("a thread that is late with a scan but hands it back is kept: the scan is stored failed, the scans beside it go on", async () => {
    const warnings: string[] = [];
    const moved: string[] = [];
    const scanner = pool({ size: 2, threads: 1, log: (level, message, fields) => void (level === "warn" ? warnings.push(message) : /moved/.test(message) && moved.push(String(fields?.domain))) });
    const late = scan(scanner, "late.test");
    await Bun.sleep(SCAN_TIMEOUT_MS - 50);
    // Started while the thread is blocked: it runs once the thread is free again, on the same thread.
    const beside = scan(scanner, "slow.test");
    expect(reasonOf(await late)).toContain("did not finish within 2 seconds");
    const besideOutcome = await beside;
    if (besideOutcome.kind !== "record") throw new Error(`expected a record, got ${JSON.stringify(besideOutcome)}`);
    expect(JSON.parse(besideOutcome.row.recordJson).status).toBe("ok");
    expect(scanner.threads).toBe(1);
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
    expect(warnings).toEqual(["scan missed its deadline: stored as failed, its thread asked to drop it"]);
    // The scan beside it ran where it was: no second thread, no second load of the analyzer.
    expect(moved).toEqual([]);
  });

  test("a thread that never hands back a scan past its deadline is ended, and the scans beside it move", async () => {
    const warnings: string[] = [];
    const scanner = pool({ size: 2, threads: 1, log: (level, message) => void (level === "warn" && warnings.push(message)) });
    const stuck = scan(scanner, "stuck.test");
    await Bun.sleep(SCAN_TIMEOUT_MS - 50);
    const beside = scanner.scan({ domain: "slow.test", targetUrl: null }, { deadlineAt: Date.now() + 10_000, signal: new AbortController().signal, progress: () => {} });
    expect(reasonOf(await stuck)).toContain("did not finish within 2 seconds");
    expect((await beside).kind).toBe("record");
    expect(warnings).toEqual(["scan missed its deadline: stored as failed, its thread asked to drop it", "scan thread did not drop a scan past its deadline; ending it"]);
  });

  test("close settles scans waiting for a thread as retries", async () => {
    const scanner = pool({ size: 1, threads: 1 });
    const running = scan(scanner, "hang.test");
    const queued = scan(scanner, "fine.test");
    await Bun.sleep(50);
    await scanner.close();
    expect(await running).toEqual({ kind: "retry", error: "The worker stopped during the scan." });
    expect(await queued).toEqual({ kind: "retry", error: "The worker stopped during the scan." });
  });

  test("a stopping worker gets a retry: the thread is asked to stop, and ended if it does not", async () => {
    const scanner = pool();
    const polite = new AbortController();
    // Asked once the thread is under way (starting one can take a second on a loaded machine).
    const stopping = scan(scanner, "slow.test", { signal: polite.signal, onProgress: () => polite.abort() });
    expect(await stopping).toEqual({ kind: "retry", error: "aborted as asked" });

    const deaf = new AbortController();
    const hanging = scan(scanner, "hang.test", { signal: deaf.signal });
    setTimeout(() => deaf.abort(), 50);
    expect(await hanging).toEqual({ kind: "retry", error: "The worker stopped during the scan." });
  });

  test("close settles running scans as retries and ends every thread", async () => {
    const scanner = pool();
    const running = scan(scanner, "hang.test");
    await Bun.sleep(50);
    await scanner.close();
    expect(await running).toEqual({ kind: "retry", error: "The worker stopped during the scan." });
    expect(scanner.threads).toBe(0);
  });

  test("the real scan thread scans a site and cuts bodies at the scan's byte budget", async () => {
    const big = `<html><head><title>Big</title></head><body>${"<p>word</p>".repeat(300_000)}</body></html>`;
    const site = await startFixtureSite({ "/": big, "/robots.txt": "User-agent: *\nAllow: /\n" });
    sites.push(site);
    const scanner = pool({
      entry: undefined,
      settings: settings({ connectTo: [site.connectTo("big.test", 80), site.connectTo("big.test", 443)], fetchMaxBytes: 8 * MIB, scanBudgetBytes: 2 * MIB, scanTimeoutMs: 20_000 }),
    });
    const outcome = await scanner.scan({ domain: "big.test", targetUrl: null }, { deadlineAt: Date.now() + 20_000, signal: new AbortController().signal, progress: () => {} });
    expect(outcome.kind).toBe("record");
    if (outcome.kind !== "record") return;
    const artifacts = decodeArtifacts(outcome.row.artifactsJson!) as { homepage: { ok: boolean; truncated: boolean; html: string; cutByBudget: boolean } };
    expect(JSON.parse(outcome.row.recordJson).domain).toBe("big.test");
    // The homepage (3.3 MB, under FETCH_MAX_BYTES) was cut at the 2 MB the whole scan may read.
    expect(artifacts.homepage.ok).toBe(true);
    expect(artifacts.homepage.truncated).toBe(true);
    expect(artifacts.homepage.html.length).toBeLessThanOrEqual(2 * MIB);
    expect(artifacts.homepage.cutByBudget).toBe(true);
    const signals = JSON.parse(outcome.row.recordJson).result.pillars.flatMap((pillar: { signals: { id: string; detail: string }[] }) => pillar.signals);
    expect(signals.find((signal: { id: string }) => signal.id === "raw-html-text").detail).toContain("when the scan reached its memory budget (SCAN_MEMORY_MB)");
  }, 30_000);

  test("scans displaced together wait for a thread of their own: no more such threads at once than the pool has", async () => {
    // The hog is failed; the three scans beside it are judged again alone. Each alone-thread is a VM
    // that loads the analyzer again, so with one thread in the pool they take one such thread in turn.
    const scanner = pool({ size: 4, threads: 1, scanHeapBudgetBytes: 16 * MIB });
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, scanner.threads)), 5);
    const [hog, ...pages] = await Promise.all([scan(scanner, "hog.test"), scan(scanner, "page.test"), scan(scanner, "page.test"), scan(scanner, "page.test")]);
    clearInterval(sampler);
    expect(reasonOf(hog)).toContain("needed more than 16 MB of memory");
    for (const page of pages) {
      expect(page.kind).toBe("record");
      if (page.kind === "record") expect(page.row.status).toBe("ok");
    }
    expect(most).toBe(1);
  });

  test("a heap over budget with garbage that a collection clears is not ended: only what is left after collecting is judged", async () => {
    const scanner = pool({ size: 1, threads: 1, scanHeapBudgetBytes: 16 * MIB });
    const outcome = await scan(scanner, "garbage.test");
    expect(outcome.kind).toBe("record");
    if (outcome.kind === "record") expect(outcome.row.status).toBe("ok");
    expect(scanner.threads).toBe(1);
  });

  test("a thread without scans for the idle time leaves, and the next scan starts a new one", async () => {
    const scanner = pool({ idleMs: 150 });
    expect((await scan(scanner, "fine.test")).kind).toBe("record");
    expect(scanner.threads).toBe(1);
    // A scan within the idle time keeps the thread.
    await Bun.sleep(50);
    expect((await scan(scanner, "again.test")).kind).toBe("record");
    expect(scanner.threads).toBe(1);
    await Bun.sleep(400);
    expect(scanner.threads).toBe(0);
    expect((await scan(scanner, "later.test")).kind).toBe("record");
    expect(scanner.threads).toBe(1);
  });
}
