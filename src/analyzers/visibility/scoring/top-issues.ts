import type { Impact } from "../audits/audit.ts";
import type { Issue } from "../record-schema.ts";
import { type FiredGate, mustList } from "./gates.ts";
import { pillarWeight } from "./score-pillars.ts";
import { type ScoredAudit, isApplicable } from "./scored-audit.ts";

export const MAX_TOP_ISSUES = 10;

const IMPACT_RANK: Record<Impact, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * The failing and warning audits, most costly first: the audits behind the gates that hold lead (the
 * strictest first, its detail opened by the cap and why), then the reach finding whenever a platform of
 * some size cannot read the homepage, then the rest by the overall points they cost, so the order
 * always agrees with the score.
 */
export function topIssues(scored: ScoredAudit[], fired: readonly FiredGate[] = []): Issue[] {
  const rankOf = (entry: ScoredAudit) => {
    const gate = fired.findIndex((candidate) => candidate.entry === entry);
    if (gate >= 0) return gate;
    return mustList(entry) ? fired.length : fired.length + 1;
  };
  return scored
    .filter((entry) => (entry.outcome.status === "fail" || entry.outcome.status === "warn") && entry.outcome.fix !== undefined)
    .map((entry, order) => ({ entry, order, rank: rankOf(entry), lost: pointsLost(entry, scored) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        b.lost - a.lost ||
        IMPACT_RANK[a.entry.audit.impact] - IMPACT_RANK[b.entry.audit.impact] ||
        a.order - b.order,
    )
    .slice(0, MAX_TOP_ISSUES)
    .map(({ entry }) => {
      const gate = fired.find((candidate) => candidate.entry === entry);
      return {
        id: entry.audit.id,
        title: entry.audit.title,
        status: entry.outcome.status as "fail" | "warn",
        impact: entry.audit.impact,
        detail: gate ? `Grade capped at ${gate.cap}: ${gate.sentence}. ${entry.outcome.detail}` : entry.outcome.detail,
        fix: entry.outcome.fix!,
      };
    });
}

/** The overall points an audit costs: its share of its pillar's applicable weight × what it missed × the pillar's weight. */
export function pointsLost(entry: ScoredAudit, all: ScoredAudit[]): number {
  if (!isApplicable(entry)) return 0;
  const pillarAudits = all.filter((other) => other.audit.pillar === entry.audit.pillar && isApplicable(other));
  const pillarTotal = pillarAudits.reduce((sum, other) => sum + other.audit.weight, 0);
  return (entry.audit.weight / pillarTotal) * (1 - (entry.outcome.score ?? 1)) * pillarWeight(entry.audit.pillar);
}
