/**
 * The bytes one scan may hold across every body it reads. FETCH_MAX_BYTES bounds one body; a scan
 * reads dozens (homepage, probes per AI crawler, sitemaps, sample pages), and a hostile site can make
 * each of them as large as the cap. The budget is charged as bodies are read and refunded only for a body
 * its reader says it let go of (the site crawl reads each page's facts and drops the page, and bounds
 * its reading in total with its own budget): whatever else a scan read, it may still hold.
 */
export interface ByteBudget {
  readonly limitBytes: number;
  readonly usedBytes: number;
  /** Takes up to `bytes` from the budget and returns how many were granted (0 once it is spent). */
  take(bytes: number): number;
  /** Gives back bytes of a body that is no longer held. */
  release(bytes: number): void;
}

export function byteBudget(limitBytes: number): ByteBudget {
  let used = 0;
  return {
    limitBytes,
    get usedBytes() {
      return used;
    },
    take(bytes) {
      const granted = Math.max(0, Math.min(bytes, limitBytes - used));
      used += granted;
      return granted;
    },
    release(bytes) {
      used = Math.max(0, used - Math.max(0, bytes));
    },
  };
}
