/**
 * What a soak run found, judged from its figures alone (pure, so that the rules are tested apart from
 * a ten-minute run): any 5xx or failed request, any scan that never got a stored record, or memory
 * that keeps growing: RSS rising by more than 10 MB over the second half of the run. The first half is
 * the warm-up (JIT, caches, the database's pages), so only the second half counts. The rise is read
 * from the least-squares line through the second half's samples rather than from two samples, so
 * that one garbage collection landing just before or after a sample does not decide the verdict. The
 * soak passes the floor of each 10 s window (its lowest reading), where a leak shows and GC swings do not.
 */

export const GROWTH_LIMIT_BYTES = 10e6;

export interface RssSample {
  /** Seconds since the traffic started. */
  atSeconds: number;
  rssBytes: number;
}

export interface SoakFigures {
  durationSeconds: number;
  serverErrors: number;
  failedRequests: number;
  lostScans: string[];
  rss: RssSample[];
}

export interface SoakVerdict {
  ok: boolean;
  /** The rise of RSS over the second half (fitted), or null with fewer than two samples in it. */
  secondHalfGrowthBytes: number | null;
  problems: string[];
}

export function judgeSoak(figures: SoakFigures): SoakVerdict {
  const problems: string[] = [];
  if (figures.serverErrors > 0) problems.push(`${figures.serverErrors} responses were 5xx`);
  if (figures.failedRequests > 0) problems.push(`${figures.failedRequests} requests got no response`);
  if (figures.lostScans.length > 0) problems.push(`${figures.lostScans.length} scans never got a stored record (${figures.lostScans.slice(0, 5).join(", ")})`);
  const growth = secondHalfGrowth(figures.rss, figures.durationSeconds);
  if (growth !== null && growth > GROWTH_LIMIT_BYTES) {
    problems.push(`RSS grew by ${(growth / 1e6).toFixed(1)} MB over the second half of the run (limit ${GROWTH_LIMIT_BYTES / 1e6} MB)`);
  }
  return { ok: problems.length === 0, secondHalfGrowthBytes: growth, problems };
}

/** The slope of the least-squares line through the samples from the midpoint on, times the time they span. */
export function secondHalfGrowth(samples: readonly RssSample[], durationSeconds: number): number | null {
  const secondHalf = samples.filter((sample) => sample.atSeconds >= durationSeconds / 2);
  if (secondHalf.length < 2) return null;
  const meanT = secondHalf.reduce((sum, sample) => sum + sample.atSeconds, 0) / secondHalf.length;
  const meanRss = secondHalf.reduce((sum, sample) => sum + sample.rssBytes, 0) / secondHalf.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of secondHalf) {
    covariance += (sample.atSeconds - meanT) * (sample.rssBytes - meanRss);
    variance += (sample.atSeconds - meanT) ** 2;
  }
  if (variance === 0) return null;
  return (covariance / variance) * (secondHalf[secondHalf.length - 1]!.atSeconds - secondHalf[0]!.atSeconds);
}

/** "600", "600s", "10m" → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${JSON.stringify(text)} (use seconds, e.g. 600, or minutes, e.g. 10m)`);
  const value = Number(match[1]) * (match[2] === "m" ? 60 : 1);
  if (value <= 0) throw new Error(`the duration must be positive: ${text}`);
  return value;
}
