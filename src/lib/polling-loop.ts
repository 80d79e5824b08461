/**
 * A background round run every `pollMs` after the previous one ends (never two at once), whose failures
 * are logged and do not stop it, and which stops cleanly: `stop` waits for the running round up to a grace
 * period. `stopped` lets a round leave its own loop early. Without `pollMs` nothing runs by itself (tests
 * call the round directly).
 */
export interface PollingLoop {
  readonly stopped: boolean;
  stop(graceMs?: number): Promise<void>;
}

export function pollingLoop(round: () => Promise<unknown>, options: { pollMs: number | undefined; onError: (error: unknown) => void }): PollingLoop {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pollMs = options.pollMs;
  const loop = () => {
    if (stopped || pollMs === undefined) return;
    current = round()
      .catch(options.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, pollMs);
      });
  };
  loop();
  return {
    get stopped() {
      return stopped;
    },
    async stop(graceMs = 5000) {
      stopped = true;
      clearTimeout(timer);
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([current, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}
