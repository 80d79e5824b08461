import type { PastedMarkup } from "../analyzers/schema/check-pasted.ts";
import type { CheckOutputRequest, FromCheckThread, ToCheckThread } from "./check-thread-messages.ts";
import { runsCompiled } from "./runs-compiled.ts";
import { type CheckHost, type CheckHostEvents, checkProcessCommand, processCheckHost, workerCheckHost } from "./check-host.ts";
import type { ScanIsolation } from "./scan-host.ts";

/**
 * Runs checks of pasted markup in a Worker thread, one at a time. One at a time holds the memory of
 * checks to that of one analysis of FETCH_MAX_BYTES, like one scan; a few more wait their turn, and past
 * that the service says it is busy rather than queue without bound.
 *
 * The thread is kept warm for the next check for KEEP_WARM_MS after its last one, then leaves. Measured
 * on the compiled binary (SERVICE=schema, Bun 1.4, 2 busy cores): a small paste takes 120-200 ms in a
 * fresh thread, which loads the analyser and the vocabulary first, and 15-35 ms in a warm one (from
 * source: 0.3-1.3 s against 5-15 ms). The process's RSS stays about where fresh threads leave it (the
 * allocator keeps an ended thread's pages): 83 MB after six small checks with a warm thread, 113 MB with
 * a thread per check; 109 against 91 MB after two checks of a 0.8 MB page, the warm thread having
 * collected its garbage; 86 against 85 MB once it has left.
 */

export type CheckOutcome = FromCheckThread | { ok: false; busy: true; error: string };

export interface CheckInThreadOptions {
  vocabularyFile: string | undefined;
  /** The CPUs scan work runs on (SCAN_CPUS, see scanCpuSet); checks run there too. Default null: any. */
  cpus?: number[] | null;
  /** SCAN_TIMEOUT_MS: a check gets no longer than a scan. */
  timeoutMs: number;
  /** For tests; by default the compiled-in entry (see scanThreadEntry in scan-thread-pool.ts). */
  entry?: string | URL;
  /** How long an idle thread waits for the next check before it leaves; 0: it leaves after each check. */
  keepWarmMs?: number;
  /** The service's clock (injectable in tests), for the answer's `checkedAt`: when the check starts. Default Date.now. */
  now?: () => number;
  /**
   * Where checks run (SCAN_ISOLATION, as scans): "thread", a Worker of the serving process (the default
   * here); "process", a child process of the binary, so that a large paste's parse (a 2 MiB paste took the
   * server from 124 to 295 MB in a thread) is never in the server's memory, and the process is ended past
   * CHECK_PROCESS_MAX_RSS_BYTES (see check-host.ts).
   */
  isolation?: ScanIsolation;
  /** With isolation "process": the child's argv (default checkProcessCommand) and environment (default this process's). */
  command?: string[];
  /** With isolation "process": who the check process runs as (SCAN_USER), as scan processes do. */
  user?: { uid: number; gid: number };
  env?: Record<string, string>;
  /** With isolation "process": the cap on its RSS (default CHECK_PROCESS_MAX_RSS_BYTES). */
  maxRssBytes?: number;
}

/** What the threads of one checker did: for tests, which must see that threads end and how. */
export interface CheckThreadCounts {
  started: number;
  /** Started and not yet closed. */
  live: number;
  /** Left when asked (or by themselves). */
  exited: number;
  /** Ended by terminate(): stuck past the deadline, or deaf to the request to leave. */
  terminated: number;
}

/** Checks the paste; the answer's body is POST /api/check's JSON, or the paste page when `output` asks for it. */
export type CheckInThread = ((pasted: PastedMarkup, output?: CheckOutputRequest) => Promise<CheckOutcome>) & { readonly threads: Readonly<CheckThreadCounts> };

/** Checks waiting for the one running; a flood past this is refused at once. */
export const MAX_WAITING_CHECKS = 8;
/** An idle check thread leaves this long after its last check. */
export const KEEP_WARM_MS = 30_000;
/** A thread asked to leave gets this long before it is terminated. */
const EXIT_GRACE_MS = 1000;
/** A thread leaves after this many checks, so that whatever its heap keeps from them is let go now and then. */
export const CHECKS_PER_THREAD = 100;

interface CheckThread {
  host: CheckHost;
  checks: number;
  closed: boolean;
  terminated: boolean;
  /** Settles the check running on this thread, if any; `usable` says whether the thread may take another. */
  answer: ((outcome: FromCheckThread, usable: boolean) => void) | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

export function checkInThread(options: CheckInThreadOptions): CheckInThread {
  const entry = options.entry ?? checkThreadEntry();
  const keepWarmMs = options.keepWarmMs ?? KEEP_WARM_MS;
  const now = options.now ?? Date.now;
  const counts: CheckThreadCounts = { started: 0, live: 0, exited: 0, terminated: 0 };
  let warm: CheckThread | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const isolation = options.isolation ?? "thread";
  function spawn(): CheckThread {
    // The events come later, never while the host starts, so they may name the thread made from it.
    const events: CheckHostEvents = {
      // An answer, even one that says the analysis threw, comes from a thread that is fine.
      message: (message) => thread.answer?.(message, true),
      crashed: (reason) => thread.answer?.({ ok: false, error: `The check failed: ${reason}.` }, false),
      overMemory: (limitMb) => {
        thread.answer?.({ ok: false, error: `The check needed more than ${limitMb} MB of memory and was stopped: paste less markup at a time.` }, false);
        terminate(thread);
      },
      closed: () => {
        thread.closed = true;
        counts.live--;
        if (thread.terminated) counts.terminated++;
        else counts.exited++;
        if (warm === thread) warm = null;
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.answer?.({ ok: false, error: "The check failed: its thread ended during the check." }, false);
      },
    };
    const host = isolation === "process" ? processCheckHost(options.command ?? checkProcessCommand(), options.env, events, options.maxRssBytes, options.user) : workerCheckHost(entry, events);
    const thread: CheckThread = { host, checks: 0, closed: false, terminated: false, answer: null, idleTimer: null };
    counts.started++;
    counts.live++;
    return thread;
  }

  function terminate(thread: CheckThread): void {
    if (thread.closed || thread.terminated) return;
    thread.terminated = true;
    thread.host.terminate();
  }

  /**
   * Asks the thread to leave and terminates it only if it has not within EXIT_GRACE_MS. Measured on Bun 1.4
   * (see retire in scan-thread-pool.ts): terminate() of a scan thread can hold the serving thread for
   * 0.2-1.4 s, while a thread that leaves by itself costs it about 30 ms. An idle check thread's terminate()
   * took under 1 ms when measured, but its cost depends on the thread's state, so the way that cannot
   * stall the server is taken wherever the thread can still listen.
   */
  function retire(thread: CheckThread): void {
    if (warm === thread) warm = null;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    if (thread.closed) return;
    // Not ref'd, as the thread is not: neither may keep a stopping process alive.
    const timer = setTimeout(() => terminate(thread), EXIT_GRACE_MS);
    timer.unref();
    void thread.host.closed.then(() => clearTimeout(timer));
    post(thread, { type: "exit" });
  }

  /** A thread that answered waits warm for the next check, collecting its garbage meanwhile, or leaves. */
  function afterCheck(thread: CheckThread): void {
    if (keepWarmMs <= 0 || thread.checks >= CHECKS_PER_THREAD) return retire(thread);
    warm = thread;
    post(thread, { type: "idle" });
    thread.idleTimer = setTimeout(() => retire(thread), keepWarmMs);
    // A process that has stopped serving ends at once, not when its warm thread would have left.
    thread.idleTimer.unref();
  }

  function runOne(message: ToCheckThread): Promise<FromCheckThread> {
    const thread = warm && !warm.closed ? warm : spawn();
    warm = null;
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.checks++;
    return new Promise((resolve) => {
      thread.host.watching(true);
      const finish = (outcome: FromCheckThread, after: () => void) => {
        clearTimeout(deadline);
        thread.host.watching(false);
        thread.answer = null;
        after();
        resolve(outcome);
      };
      // Stuck in a parse, the thread cannot read a request to leave: it is terminated.
      const deadline = setTimeout(() => finish({ ok: false, error: `The check took longer than ${options.timeoutMs / 1000} seconds and was stopped.` }, () => terminate(thread)), options.timeoutMs);
      // A thread that crashed is asked to leave (if it has not already), never kept for the next check.
      thread.answer = (outcome, usable) => finish(outcome, () => (usable ? afterCheck(thread) : retire(thread)));
      post(thread, message);
    });
  }

  const check = (pasted: PastedMarkup, output: CheckOutputRequest = { as: "json" }): Promise<CheckOutcome> => {
    if (waiting >= MAX_WAITING_CHECKS) return Promise.resolve({ ok: false, busy: true, error: "The service is busy checking other markup. Try again in a minute." });
    waiting++;
    const turn = queue.then(() => {
      waiting--;
      return runOne({ type: "check", pasted, vocabularyFile: options.vocabularyFile, output, checkedAt: new Date(now()).toISOString(), cpus: options.cpus ?? null });
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
  return Object.assign(check, { threads: counts });
}

function post(thread: CheckThread, message: ToCheckThread): void {
  try {
    thread.host.post(message);
  } catch {
    // Already closing: its close event settles what ran on it.
  }
}

function checkThreadEntry(): string | URL {
  return runsCompiled() ? "./scans/check-thread.ts" : new URL("./check-thread.ts", import.meta.url);
}
