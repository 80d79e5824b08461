import type { Pillar, VisibilityResult } from "../record-schema.ts";

/**
 * The arithmetic behind a visibility score, worked out from the record alone so that old records
 * explain themselves too: which pillars were assessed and their points, which were not and why, the
 * renormalisation over the assessed weight, and the gates that cap the result. It mirrors
 * scoring/score-pillars.ts and scoring/gates.ts without changing them.
 */
export interface ScoreExplanation {
  assessed: AssessedPillar[];
  notAssessed: NotAssessedPillar[];
  /** Σ score × weight / 100 over the assessed pillars, unrounded. */
  points: number;
  /** Σ weight over the assessed pillars: 100 when every pillar was assessed. */
  assessedWeight: number;
  /** points / assessedWeight × 100, unrounded: the score before rounding and gates. */
  exact: number;
  /** The exact score rounded, as scoring rounds it. */
  uncapped: number;
  gates: { id: string; maxScore: number; maxGrade: string; detail: string }[];
  /** The record's score: the uncapped one, or lower when a gate holds. */
  score: number;
  /** True when the score is below the uncapped one although the record names no gate (records before gates were stored). */
  unnamedCap: boolean;
}

export interface AssessedPillar {
  id: string;
  title: string;
  score: number;
  weight: number;
  points: number;
}

export interface NotAssessedPillar {
  id: string;
  title: string;
  weight: number;
  reason: string;
}

export function explainScore(result: Pick<VisibilityResult, "score" | "pillars"> & { gates?: VisibilityResult["gates"] }): ScoreExplanation {
  const assessed: AssessedPillar[] = [];
  const notAssessed: NotAssessedPillar[] = [];
  for (const pillar of result.pillars ?? []) {
    if (isAssessed(pillar)) assessed.push({ id: pillar.id, title: pillar.title, score: pillar.score, weight: pillar.weight, points: (pillar.score * pillar.weight) / 100 });
    else notAssessed.push({ id: pillar.id, title: pillar.title, weight: pillar.weight, reason: whyNotAssessed(pillar) });
  }
  const points = assessed.reduce((sum, pillar) => sum + pillar.points, 0);
  const assessedWeight = assessed.reduce((sum, pillar) => sum + pillar.weight, 0);
  const exact = assessedWeight === 0 ? 0 : (points / assessedWeight) * 100;
  const uncapped = Math.round(exact);
  const gates = (result.gates ?? []).map((gate) => ({ id: gate.id, maxScore: gate.maxScore, maxGrade: gate.maxGrade, detail: gate.detail }));
  return { assessed, notAssessed, points, assessedWeight, exact, uncapped, gates, score: result.score, unnamedCap: gates.length === 0 && result.score < uncapped };
}

/** A pillar counts when one of its scored signals judged the site (not `na`, not `unknown`). */
export function isAssessed(pillar: Pick<Pillar, "signals">): boolean {
  return (pillar.signals ?? []).some((signal) => signal.weight > 0 && signal.status !== "na" && signal.status !== "unknown");
}

/** The reason a pillar was not assessed: what its first unjudged check said, else that none applied. */
function whyNotAssessed(pillar: Pillar): string {
  const signals = pillar.signals ?? [];
  const said = signals.find((signal) => signal.weight > 0 && signal.status === "unknown" && signal.detail)?.detail
    ?? signals.find((signal) => signal.weight > 0 && signal.status === "na" && signal.detail)?.detail;
  return said ?? "none of its checks applied to this site";
}

/** One decimal, dropping a trailing ".0": 83.2, 90, 92.4. */
export function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** The explanation as sentences, for the page, MCP and anyone reading text. */
export function scoreSentences(explanation: ScoreExplanation): string[] {
  const lines: string[] = [];
  const { assessed, notAssessed, points, assessedWeight, exact, uncapped, score } = explanation;
  if (assessed.length === 0) return ["No pillar could be assessed, so the score is 0."];
  for (const pillar of notAssessed) {
    lines.push(`${pillar.title} was not assessed: ${trimPeriod(pillar.reason)}. Its weight of ${pillar.weight} is left out rather than counted as 0.`);
  }
  if (notAssessed.length === 0) {
    lines.push(`Every pillar was assessed: together they earn ${oneDecimal(points)} of 100 points, which rounds to ${uncapped}.`);
  } else {
    lines.push(
      `The assessed pillars earn ${oneDecimal(points)} of their ${assessedWeight} points. Scaled to 100: ${oneDecimal(points)} ÷ ${assessedWeight} × 100 = ${oneDecimal(exact)}, which rounds to ${uncapped}.`,
    );
  }
  for (const gate of explanation.gates) {
    const binding = gate.maxScore < uncapped && gate.maxScore === score;
    lines.push(`A gate caps the score at ${gate.maxScore} (grade ${gate.maxGrade} at best) because ${trimPeriod(gate.detail)}${binding ? `: ${uncapped} becomes ${score}.` : gate.maxScore >= uncapped ? ", which the score is already below." : "."}`);
  }
  if (explanation.unnamedCap) lines.push(`A gate capped the score at ${score}; this older record does not say which.`);
  if (explanation.gates.length === 0 && !explanation.unnamedCap) lines.push("No gate caps the grade.");
  return lines;
}

function trimPeriod(text: string): string {
  return text.trim().replace(/\.$/, "");
}
