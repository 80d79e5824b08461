/**
 * How many response bodies one fetcher (one scan) may decode at once. A brotli decoder holds its
 * stream's whole window (4 MiB for the common setting, up to 16 MiB) outside the JavaScript heap and
 * outside the scan's byte budget, for as long as the body is read. A scan fetches up to a dozen URLs
 * at once, so a site that answers every one with brotli held about 50 MB per scan: measured with 8
 * brotli-bomb scans at once, peak RSS 578-663 MB with every body decoded at once, 359-368 MB with
 * two at a time. A body waiting for a slot is still bounded by its fetch's own deadline.
 */
export interface DecoderSlots {
  /** Resolves with the slot's release once one is free; rejects with the signal's reason if it fires first. */
  take(signal: AbortSignal): Promise<() => void>;
}

export function decoderSlots(limit: number): DecoderSlots {
  let taken = 0;
  const waiting: (() => void)[] = [];

  function grant(): () => void {
    taken++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      taken--;
      waiting.shift()?.();
    };
  }

  return {
    take(signal) {
      if (signal.aborted) return Promise.reject(signal.reason);
      if (taken < limit) return Promise.resolve(grant());
      return new Promise((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener("abort", onAbort);
          resolve(grant());
        };
        const onAbort = () => {
          waiting.splice(waiting.indexOf(wake), 1);
          reject(signal.reason);
        };
        waiting.push(wake);
        signal.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}
