import type { Impact } from "../audits/audit.ts";
import type { Issue } from "../record-schema.ts";
import { pillarWeight } from "./score-pillars.ts";
import { type ScoredAudit, isApplicable } from "./scored-audit.ts";

export const MAX_TOP_ISSUES = 10;

const IMPACT_RANK: Record<Impact, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * The failing and warning audits, most costly first: blocking findings lead (they cap the score), then
 * the rest by the overall points they cost, so the order always agrees with the score.
 */
export function topIssues(scored: ScoredAudit[]): Issue[] {
  return scored
    .filter((entry) => (entry.outcome.status === "fail" || entry.outcome.status === "warn") && entry.outcome.fix !== undefined)
    .map((entry, order) => ({ entry, order, lost: pointsLost(entry, scored) }))
    .sort(
      (a, b) =>
        Number(b.entry.outcome.blocking === true) - Number(a.entry.outcome.blocking === true) ||
        b.lost - a.lost ||
        IMPACT_RANK[a.entry.audit.impact] - IMPACT_RANK[b.entry.audit.impact] ||
        a.order - b.order,
    )
    .slice(0, MAX_TOP_ISSUES)
    .map(({ entry }) => ({
      id: entry.audit.id,
      title: entry.audit.title,
      status: entry.outcome.status as "fail" | "warn",
      impact: entry.audit.impact,
      detail: entry.outcome.detail,
      fix: entry.outcome.fix!,
    }));
}

/** The overall points an audit costs: its share of its pillar's applicable weight × what it missed × the pillar's weight. */
export function pointsLost(entry: ScoredAudit, all: ScoredAudit[]): number {
  if (!isApplicable(entry)) return 0;
  const pillarAudits = all.filter((other) => other.audit.pillar === entry.audit.pillar && isApplicable(other));
  const pillarTotal = pillarAudits.reduce((sum, other) => sum + other.audit.weight, 0);
  return (entry.audit.weight / pillarTotal) * (1 - (entry.outcome.score ?? 1)) * pillarWeight(entry.audit.pillar);
}
