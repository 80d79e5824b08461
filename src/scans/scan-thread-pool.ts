import { availableParallelism } from "node:os";
import type { ScanProgress } from "../analyzers/analyzer.ts";
import type { Log } from "../log.ts";
import { auditReserveMs, deadlineOutcome, rowOf, safetyNetMs, type AnyRecord } from "./run-scan.ts";
import type { Analyzer } from "../analyzers/analyzer.ts";
import type { ScanOutcome, ScanTarget } from "./scan-outcome.ts";
import type { FromScanThreadToPool, ScanThreadSettings, ToScanThread } from "./scan-thread-messages.ts";
import type { ScanOptions, Scanner } from "./scanner.ts";
import { lowerHelperThreads } from "./thread-priority.ts";
import { runsCompiled } from "./runs-compiled.ts";
import { processScanHost, scanProcessCommand, workerScanHost, type ScanHost, type ScanHostEvents, type ScanIsolation, type ScanProcessUser } from "./scan-host.ts";

/**
 * Runs scans in a small pool of Bun Worker threads, or with SCAN_ISOLATION=process of child processes of
 * the binary that stand in for them (scan-host.ts; "thread" below means either), so that parsing a hostile
 * page never holds up the thread that answers HTTP. The pool runs `size` scans at once on at most `threads` threads (by default
 * as many as the machine has cores, at least 2), several scans to a thread. Each thread is a JavaScript
 * VM of its own that loads and JIT-compiles the analyzer for itself: measured on 2 cores with 16 queued
 * loopback scans at a time, 16 threads cost 102 ms of CPU a scan and 415 MB peak RSS, 2 threads 64 ms
 * and 161 MB. Scans spend most of their time waiting on the network, so a few threads keep the cores busy.
 *
 * Threads are reused while scans keep coming: starting a thread pauses the serving thread (measured on
 * Bun 1.4 under load: about 0.2 s for the first, 50-100 ms for each one after). With `warm` (the default)
 * every thread starts with the pool; the server passes `warm: false`, so that its threads start with the
 * first scans (an idle thread holds 4-13 MB, one that has loaded the analyzer 30-35 MB). After that, a
 * thread is started only to replace one that was ended or left after IDLE_THREAD_MS without scans, or to
 * run a scan moved off an ended shared thread alone.
 *
 * A thread is ended, and replaced by the next scan that needs one, when it:
 * - crashes: its scans are retried (with the queue's backoff); which one caused it cannot be told;
 * - does not let go of a scan that missed its deadline. At the safety net the scan is stored as failed
 *   and the thread asked to drop it; a thread that hands it back within ABANDON_GRACE_MS is only slow
 *   (on a busy machine a scan thread at nice 10 waits for the CPU, and one long parse holds up the
 *   scans beside it) and is kept, with the scans beside it. Ending it would start each of those again on
 *   a new VM that loads the analyzer afresh: measured with 8 hostile scans, 4 such endings in 20 s, and
 *   the peaks of RSS came from the threads they started. A thread that does not answer is stuck;
 * - grows its heap past the shares of SCAN_MEMORY_MB of the scans it runs, or so far that the part of
 *   the growth falling to the scan that read the most bytes (in proportion to what each read) is past
 *   one share: that scan if it was alone on the thread, and any scan that has read half its byte
 *   budget, are stored as failed, saying so (a retry would only bring the same pages back, and the
 *   record must land within the deadline); the bytes read do not prove which of several scans grew
 *   the heap, so a lighter suspect is judged again alone.
 * The other scans of an ended thread start again, each alone on a thread of its own (the one at fault
 * may be among them: several hostile pages can share a thread), within their own deadline, and count no
 * attempt. At most as many such threads run at once as the pool has threads; the other displaced scans
 * wait for one, and a thread whose displaced scan ended takes the next. When none waits, it joins the
 * pool if the pool is short of one, and ends otherwise. SCAN_MEMORY_MB is split into equal shares, one
 * per scan, so holding each thread to the shares of its scans holds the whole to the budget. The
 * process's RSS is not used to judge: freed memory shows in it for seconds after a scan, and would be
 * charged to the next one. A thread stuck in one long parse cannot report its heap; what it parses is
 * bounded by its byte budget (half its share) and MAX_DOM_ELEMENTS, and the deadline ends it.
 */

export interface ScanThreadPoolOptions {
  settings: ScanThreadSettings;
  /** How many scans run at once (WORKER_CONCURRENCY). */
  size: number;
  /** How many threads carry them; default min(size, max(2, cores)). */
  threads?: number;
  /** How much a thread's heap may grow above its idle size for each scan it runs: the scan's share of SCAN_MEMORY_MB. */
  scanHeapBudgetBytes: number;
  /** For the failed record of a scan whose thread had to be ended. */
  analyzer: Analyzer<AnyRecord>;
  now: () => number;
  log: Log;
  /** Start every thread at once (default true); false starts them as scans need them (tests). */
  warm?: boolean;
  /** Where each scan thread runs (SCAN_ISOLATION, see scan-host.ts): a Worker (default) or a child process. */
  isolation?: ScanIsolation;
  /** The thread's entry point; tests pass their own to crash or hang a thread on purpose. */
  entry?: string | URL;
  /** With isolation "process": the child's argv; by default the binary itself (scanProcessCommand). */
  command?: string[];
  /** With isolation "process": the child's environment; by default this process's (see scanProcessEnv in config.ts). */
  env?: Record<string, string>;
  /** With isolation "process": the uid and gid of the children (SCAN_USER); by default this process's. */
  user?: ScanProcessUser;
  /** How long a thread without scans is kept before it leaves (default IDLE_THREAD_MS). */
  idleMs?: number;
}

/** A thread without scans this long leaves (see retireWhenIdle). */
export const IDLE_THREAD_MS = 30_000;

/** The scan must run again on another thread: its own was ended because of a scan beside it. */
const DISPLACED = Symbol("displaced");
type Settlement = ScanOutcome | typeof DISPLACED;

interface Running {
  scanId: number;
  target: ScanTarget;
  progress: (update: ScanProgress) => void;
  finish: (settlement: Settlement) => void;
}

interface ScanThread {
  host: ScanHost;
  /** The scans this thread runs, by scan id. */
  scans: Map<number, Running>;
  /** Scans given this thread, counted from the claim (before the scan's message is posted) to its outcome. */
  claimed: number;
  /** Runs one scan that had to move off a shared thread, alone, so that if it is the heavy one it meets only its own share. */
  solo: boolean;
  /** The heap of this thread at its first report of its first scan, so that loaded code is not charged to a scan. */
  baseHeapBytes: number | null;
  /** Asked to collect garbage and report again; further reports over budget wait for that answer. */
  collecting: boolean;
  /** Scans stored as failed at their deadline that the thread has not handed back yet: each still holds its claim. */
  abandoned: Map<number, ReturnType<typeof setTimeout>>;
  /** Ends the thread once it has been without scans for the pool's idle time. */
  idleTimer?: ReturnType<typeof setTimeout>;
  ended: boolean;
}

/** A stopping scan gets this long to hand back its thread before the thread is ended. */
const ABORT_GRACE_MS = 1000;
/**
 * A scan stored as failed at its deadline gets this long to be handed back before its thread is taken
 * for stuck. Longer than ABORT_GRACE_MS: the thread is late because it is starved or busy, and what holds
 * it is bounded (one parse of at most MAX_DOM_ELEMENTS, about 0.5 s of CPU, slower at nice 10).
 */
export const ABANDON_GRACE_MS = 3000;
/** A thread asked to exit gets this long before it is terminated. */
const EXIT_GRACE_MS = 1000;
const MIB = 1024 * 1024;
const STOPPED: ScanOutcome = { kind: "retry", error: "The worker stopped during the scan." };

/**
 * In the executable, scripts/build.ts compiles scan-thread.ts in as a second entry point, addressed by
 * its path under src/ (the entries' common folder); import.meta.url there still names the source file,
 * which a deployed binary does not have. From source, the file beside this one.
 */
function scanThreadEntry(): string | URL {
  return runsCompiled() ? "./scans/scan-thread.ts" : new URL("./scan-thread.ts", import.meta.url);
}

/** As many threads as cores (at least 2, so that one long parse never holds up every scan), never more than scans. */
export function defaultScanThreads(size: number): number {
  return Math.max(1, Math.min(size, Math.max(2, availableParallelism())));
}

export function scanThreadPool(options: ScanThreadPoolOptions): Scanner & { readonly threads: number } {
  const entry = options.entry ?? scanThreadEntry();
  const isolation = options.isolation ?? "thread";
  const command = options.command ?? scanProcessCommand();
  const maxThreads = Math.max(1, Math.min(options.size, options.threads ?? defaultScanThreads(options.size)));
  const idleMs = options.idleMs ?? IDLE_THREAD_MS;
  const scansPerThread = Math.ceil(options.size / maxThreads);
  const threads = new Set<ScanThread>();
  const waiting: ((thread: ScanThread | null) => void)[] = [];
  /** Displaced scans waiting for a thread of their own (at most maxThreads such threads at once). */
  const soloWaiting: ((thread: ScanThread | null) => void)[] = [];
  let nextScanId = 1;
  let closed = false;

  function spawn(): ScanThread {
    // The events come later, never while the host starts, so they may name the thread made from it.
    const events: ScanHostEvents = {
      message: (message) => onMessage(thread, message),
      crashed: (reason) => end(thread, () => ({ kind: "retry", error: `The scan thread crashed: ${reason}` })),
      exited: () => end(thread, () => ({ kind: "retry", error: "The scan thread exited during the scan." })),
    };
    const host = isolation === "process" ? processScanHost(command, options.env, events, options.user) : workerScanHost(entry, events);
    const thread: ScanThread = { host, scans: new Map(), abandoned: new Map(), claimed: 0, solo: false, baseHeapBytes: null, collecting: false, ended: false };
    threads.add(thread);
    return thread;
  }

  let helpersLoweredAt = 0;
  /** The shared helper threads scans use start lazily (the first fetch, the first inflated body), so they are looked for while scans run, at most once a second. */
  function lowerHelpers(): void {
    // Scan processes lower and confine themselves whole; this process's helpers then serve only the serving thread.
    if (isolation === "process") return;
    const now = Date.now();
    if (now - helpersLoweredAt < 1000) return;
    helpersLoweredAt = now;
    lowerHelperThreads(options.settings.cpus);
  }

  let unconfinedSaid = false;
  function onMessage(thread: ScanThread, message: FromScanThreadToPool): void {
    if (message.type === "confined") {
      const { uid, noNewPrivs, seccomp, problem } = message;
      if (problem === null) return options.log("debug", "scan process confined", { uid, noNewPrivs, seccomp });
      // Every scan process meets the same machine, so once is enough.
      if (!unconfinedSaid) options.log("warn", "scan processes run without part of their boundary (docs/scan-boundary.md)", { uid, noNewPrivs, seccomp, problem });
      unconfinedSaid = true;
      return;
    }
    if (message.type === "memory") {
      lowerHelpers();
      return checkMemory(thread, message.heapBytes, message.bytesRead, message.collected === true);
    }
    if (message.type === "outcome" && thread.abandoned.has(message.scanId)) {
      // Its record was stored at the deadline; the thread is free of it now.
      clearTimeout(thread.abandoned.get(message.scanId));
      thread.abandoned.delete(message.scanId);
      return release(thread);
    }
    const running = thread.scans.get(message.scanId);
    if (!running) return;
    if (message.type === "progress") return running.progress(message.update);
    thread.scans.delete(message.scanId);
    running.finish(message.outcome);
    release(thread);
  }

  function checkMemory(thread: ScanThread, heapBytes: number, bytesRead: Record<number, number>, collected: boolean): void {
    thread.baseHeapBytes ??= heapBytes;
    if (collected) thread.collecting = false;
    if (thread.scans.size === 0) return;
    const scans = [...thread.scans.values()];
    const read = (running: Running) => bytesRead[running.scanId] ?? 0;
    // The heap is shared by the thread's scans; the one that read the most is the one holding the most.
    const culprit = scans.reduce((most, running) => (read(running) > read(most) ? running : most));
    if (!overBudget(heapBytes - thread.baseHeapBytes, scans.length, read(culprit), scans.reduce((sum, running) => sum + read(running), 0))) return;
    // The heap counts garbage not yet collected: a scan's spent bodies and decoder output can pass its
    // share on their own (measured: gzip-bomb scans ended at 36-70 MiB that a collection brings back
    // under). Only what is left after a collection is judged; until the thread answers, nothing is ended.
    if (!collected) {
      if (!thread.collecting) {
        thread.collecting = true;
        post(thread, { type: "collect" });
      }
      return;
    }
    options.log("warn", "scan thread over its memory budget; ending it", { domain: culprit.target.domain, heapMiB: Math.round(heapBytes / MIB), scans: scans.length });
    // Alone on its thread, the growth is the scan's own: it is stored failed. Beside others, the bytes
    // read only point at the likely culprit: the growth may be another scan's (a 1 MiB page read whole
    // beside a bomb's decoder or a small page that parses deep), and failing the reader would fail a scan
    // that passes alone (seen in test/e2e/hostile-sites.test.ts). So a scan beside others is stored failed
    // only when it has read half its byte budget, which makes it heavy on any count: started again it
    // would only parse its pages once more (measured with 8 hostile scans on 2 threads: fewer finished,
    // higher peaks). The others, the likely culprit among them, start again alone and are judged there.
    const alone = thread.solo || scans.length === 1;
    const heavy = (running: Running) => (alone && running === culprit) || read(running) >= options.settings.scanBudgetBytes / 2;
    end(thread, (running) => (heavy(running) ? overBudgetOutcome(running.target.domain) : DISPLACED));
  }

  /**
   * Over when the thread grew past the shares of all its scans, or when the part of the growth that falls
   * to the heaviest reader (in proportion to the bytes read) is past one share: a light scan's share is
   * not lent to a heavy one, or several hostile pages' parsed documents could pile up in one heap.
   */
  function overBudget(growthBytes: number, scans: number, culpritRead: number, totalRead: number): boolean {
    const share = options.scanHeapBudgetBytes;
    if (growthBytes > scans * share) return true;
    const culpritPart = totalRead > 0 ? (growthBytes * culpritRead) / totalRead : growthBytes / scans;
    return culpritPart > share;
  }

  function overBudgetOutcome(domain: string): ScanOutcome {
    return failedOutcome(domain, `The scan was stopped because it needed more than ${Math.round(options.scanHeapBudgetBytes / MIB)} MB of memory (the site's pages are too large or too complex to read).`);
  }

  function failedOutcome(domain: string, reason: string): ScanOutcome {
    return { kind: "record", row: rowOf(options.analyzer, options.analyzer.failedRecord(domain, reason, new Date(options.now())), null) };
  }

  /** Ends a thread (if not already) and settles each of its scans at once, as `settle` says. */
  function end(thread: ScanThread, settle: (running: Running) => Settlement): void {
    if (thread.ended) return;
    thread.ended = true;
    clearTimeout(thread.idleTimer);
    for (const timer of thread.abandoned.values()) clearTimeout(timer);
    thread.abandoned.clear();
    threads.delete(thread);
    retire(thread);
    const scans = [...thread.scans.values()];
    thread.scans.clear();
    for (const running of scans) running.finish(settle(running));
    // Scans waiting for a thread get a fresh one in place of this one.
    serveWaiting();
    serveSoloWaiting();
  }

  /**
   * Asks the thread to exit and terminates it only if it has not within EXIT_GRACE_MS. Measured on Bun 1.4:
   * terminate() can hold the calling thread for 0.2-1.4 s (most with idle threads), while a thread that
   * exits by itself costs it about 30 ms. A thread stuck in a parse cannot read the request and is terminated.
   */
  function retire(thread: ScanThread): void {
    const { host } = thread;
    const timer = setTimeout(() => host.terminate(), EXIT_GRACE_MS);
    void host.closed.then(() => clearTimeout(timer));
    try {
      host.post({ type: "exit" });
    } catch {
      clearTimeout(timer);
      host.terminate();
    }
  }

  /**
   * The least busy thread with room for a scan. A new thread is started only when every thread already
   * has a scan, so that scans spread over the threads before any thread takes a second one.
   */
  function tryAcquire(): ScanThread | null {
    let best: ScanThread | null = null;
    for (const thread of threads) if (!thread.solo && thread.claimed < scansPerThread && (!best || thread.claimed < best.claimed)) best = thread;
    if ((!best || best.claimed > 0) && countShared() < maxThreads) best = spawn();
    if (best) {
      best.claimed++;
      clearTimeout(best.idleTimer);
    }
    return best;
  }

  function serveWaiting(): void {
    while (waiting.length > 0) {
      if (closed) return waiting.shift()!(null);
      const thread = tryAcquire();
      if (!thread) return;
      waiting.shift()!(thread);
    }
  }

  function release(thread: ScanThread): void {
    thread.claimed--;
    if (thread.solo) {
      // The next displaced scan takes this thread as it is: no new thread, no second load of the analyzer.
      const next = closed ? undefined : soloWaiting.shift();
      if (next) {
        thread.claimed = 1;
        return next(thread);
      }
      thread.solo = false;
      // Keep it only in place of a thread the pool lost; otherwise the pool would outgrow its size.
      if (countShared() > maxThreads) end(thread, () => STOPPED);
    }
    serveWaiting();
    if (thread.claimed === 0 && !thread.ended) retireWhenIdle(thread);
  }

  /**
   * A thread left without scans for `idleMs` leaves, and a later scan starts a new one: a warm thread
   * holds its VM and the analyzer (30-35 MB measured), and after a burst of scans the process would
   * otherwise stay that much larger for good. Starting one again pauses the serving thread once
   * (50-200 ms), which a quiet minute can afford.
   */
  function retireWhenIdle(thread: ScanThread): void {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.claimed === 0 && !thread.ended) end(thread, () => STOPPED);
    }, idleMs);
    thread.idleTimer.unref?.();
  }

  function countShared(): number {
    let shared = 0;
    for (const thread of threads) if (!thread.solo && !thread.ended) shared++;
    return shared;
  }

  function countSolo(): number {
    return threads.size - countShared();
  }

  /**
   * A thread of its own for one displaced scan, outside the pool's count while it runs that scan. At most
   * maxThreads of them run at once, and the others wait for one: each is a JavaScript VM that loads the
   * analyzer again (tens of MB), and a shared thread ended beside three hostile scans would otherwise
   * start three at once (measured with 8 hostile scans on 2 threads: 20-27 OS threads and peaks of
   * 450-650 MB RSS).
   */
  function acquireSolo(): Promise<ScanThread | null> {
    if (closed) return Promise.resolve(null);
    if (countSolo() < maxThreads) return Promise.resolve(startSolo());
    return new Promise((resolve) => soloWaiting.push(resolve));
  }

  function startSolo(): ScanThread {
    const thread = spawn();
    thread.solo = true;
    thread.claimed = 1;
    return thread;
  }

  function serveSoloWaiting(): void {
    while (soloWaiting.length > 0 && (closed || countSolo() < maxThreads)) soloWaiting.shift()!(closed ? null : startSolo());
  }

  function acquire(): Promise<ScanThread | null> {
    if (closed) return Promise.resolve(null);
    const thread = tryAcquire();
    if (thread) return Promise.resolve(thread);
    return new Promise((resolve) => waiting.push(resolve));
  }

  async function scan(target: ScanTarget, scan: ScanOptions): Promise<ScanOutcome> {
    for (let displaced = false; ; displaced = true) {
      if (closed || scan.signal.aborted) return STOPPED;
      const thread = displaced ? await acquireSolo() : await acquire();
      if (!thread) return STOPPED;
      // A displaced scan may have waited for its thread past the point where gathering could still start.
      if (displaced && Date.now() >= scan.deadlineAt - auditReserveMs(options.settings.scanTimeoutMs)) {
        release(thread);
        return deadlineOutcome(options.analyzer, target.domain, options.settings.scanTimeoutMs, options.now());
      }
      const settlement = await runOn(thread, target, scan);
      if (settlement !== DISPLACED) return settlement;
      // Too late to gather anything on another thread: the record says the time ran out.
      if (Date.now() >= scan.deadlineAt - auditReserveMs(options.settings.scanTimeoutMs)) {
        return deadlineOutcome(options.analyzer, target.domain, options.settings.scanTimeoutMs, options.now());
      }
      options.log("info", "scan moved to another thread: its own was ended because of the scan beside it", { domain: target.domain });
    }
  }

  function runOn(thread: ScanThread, target: ScanTarget, scan: ScanOptions): Promise<Settlement> {
    const scanId = nextScanId++;
    if (thread.ended) return Promise.resolve(DISPLACED);
    return new Promise<Settlement>((resolve) => {
      let netTimer: ReturnType<typeof setTimeout> | undefined;
      let abortTimer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        post(thread, { type: "abort", scanId });
        abortTimer = setTimeout(() => end(thread, (running) => (running.scanId === scanId ? STOPPED : DISPLACED)), ABORT_GRACE_MS);
      };
      const running: Running = {
        scanId,
        target,
        progress: scan.progress,
        finish(settlement) {
          clearTimeout(netTimer);
          clearTimeout(abortTimer);
          scan.signal.removeEventListener("abort", onAbort);
          resolve(settlement);
        },
      };
      thread.scans.set(scanId, running);
      // The safety net: past the scan's own net (2.5%), a thread that has not answered is asked to drop the scan.
      netTimer = setTimeout(() => abandon(thread, running), Math.max(0, scan.deadlineAt - Date.now()) + Math.round(safetyNetMs(options.settings.scanTimeoutMs) * 1.6));
      if (scan.signal.aborted) onAbort();
      else scan.signal.addEventListener("abort", onAbort, { once: true });
      post(thread, { type: "scan", scanId, target, deadlineAt: scan.deadlineAt, settings: options.settings });
    });
  }

  /**
   * Stores a scan that missed its deadline as failed, now, and asks its thread to drop it. The thread keeps
   * the scan's claim until it hands the scan back; one that has not within ABANDON_GRACE_MS is stuck, and
   * is ended: the scans beside it start again elsewhere.
   */
  function abandon(thread: ScanThread, running: Running): void {
    if (thread.ended || !thread.scans.has(running.scanId)) return;
    options.log("warn", "scan missed its deadline: stored as failed, its thread asked to drop it", { domain: running.target.domain });
    thread.scans.delete(running.scanId);
    running.finish(deadlineOutcome(options.analyzer, running.target.domain, options.settings.scanTimeoutMs, options.now()));
    const stuck = setTimeout(() => {
      options.log("warn", "scan thread did not drop a scan past its deadline; ending it", { domain: running.target.domain });
      end(thread, () => DISPLACED);
    }, ABANDON_GRACE_MS);
    thread.abandoned.set(running.scanId, stuck);
    post(thread, { type: "abort", scanId: running.scanId });
  }

  function post(thread: ScanThread, message: ToScanThread): void {
    if (!thread.ended) thread.host.post(message);
  }

  if (options.warm !== false) for (let index = 0; index < maxThreads; index++) spawn();

  return {
    scan,
    async close() {
      closed = true;
      for (const thread of [...threads]) end(thread, () => STOPPED);
      serveWaiting();
      serveSoloWaiting();
    },
    get threads() {
      return threads.size;
    },
  };
}
