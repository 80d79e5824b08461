/**
 * The bytes one scan may hold across every body it reads. FETCH_MAX_BYTES bounds one body; a scan
 * reads dozens (homepage, probes per AI crawler, sitemaps, sample pages), and a hostile site can make
 * each of them as large as the cap. The budget is charged as bodies are read and never refunded: a
 * scan's reading is bounded in total, whatever it kept.
 */
export interface ByteBudget {
  readonly limitBytes: number;
  readonly usedBytes: number;
  /** Takes up to `bytes` from the budget and returns how many were granted (0 once it is spent). */
  take(bytes: number): number;
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
  };
}
