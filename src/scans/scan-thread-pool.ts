import type { ScanProgress } from "../analyzers/analyzer.ts";
import type { Log } from "../log.ts";
import { deadlineOutcome, rowOf, safetyNetMs, type AnyRecord } from "./run-scan.ts";
import type { Analyzer } from "../analyzers/analyzer.ts";
import type { ScanOutcome, ScanTarget } from "./scan-outcome.ts";
import type { FromScanThread, ScanThreadSettings, ToScanThread } from "./scan-thread-messages.ts";
import type { ScanOptions, Scanner } from "./scanner.ts";

/**
 * Runs scans in a small pool of Bun Worker threads, one scan per thread at a time, so that parsing a
 * hostile page never holds up the thread that answers HTTP. The threads are started with the pool (before
 * the server listens) and reused: starting a thread pauses the serving thread (measured on Bun 1.4 under
 * load: about 0.2 s for the first, 50-100 ms for each one after, several at once adding up to most of a
 * second), so no thread is started while requests are served except to replace one that was ended.
 *
 * A thread is ended, and replaced by the next scan that needs one, when it:
 * - crashes: the job is retried (with the queue's backoff);
 * - overruns the scan's deadline by more than the safety net: the scan is stored as failed;
 * - grows its heap past the scan's share of SCAN_MEMORY_MB: the scan is stored as failed, saying so
 *   (a retry would only bring the same page back, and the record must land within the deadline).
 * SCAN_MEMORY_MB is split into equal shares, one per scan, so holding each scan to its share holds the
 * whole to the budget. The process's RSS is not used to judge: freed memory shows in it for seconds
 * after a scan, and would be charged to the next one. A thread stuck in one long parse cannot report its
 * heap; what it parses is bounded by its byte budget (the same share), and the deadline ends it.
 * No other scan is touched in any of these cases.
 */

export interface ScanThreadPoolOptions {
  settings: ScanThreadSettings;
  size: number;
  /** How much a thread's heap may grow above its idle size during one scan: the scan's share of SCAN_MEMORY_MB. */
  scanHeapBudgetBytes: number;
  /** For the failed record of a scan whose thread had to be ended. */
  analyzer: Analyzer<AnyRecord>;
  now: () => number;
  log: Log;
  /** Start every thread at once (default true); false starts them as scans need them (tests). */
  warm?: boolean;
  /** The thread's entry point; tests pass their own to crash or hang a thread on purpose. */
  entry?: string | URL;
}

interface Running {
  scanId: number;
  target: ScanTarget;
  progress: (update: ScanProgress) => void;
  finish: (outcome: ScanOutcome) => void;
}

interface ScanThread {
  worker: Worker;
  running: Running | null;
  /** The heap of this thread at its first report of its first scan, so that loaded code is not charged to a scan. */
  baseHeapBytes: number | null;
  lastHeapBytes: number;
  /** Claimed for a scan (set before the scan's message is posted, cleared when its outcome is in). */
  busy: boolean;
  ended: boolean;
}

/** A stopping scan gets this long to hand back its thread before the thread is ended. */
const ABORT_GRACE_MS = 1000;
/** A thread asked to exit gets this long before it is terminated. */
const EXIT_GRACE_MS = 1000;
const MIB = 1024 * 1024;

/**
 * In the executable, scripts/build.ts compiles scan-thread.ts in as a second entry point, addressed by
 * its path under src/ (the entries' common folder); import.meta.url there still names the source file,
 * which a deployed binary does not have. From source, the file beside this one.
 */
function scanThreadEntry(): string | URL {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");
  return compiled ? "./scans/scan-thread.ts" : new URL("./scan-thread.ts", import.meta.url);
}

export function scanThreadPool(options: ScanThreadPoolOptions): Scanner & { readonly threads: number } {
  const entry = options.entry ?? scanThreadEntry();
  const threads = new Set<ScanThread>();
  const waiting: ((thread: ScanThread) => void)[] = [];
  let nextScanId = 1;
  let closed = false;

  function spawn(): ScanThread {
    // Idle threads must not keep a stopping process alive.
    const worker = new Worker(entry, { ref: false });
    const thread: ScanThread = { worker, running: null, baseHeapBytes: null, lastHeapBytes: 0, busy: false, ended: false };
    worker.onmessage = (event: MessageEvent<FromScanThread>) => onMessage(thread, event.data);
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      end(thread, { kind: "retry", error: `The scan thread crashed: ${(event as ErrorEvent).message || "unknown error"}` });
    });
    worker.addEventListener("close", () => end(thread, { kind: "retry", error: "The scan thread exited during the scan." }));
    threads.add(thread);
    return thread;
  }

  function onMessage(thread: ScanThread, message: FromScanThread): void {
    const running = thread.running;
    if (message.type === "memory") {
      thread.baseHeapBytes ??= message.heapBytes;
      thread.lastHeapBytes = message.heapBytes;
      if (running && message.heapBytes - thread.baseHeapBytes > options.scanHeapBudgetBytes) {
        options.log("warn", "scan thread over its memory budget; ending it", { domain: running.target.domain, heapMiB: Math.round(message.heapBytes / MIB) });
        end(thread, overBudgetOutcome(running.target.domain));
      }
      return;
    }
    if (!running || message.scanId !== running.scanId) return;
    if (message.type === "progress") running.progress(message.update);
    else {
      thread.running = null;
      running.finish(message.outcome);
      release(thread);
    }
  }

  function overBudgetOutcome(domain: string): ScanOutcome {
    return failedOutcome(domain, `The scan was stopped because it needed more than ${Math.round(options.scanHeapBudgetBytes / MIB)} MB of memory (the site's pages are too large or too complex to read).`);
  }

  function failedOutcome(domain: string, reason: string): ScanOutcome {
    return { kind: "record", row: rowOf(options.analyzer, options.analyzer.failedRecord(domain, reason, new Date(options.now())), null) };
  }

  /** Ends a thread (if not already) and settles its scan with `outcome` at once. */
  function end(thread: ScanThread, outcome: ScanOutcome): void {
    if (thread.ended) return;
    thread.ended = true;
    threads.delete(thread);
    retire(thread);
    const running = thread.running;
    thread.running = null;
    running?.finish(outcome);
    // A scan waiting for a thread gets a fresh one in place of this one.
    const next = waiting.shift();
    if (next && !closed) next(claim(spawn()));
  }

  /**
   * Asks the thread to exit and terminates it only if it has not within EXIT_GRACE_MS. Measured on Bun 1.4:
   * terminate() can hold the calling thread for 0.2-1.4 s (most with idle threads), while a thread that
   * exits by itself costs it about 30 ms. A thread stuck in a parse cannot read the request and is terminated.
   */
  function retire(thread: ScanThread): void {
    const { worker } = thread;
    const timer = setTimeout(() => worker.terminate(), EXIT_GRACE_MS);
    worker.addEventListener("close", () => clearTimeout(timer), { once: true });
    try {
      worker.postMessage({ type: "exit" } satisfies ToScanThread);
    } catch {
      clearTimeout(timer);
      worker.terminate();
    }
  }

  function claim(thread: ScanThread): ScanThread {
    thread.busy = true;
    return thread;
  }

  function release(thread: ScanThread): void {
    thread.busy = false;
    const next = waiting.shift();
    if (next) return next(claim(thread));
  }

  function acquire(): Promise<ScanThread> {
    for (const thread of threads) if (!thread.busy) return Promise.resolve(claim(thread));
    if (threads.size < options.size) return Promise.resolve(claim(spawn()));
    return new Promise((resolve) => waiting.push(resolve));
  }

  async function scan(target: ScanTarget, scan: ScanOptions): Promise<ScanOutcome> {
    if (closed) return { kind: "retry", error: "The worker stopped during the scan." };
    const thread = await acquire();
    const scanId = nextScanId++;
    return await new Promise<ScanOutcome>((resolve) => {
      let netTimer: ReturnType<typeof setTimeout> | undefined;
      let abortTimer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        post(thread, { type: "abort", scanId });
        abortTimer = setTimeout(() => end(thread, { kind: "retry", error: "The worker stopped during the scan." }), ABORT_GRACE_MS);
      };
      const running: Running = {
        scanId,
        target,
        progress: scan.progress,
        finish(outcome) {
          clearTimeout(netTimer);
          clearTimeout(abortTimer);
          scan.signal.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      };
      thread.running = running;
      // The safety net: past the scan's own net (2.5%), a thread that has not answered is ended.
      netTimer = setTimeout(() => {
        options.log("warn", "scan thread missed the scan's deadline; ending it", { domain: target.domain });
        end(thread, deadlineOutcome(options.analyzer, target.domain, options.settings.scanTimeoutMs, options.now()));
      }, Math.max(0, scan.deadlineAt - Date.now()) + Math.round(safetyNetMs(options.settings.scanTimeoutMs) * 1.6));
      if (scan.signal.aborted) onAbort();
      else scan.signal.addEventListener("abort", onAbort, { once: true });
      post(thread, { type: "scan", scanId, target, deadlineAt: scan.deadlineAt, settings: options.settings });
    });
  }

  function post(thread: ScanThread, message: ToScanThread): void {
    if (!thread.ended) thread.worker.postMessage(message);
  }

  if (options.warm !== false) for (let index = 0; index < options.size; index++) spawn();

  return {
    scan,
    async close() {
      closed = true;
      for (const thread of [...threads]) end(thread, { kind: "retry", error: "The worker stopped during the scan." });
    },
    get threads() {
      return threads.size;
    },
  };
}
