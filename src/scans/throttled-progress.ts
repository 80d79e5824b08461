import type { ScanProgress } from "../analyzers/analyzer.ts";

export interface ThrottledProgress {
  /** The ScanContext.progress callback: never throws. */
  report: (update: ScanProgress) => void;
  /** Drops a pending update and its timer (the scan ended; its record supersedes any progress). */
  stop: () => void;
}

/**
 * Rate-limits progress writes: gatherers report every task start and finish, which can be dozens a
 * second, while pollers look every second or two. The first update is written at once; later ones at
 * most once per `intervalMs`, and the newest update of a burst is always written at the end of its
 * interval, so the stored step is never stale for long. A failing write is passed to `onError` and the
 * scan goes on: progress is a courtesy to pollers, never a reason to fail a scan.
 */
export function throttledProgress(
  write: (update: ScanProgress) => void | Promise<unknown>,
  options: { intervalMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): ThrottledProgress {
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? Date.now;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let pending: ScanProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || pending === null) return;
    const update = pending;
    pending = null;
    lastWriteAt = now();
    try {
      // The store's writes are async: a rejection must reach onError too, not escape as an unhandled one.
      Promise.resolve(write(update)).catch(reportError);
    } catch (error) {
      reportError(error);
    }
  };

  function reportError(error: unknown): void {
    try {
      options.onError?.(error);
    } catch {
      // Nothing more to do: the scan must go on.
    }
  }

  return {
    report(update) {
      if (stopped) return;
      pending = { done: update.done, total: update.total, step: update.step };
      if (timer !== undefined) return;
      const wait = lastWriteAt + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop() {
      stopped = true;
      pending = null;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
