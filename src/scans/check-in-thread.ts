import type { PastedMarkup } from "../analyzers/schema/check-pasted.ts";
import type { FromCheckThread, ToCheckThread } from "./check-thread-messages.ts";

/**
 * Runs checks of pasted markup in a Worker thread, one at a time, each in a fresh thread that is ended
 * afterwards (so its memory goes with it) or at the deadline. One at a time holds the memory of checks
 * to that of one analysis of FETCH_MAX_BYTES, like one scan; a few more wait their turn, and past that
 * the service says it is busy rather than queue without bound.
 */

export type CheckOutcome = FromCheckThread | { ok: false; busy: true; error: string };

export interface CheckInThreadOptions {
  vocabularyFile: string | undefined;
  /** SCAN_TIMEOUT_MS: a check gets no longer than a scan. */
  timeoutMs: number;
  /** For tests; by default the compiled-in entry (see scanThreadEntry in scan-thread-pool.ts). */
  entry?: string | URL;
}

/** Checks waiting for the one running; a flood past this is refused at once. */
export const MAX_WAITING_CHECKS = 8;

export function checkInThread(options: CheckInThreadOptions): (pasted: PastedMarkup) => Promise<CheckOutcome> {
  const entry = options.entry ?? checkThreadEntry();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return (pasted) => {
    if (waiting >= MAX_WAITING_CHECKS) return Promise.resolve({ ok: false, busy: true, error: "The service is busy checking other markup. Try again in a minute." });
    waiting++;
    const turn = queue.then(() => {
      waiting--;
      return runOne(entry, { pasted, vocabularyFile: options.vocabularyFile }, options.timeoutMs);
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}

function checkThreadEntry(): string | URL {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");
  return compiled ? "./scans/check-thread.ts" : new URL("./check-thread.ts", import.meta.url);
}

function runOne(entry: string | URL, message: ToCheckThread, timeoutMs: number): Promise<FromCheckThread> {
  return new Promise((resolve) => {
    // Not ref'd: a check must not keep a stopping process alive.
    const worker = new Worker(entry, { ref: false });
    let settled = false;
    const finish = (outcome: FromCheckThread) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.terminate();
      resolve(outcome);
    };
    const deadline = setTimeout(() => finish({ ok: false, error: `The check took longer than ${timeoutMs / 1000} seconds and was stopped.` }), timeoutMs);
    worker.onmessage = (event: MessageEvent<FromCheckThread>) => finish(event.data);
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      finish({ ok: false, error: `The check failed: ${(event as ErrorEvent).message || "unknown error"}.` });
    });
    worker.postMessage(message);
  });
}
