import type { Effort, Impact } from "../audits/audit.ts";
import type { Issue } from "../record-schema.ts";
import { type FiredGate, mustList } from "./gates.ts";
import { PILLARS } from "./pillars.ts";
import { type ScoredAudit, isApplicable } from "./scored-audit.ts";
import { CAUSE_AUDIT } from "./shared-causes.ts";
import { IMPACT_BY_POINTS, type Stage, stageOf, stageRank } from "./stages.ts";

export const MAX_TOP_ISSUES = 10;

const IMPACT_RANK: Record<Impact, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const EFFORT_RANK: Record<Effort, number> = { S: 0, M: 1, L: 2 };

/** One thing to fix: an audit's finding, with the findings of the same cause merged into it. */
export interface RankedFinding {
  /** The audit whose detail and fix the issue shows. */
  entry: ScoredAudit;
  /** Other audits reporting the same cause, ranked once through this one. */
  merged: ScoredAudit[];
  stage: Stage;
  /** The overall points the finding and those merged into it cost, to one decimal. */
  points: number;
  /** How much fixing it matters here, agreeing with the order (stages.ts). */
  impact: Impact;
  gate?: FiredGate;
}

/**
 * Every failing or warning finding in the order an owner should act: the findings behind the gates that hold
 * (strictest first), then the reach finding whenever a platform of some size cannot read the homepage, then by
 * stage (stages.ts: reach, understanding, presence elsewhere), within a stage by the points it costs, then by
 * effort. A cause two audits report (a 403 at the edge is both crawler-probe's and ai-platform-reach's) is one
 * finding.
 */
export function rankFindings(scored: readonly ScoredAudit[], fired: readonly FiredGate[] = []): RankedFinding[] {
  const candidates = scored.filter((entry) => (entry.outcome.status === "fail" || entry.outcome.status === "warn") && entry.outcome.fix !== undefined);
  const gateOf = (entry: ScoredAudit) => fired.find((candidate) => candidate.entry === entry);
  const lead = (entry: ScoredAudit) => {
    const gate = fired.findIndex((candidate) => candidate.entry === entry);
    return gate >= 0 ? gate : mustList(entry) ? fired.length : fired.length + 1;
  };
  const groups = mergeSharedCauses(candidates, (entry) => gateOf(entry) !== undefined, lead);
  const findings = groups.map(({ entry, merged }, order) => {
    const members = [entry, ...merged];
    const gate = members.map(gateOf).find((found) => found !== undefined);
    const stage = members.map((member) => stageOf(member.audit)).sort((a, b) => stageRank(a) - stageRank(b))[0]!;
    const points = roundPoints(members.reduce((sum, member) => sum + pointsLost(member, scored), 0));
    const leads = Math.min(...members.map(lead));
    return { finding: { entry, merged, stage, points, impact: impactOf(stage, points, leads <= fired.length), ...(gate ? { gate } : {}) }, leads, order };
  });
  return findings
    .sort(
      (a, b) =>
        a.leads - b.leads ||
        stageRank(a.finding.stage) - stageRank(b.finding.stage) ||
        b.finding.points - a.finding.points ||
        EFFORT_RANK[a.finding.entry.outcome.fix!.effort] - EFFORT_RANK[b.finding.entry.outcome.fix!.effort] ||
        IMPACT_RANK[a.finding.entry.audit.impact] - IMPACT_RANK[b.finding.entry.audit.impact] ||
        a.order - b.order,
    )
    .map(({ finding }) => finding);
}

/** The first findings of rankFindings, as the record lists them. */
export function topIssues(scored: readonly ScoredAudit[], fired: readonly FiredGate[] = []): Issue[] {
  return rankFindings(scored, fired).slice(0, MAX_TOP_ISSUES).map(issueOf);
}

export function issueOf(finding: RankedFinding): Issue {
  const { entry, merged, gate } = finding;
  const also = merged.map((other) => `“${other.audit.title}” (${other.audit.id})`);
  const detail = `${gate ? `Grade capped at ${gate.cap}: ${gate.sentence}. ` : ""}${entry.outcome.detail}${also.length > 0 ? ` The same cause also fails ${also.join(" and ")}, counted in this issue's points.` : ""}`;
  return {
    id: entry.audit.id,
    title: entry.audit.title,
    status: [entry, ...merged].some((member) => member.outcome.status === "fail") ? "fail" : "warn",
    impact: finding.impact,
    detail,
    fix: entry.outcome.fix!,
    points: finding.points,
    stage: finding.stage.id,
    ...(merged.length > 0 ? { alsoFoundBy: merged.map((other) => other.audit.id) } : {}),
  };
}

/**
 * The badge: critical for what holds a gate or keeps a platform out, high for anything else that stops
 * platforms from reaching the site, then by points in the understanding stage; presence elsewhere is low.
 * Ordered by stage and points, the badges never rise down the list.
 */
function impactOf(stage: Stage, points: number, leads: boolean): Impact {
  if (leads) return "critical";
  if (stage.id === "reach") return "high";
  if (stage.id === "presence") return "low";
  return IMPACT_BY_POINTS.find((tier) => points >= tier.minPoints)?.impact ?? "low";
}

interface Group {
  entry: ScoredAudit;
  merged: ScoredAudit[];
}

/**
 * ai-platform-reach names why each platform is lost; an audit that reports one of those causes too is merged
 * into it, unless it holds a gate of its own (then it leads, and the reach finding keeps the other causes).
 * When the reach finding has a single cause another audit reports, the two are one issue under whichever ranks first.
 */
function mergeSharedCauses(candidates: readonly ScoredAudit[], gated: (entry: ScoredAudit) => boolean, lead: (entry: ScoredAudit) => number): Group[] {
  const reach = candidates.find((entry) => entry.audit.id === "ai-platform-reach" && entry.outcome.reach);
  if (!reach) return candidates.map((entry) => ({ entry, merged: [] }));
  const kinds = new Set(reach.outcome.reach!.lost.flatMap((platform) => platform.kinds));
  const named = [...kinds].map((kind) => CAUSE_AUDIT[kind]);
  const sources = candidates.filter((entry) => entry !== reach && named.includes(entry.audit.id));
  const ownCause = named.some((id) => id === null || !sources.some((entry) => entry.audit.id === id));
  let keep = reach;
  let absorbed: ScoredAudit[];
  if (!ownCause && sources.length === 1) {
    const [only] = sources as [ScoredAudit];
    keep = lead(only) < lead(reach) ? only : reach;
    absorbed = [keep === reach ? only : reach];
  } else {
    absorbed = sources.filter((entry) => !gated(entry));
  }
  return candidates
    .filter((entry) => !absorbed.includes(entry))
    .map((entry) => ({ entry, merged: entry === keep ? absorbed : [] }));
}

/**
 * The overall points an audit costs: its share of its pillar's applicable weight × what it missed × the
 * pillar's share of the weight of the pillars assessed, so the points of all findings add up to what the
 * score (before gates) lacks of 100.
 */
export function pointsLost(entry: ScoredAudit, all: readonly ScoredAudit[]): number {
  if (!isApplicable(entry)) return 0;
  const pillarAudits = all.filter((other) => other.audit.pillar === entry.audit.pillar && isApplicable(other));
  const pillarTotal = pillarAudits.reduce((sum, other) => sum + other.audit.weight, 0);
  const assessedWeight = PILLARS.filter((pillar) => all.some((other) => other.audit.pillar === pillar.id && isApplicable(other))).reduce((sum, pillar) => sum + pillar.weight, 0);
  const pillarWeight = PILLARS.find((pillar) => pillar.id === entry.audit.pillar)!.weight;
  return (entry.audit.weight / pillarTotal) * (1 - (entry.outcome.score ?? 1)) * ((pillarWeight * 100) / assessedWeight);
}

/** One decimal: what the report shows, and what the order compares, so a reader can check it. */
function roundPoints(points: number): number {
  return Math.round(points * 10) / 10;
}
