/**
 * The crawl's politeness towards one host: at most `concurrency` requests open at once, and with a
 * Crawl-delay, one at a time, each started at least `spacingMs` after the previous one ended. Waiting
 * requests are served in the order they asked; once `signal` fires, none is started again.
 */
export interface CrawlLimiter {
  /** Runs `task` in a slot; resolves `null` without running it when the signal fired first. */
  run<T>(task: () => Promise<T>): Promise<T | null>;
}

export function crawlLimiter(concurrency: number, spacingMs: number, signal: AbortSignal): CrawlLimiter {
  const slots = spacingMs > 0 ? 1 : Math.max(1, Math.floor(concurrency));
  let running = 0;
  let nextStart = 0;
  const waiting: (() => void)[] = [];
  // A finished request hands its slot to the next in line, so no newcomer can slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  signal.addEventListener(
    "abort",
    () => {
      for (const wake of waiting.splice(0)) {
        running++;
        wake();
      }
    },
    { once: true },
  );
  return {
    async run(task) {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        if (signal.aborted) return null;
        if (spacingMs > 0) {
          const wait = nextStart - performance.now();
          if (wait > 0 && !(await sleep(wait, signal))) return null;
        }
        return await task();
      } finally {
        // The delay runs from the end of one request to the start of the next, as a crawler that waits between requests.
        if (spacingMs > 0) nextStart = performance.now() + spacingMs;
        release();
      }
    },
  };
}

/** Resolves true after `ms`, or false as soon as the signal fires. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
