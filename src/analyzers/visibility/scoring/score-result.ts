import type { VisibilityResult } from "../record-schema.ts";
import { cappedScore, firedGates } from "./gates.ts";
import { gatedLabel, gradeFor } from "./grades.ts";
import { overallScore, scorePillars } from "./score-pillars.ts";
import type { ScoredAudit } from "./scored-audit.ts";
import { MAX_TOP_ISSUES, issueOf, rankFindings } from "./top-issues.ts";

/**
 * Turns audit outcomes into the record's result: pillars, overall score, grade and top issues. The
 * gates (gates.ts) cap the score when one finding alone keeps AI platforms out, whatever the rest of the
 * site is worth, and then the label says why.
 */
export function scoreResult(scored: ScoredAudit[]): VisibilityResult {
  const fired = firedGates(scored);
  const ranked = rankFindings(scored, fired);
  // A failing check shows the badge of the issue it is, merged or not, so the list and the issues agree.
  const impacts = new Map(ranked.flatMap((finding) => [finding.entry, ...finding.merged].map((member) => [member.audit.id, finding.impact] as const)));
  const pillars = scorePillars(scored, impacts);
  const score = cappedScore(overallScore(pillars), fired);
  const { grade, label } = gradeFor(score);
  return {
    score,
    grade,
    label: fired.length > 0 ? gatedLabel(score, fired[0]!.sentence) : label,
    pillars: pillars.map((entry) => entry.pillar),
    topIssues: ranked.slice(0, MAX_TOP_ISSUES).map(issueOf),
    gates: fired.map((entry) => ({ id: entry.gate.id, audit: entry.gate.audit, maxGrade: entry.cap, maxScore: entry.gate.maxScore, detail: entry.sentence })),
  };
}
