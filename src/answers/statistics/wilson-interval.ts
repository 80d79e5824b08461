/**
 * The Wilson score interval for a proportion of k successes in n trials: unlike the textbook
 * p ± z·√(p(1-p)/n), it stays inside [0, 1] and is honest at small n and at 0 or n successes, which is
 * what a run of 3 samples gives (Wilson 1927; Brown, Cai & DasGupta 2001, "Interval Estimation for a
 * Binomial Proportion", recommend it for small n).
 */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Share {
  /** Successes. */
  k: number;
  /** Trials counted (unavailable samples are not trials). */
  n: number;
  /** k / n, or null when n is 0. */
  share: number | null;
  /** The 95% Wilson interval, or null when n is 0. */
  low: number | null;
  high: number | null;
}

export function wilsonShare(k: number, n: number, z = Z_95): Share {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) throw new RangeError(`wilsonShare needs 0 <= k <= n, whole numbers (got ${k} of ${n})`);
  if (n === 0) return { k, n, share: null, low: null, high: null };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 or k = n the bound is exactly 0 or 1; rounding must not leave it a hair off.
  return { k, n, share: p, low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/** "cited in 2 of 3 samples (21%–98%)", or "no sample answered" when n is 0. */
export function describeShare(share: Share, what: string): string {
  if (share.n === 0) return `${what}: no sample answered`;
  const percent = (value: number | null) => `${Math.round((value ?? 0) * 100)}%`;
  return `${what} in ${share.k} of ${share.n} sample${share.n === 1 ? "" : "s"} (95% interval ${percent(share.low)}–${percent(share.high)})`;
}
