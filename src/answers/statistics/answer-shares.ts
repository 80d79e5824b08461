import type { SampleResult } from "../ask-engine.ts";
import type { EngineName } from "../engine.ts";
import { wilsonShare, type Share } from "./wilson-interval.ts";

/**
 * Shares over a set of samples. A sample that was unavailable is not a trial: "cited in 2 of 3"
 * counts only the samples in which the engine answered with sources.
 */
export interface SampleShares {
  samples: number;
  unavailable: number;
  cited: Share;
  mentioned: Share;
  /** The mean of the domain's position over the samples that cite it; null when none does. */
  meanPosition: number | null;
  /** Other cited domains by the number of answered samples citing them, most first. */
  topOtherDomains: { domain: string; samples: number }[];
  costUsd: number;
}

export const TOP_OTHER_DOMAINS = 10;

export function sampleShares(results: readonly SampleResult[]): SampleShares {
  const answered = results.flatMap((result) => (result.status === "ok" ? [result.analysis] : []));
  const cited = answered.filter((analysis) => analysis.cited);
  const positions = cited.map((analysis) => analysis.position).filter((position): position is number => position !== null);
  const others = new Map<string, number>();
  for (const analysis of answered) for (const domain of new Set(analysis.otherDomains)) others.set(domain, (others.get(domain) ?? 0) + 1);
  return {
    samples: results.length,
    unavailable: results.length - answered.length,
    cited: wilsonShare(cited.length, answered.length),
    mentioned: wilsonShare(answered.filter((analysis) => analysis.mentioned).length, answered.length),
    meanPosition: positions.length === 0 ? null : positions.reduce((sum, position) => sum + position, 0) / positions.length,
    topOtherDomains: [...others]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_OTHER_DOMAINS)
      .map(([domain, samples]) => ({ domain, samples })),
    costUsd: roundUsd(results.reduce((sum, result) => sum + result.costUsd, 0)),
  };
}

/** Dollars to the micro-dollar: sums of floating-point prices stay readable. */
export function roundUsd(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export interface Grouped<K> {
  key: K;
  shares: SampleShares;
}

export function sharesBy<T, K>(items: readonly T[], keyOf: (item: T) => K, resultOf: (item: T) => SampleResult): Grouped<K>[] {
  const groups = new Map<K, SampleResult[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(resultOf(item));
    else groups.set(key, [resultOf(item)]);
  }
  return [...groups].map(([key, results]) => ({ key, shares: sampleShares(results) }));
}

/**
 * Share of voice: of the answered samples' citations of the watched domain and its competitors, the
 * part each holds. A sample citing the domain and two competitors counts once for each of the three.
 * Each entry also gives its citation share with its interval over the answered samples.
 */
export interface VoiceShare {
  domain: string;
  watched: boolean;
  citedSamples: number;
  /** citedSamples over all citations of the set; null when none of the set is cited. */
  voice: number | null;
  cited: Share;
}

export function shareOfVoice(watchedDomain: string, competitors: readonly string[], results: readonly SampleResult[]): VoiceShare[] {
  const answered = results.flatMap((result) => (result.status === "ok" ? [result.analysis] : []));
  const counts = [
    { domain: watchedDomain, watched: true, citedSamples: answered.filter((analysis) => analysis.cited).length },
    ...competitors.map((competitor) => ({ domain: competitor, watched: false, citedSamples: answered.filter((analysis) => analysis.competitorsCited.includes(competitor)).length })),
  ];
  const total = counts.reduce((sum, entry) => sum + entry.citedSamples, 0);
  return counts.map((entry) => ({ ...entry, voice: total === 0 ? null : entry.citedSamples / total, cited: wilsonShare(entry.citedSamples, answered.length) }));
}

export type EngineShares = Grouped<EngineName>;
