import type { Pillar } from "../record-schema.ts";
import type { Impact } from "../audits/audit.ts";
import { PILLARS, type PillarId } from "./pillars.ts";
import { type ScoredAudit, isApplicable } from "./scored-audit.ts";
import { boundedEvidence } from "./bounded-evidence.ts";

export interface ScoredPillar {
  pillar: Pillar;
  /** False when none of its signals applies: shown with score 0 and left out of the overall mean. */
  applicable: boolean;
}

/** Every pillar, in table order, with its signals and score; a failing or warning signal takes its issue's impact from `findingImpacts` (by audit id). */
export function scorePillars(scored: ScoredAudit[], findingImpacts: ReadonlyMap<string, Impact> = new Map()): ScoredPillar[] {
  return PILLARS.map((definition) => {
    const own = scored.filter((entry) => entry.audit.pillar === definition.id);
    const score = pillarScore(own);
    return {
      applicable: score !== null,
      pillar: {
        id: definition.id,
        title: definition.title,
        score: score ?? 0,
        points: score === null ? 0 : pointsOf(score, definition.weight),
        weight: definition.weight,
        signals: own.map(({ audit, outcome }) => ({
          id: audit.id,
          title: audit.title,
          status: outcome.status,
          score: outcome.score,
          weight: audit.weight,
          detail: outcome.detail,
          evidence: boundedEvidence(outcome.evidence),
          impact: (outcome.status === "fail" || outcome.status === "warn" ? findingImpacts.get(audit.id) : undefined) ?? audit.impact,
          ...(outcome.fix && (outcome.status === "fail" || outcome.status === "warn") ? { fix: outcome.fix } : {}),
        })),
      },
    };
  });
}

/**
 * The weighted mean of the applicable signals, 0-100 as an integer; null when no signal applies, because a
 * pillar nobody could judge (e.g. off-site presence while off-site checks are off) says nothing about the site.
 */
export function pillarScore(audits: ScoredAudit[]): number | null {
  const applicable = audits.filter(isApplicable);
  const totalWeight = applicable.reduce((sum, entry) => sum + entry.audit.weight, 0);
  if (totalWeight === 0) return null;
  const weighted = applicable.reduce((sum, entry) => sum + entry.audit.weight * (entry.outcome.score ?? 0), 0);
  // Rounded to a millionth first: the same ratio of weights written at another scale (pillars.ts) lands a hair either side of .5.
  return Math.round(Math.round((100_000_000 * weighted) / totalWeight) / 1_000_000);
}

/** A pillar's contribution to the overall score when every pillar applies, to one decimal. */
export function pointsOf(score: number, weight: number): number {
  return Math.round((score * weight) / 10) / 10;
}

/** The overall score: the weighted mean of the applicable pillars, 0-100 as an integer. */
export function overallScore(pillars: ScoredPillar[]): number {
  const applicable = pillars.filter((entry) => entry.applicable);
  const totalWeight = applicable.reduce((sum, entry) => sum + entry.pillar.weight, 0);
  if (totalWeight === 0) return 0;
  return Math.round(applicable.reduce((sum, entry) => sum + entry.pillar.score * entry.pillar.weight, 0) / totalWeight);
}

export function pillarWeight(id: PillarId): number {
  return PILLARS.find((pillar) => pillar.id === id)!.weight;
}
