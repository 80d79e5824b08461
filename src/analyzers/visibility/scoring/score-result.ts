import type { VisibilityResult } from "../record-schema.ts";
import { gradeFor } from "./grades.ts";
import { overallScore, scorePillars } from "./score-pillars.ts";
import type { ScoredAudit } from "./scored-audit.ts";
import { topIssues } from "./top-issues.ts";

/**
 * When one finding alone keeps AI assistants out (every AI search agent blocked, noindex, an empty app
 * shell, an error homepage), the rest of the site's qualities cannot make up for it: the score is capped.
 */
export const BLOCKED_SCORE_CAP = 40;

/** Turns audit outcomes into the record's result: pillars, overall score, grade and top issues. */
export function scoreResult(scored: ScoredAudit[]): VisibilityResult {
  const pillars = scorePillars(scored);
  const blocked = scored.some((entry) => entry.outcome.blocking === true);
  const uncapped = overallScore(pillars);
  const score = blocked ? Math.min(uncapped, BLOCKED_SCORE_CAP) : uncapped;
  const { grade, label } = gradeFor(score);
  return { score, grade, label, pillars: pillars.map((entry) => entry.pillar), topIssues: topIssues(scored) };
}
