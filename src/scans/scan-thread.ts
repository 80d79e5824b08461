/**
 * The entry point of a scan thread: the main module of a scan process, a child process of the binary
 * (SCAN_ISOLATION=process, scan-host.ts), or a Bun Worker (compiled into the executable as an extra
 * entry point); scan-thread-channel.ts hides which. It gathers, parses, audits and scores the scans the
 * pool gives it (several at once, each mostly waiting on the network), and posts back their progress
 * and serialised records. It touches
 * neither the database nor the queue: those stay with the serving thread, which can end this thread at
 * any moment (deadline, memory budget) without losing a job.
 */
import type { Analyzer } from "../analyzers/analyzer.ts";
import { loadAnalyzer } from "../analyzers/registry.ts";
import { useVocabularyFile } from "../analyzers/schema/vocabulary/vocabulary.ts";
import { byteBudget, type ByteBudget } from "../net/byte-budget.ts";
import { parseConnectTo } from "../net/connect-to.ts";
import { createSafeFetcher } from "../net/safe-fetch.ts";
import { runScan, type AnyRecord } from "./run-scan.ts";
import { throttledProgress } from "./throttled-progress.ts";
import { heapBytes } from "./thread-heap.ts";
import { confineThisThread, lowerThisProcess, lowerThisThread } from "./thread-priority.ts";
import type { FromScanThread, ScanThreadSettings, ToScanThread } from "./scan-thread-messages.ts";
import { scanThreadChannel } from "./scan-thread-channel.ts";
import { confineScanProcess } from "../sandbox/confine-scan-process.ts";

const channel = scanThreadChannel();

// A scan process takes its boundary before it reads anything a site sent; a Worker shares the server's process and has none.
if (channel.isProcess) channel.post({ type: "confined", uid: process.getuid?.() ?? -1, ...confineScanProcess() });

/** The most often a scan's progress is posted (the pool's own throttle writes it at the same pace). */
const PROGRESS_INTERVAL_MS = 250;

/** How often a scanning thread reports its heap; a thread stuck in one parse cannot, and the pool watches RSS for that. */
const MEMORY_REPORT_MS = 200;

// Scans yield the CPU to the serving thread: a scan process with every thread it has.
if (channel.isProcess) lowerThisProcess(null);
else lowerThisThread();
// The executable starts with a reluctant JIT for its start-up code (scripts/build.ts); `serve` sets the
// normal policy for itself and its threads, and a scan process, a runtime of its own, does the same.
if (channel.isProcess) Bun.unsafe.setJITPolicy(1);

const running = new Map<number, { controller: AbortController; budget: ByteBudget }>();
let analyzer: Analyzer<AnyRecord> | undefined;

function post(message: FromScanThread): void {
  channel.post(message);
}


function bytesRead(): Record<number, number> {
  const read: Record<number, number> = {};
  for (const [scanId, scan] of running) read[scanId] = scan.budget.usedBytes;
  return read;
}

const memoryTimer = setInterval(() => {
  // Not while the analyzer loads: the pool takes the first report as the idle heap.
  if (analyzer && running.size > 0) post({ type: "memory", heapBytes: heapBytes(), bytesRead: bytesRead() });
}, MEMORY_REPORT_MS);
memoryTimer.unref();

channel.listen((message: ToScanThread) => {
  // Leaving by itself costs the serving thread far less than being terminated (see retire in scan-thread-pool.ts).
  if (message.type === "exit") process.exit(0);
  if (message.type === "collect") {
    Bun.gc(true);
    post({ type: "memory", heapBytes: heapBytes(), bytesRead: bytesRead(), collected: true });
    return;
  }
  if (message.type === "abort") {
    running.get(message.scanId)?.controller.abort(new Error("The worker stopped during the scan."));
    return;
  }
  // Before any work: the first scan also loads and compiles the analyzer.
  confineScanWork(message.settings.cpus);
  void scan(message.scanId, message.target, message.deadlineAt, message.settings);
});

let confinedTo: string | undefined;

/** Keeps this thread, or in a scan process every thread of it, to the scans' CPUs (SCAN_CPUS), once. */
function confineScanWork(cpus: number[] | null): void {
  if (!channel.isProcess) return confineThisThread(cpus);
  const key = cpus?.join(",") ?? "";
  if (confinedTo === key) return;
  confinedTo = key;
  lowerThisProcess(cpus);
}

async function scan(scanId: number, target: Parameters<typeof runScan>[0], deadlineAt: number, settings: ScanThreadSettings): Promise<void> {
  const controller = new AbortController();
  // One budget per scan, carried by its fetcher: all the bytes this scan may read.
  const budget = byteBudget(settings.scanBudgetBytes);
  running.set(scanId, { controller, budget });
  // Gatherers report every task they start and finish, dozens a second; the pool writes progress at most
  // every 250 ms anyway, and each message costs the serving thread its turn (a syscall and a copy for a
  // scan process). So the same throttle runs here, and the newest step of a burst still gets through.
  const progress = throttledProgress((update) => post({ type: "progress", scanId, update }), { intervalMs: PROGRESS_INTERVAL_MS });
  try {
    analyzer ??= await loadAnalyzerOnce(settings);
    const outcome = await runScan(target, {
      analyzer,
      // One fetcher per scan: it carries the scan's byte budget.
      fetcher: createSafeFetcher({
        connectTo: parseConnectTo(settings.connectTo),
        timeoutMs: settings.fetchTimeoutMs,
        maxBytes: settings.fetchMaxBytes,
        userAgent: settings.userAgent,
        budget,
      }),
      offsite: settings.offsite,
      ...(settings.probeSigning ? { probeSigning: settings.probeSigning } : {}),
      crawlConcurrency: settings.crawlConcurrency,
      deadlineAt,
      scanTimeoutMs: settings.scanTimeoutMs,
      signal: controller.signal,
      now: Date.now,
      progress: progress.report,
    });
    post({ type: "outcome", scanId, outcome });
    // The scan's pages are garbage now; collecting here, off the serving thread, gives the memory back before the next scan.
    Bun.gc(true);
  } catch (error) {
    post({ type: "outcome", scanId, outcome: { kind: "retry", error: `Unexpected error in the scan thread: ${String(error)}` } });
  } finally {
    progress.stop();
    running.delete(scanId);
  }
}

let loading: Promise<Analyzer<AnyRecord>> | undefined;

/** Scans that arrive together wait for the same load; the first report is the thread's idle heap, so loaded code is not charged to a scan. */
function loadAnalyzerOnce(settings: ScanThreadSettings): Promise<Analyzer<AnyRecord>> {
  loading ??= (async () => {
    useVocabularyFile(settings.schemaVocabulary);
    const loaded = await loadAnalyzer(settings.service);
    Bun.gc(true);
    post({ type: "memory", heapBytes: heapBytes(), bytesRead: {} });
    return loaded;
  })();
  return loading;
}
