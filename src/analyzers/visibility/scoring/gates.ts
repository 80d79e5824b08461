import type { AuditOutcome } from "../audits/audit.ts";
import { namedPlatforms, shutOut } from "../derive/platform-reach.ts";
import { percent } from "../platforms.ts";
import { type Grade, gradeFor } from "./grades.ts";
import type { ScoredAudit } from "./scored-audit.ts";

/**
 * The one table of gates: findings that cap the grade whatever the rest of the site is worth, next to
 * the pillar weights (pillars.ts). Each gate names the audit whose outcome decides it and the highest
 * score the site can reach while it holds; the grade follows from the score, so the two never disagree.
 * When a gate holds, the label says why instead of "AI assistants can use this site", and the audit
 * that decides it leads the top issues (the strictest gate first).
 */
export interface Gate {
  id: string;
  /** The audit whose outcome decides the gate. */
  audit: string;
  /** The highest overall score while the gate holds: 39 is at most F, 74 at most C, 89 at most B. */
  maxScore: number;
  /** When it holds, in words, for the documentation generated from this table. */
  when: string;
  holds(outcome: AuditOutcome): boolean;
  /** The consequence in a few words, for the label and the leading issue. `all` lets a gate quote another audit's findings. */
  says(outcome: AuditOutcome, all: readonly ScoredAudit[]): string;
}

/** Below this share of the audience able to read the homepage, the grade is at most C. */
export const MINORITY_SHARE = 0.5;
/** Below this share, at most B: an A means every major platform can read the site. */
export const MAJOR_GAP_SHARE = 0.9;
/** A platform with at least this share that cannot read the homepage always puts the reach finding among the top issues. */
export const LISTED_PLATFORM_SHARE = 0.02;
/**
 * One platform holding at least this share that cannot read the homepage caps the grade at C, whatever
 * the others can do: ChatGPT alone (31%) sends most of the referral traffic AI assistants send, and an
 * owner who learns it cannot read the site does not call the site good (issue 27).
 */
export const MAJOR_PLATFORM_SHARE = 0.25;

export const GATES: readonly Gate[] = [
  {
    id: "no-platform-reads",
    audit: "ai-platform-reach",
    maxScore: 39,
    when: "no AI platform can find and read the homepage",
    holds: (outcome) => outcome.reach !== undefined && outcome.reach.readingShare === 0,
    says: () => "no AI platform can find and read the homepage",
  },
  {
    id: "minority-reach",
    audit: "ai-platform-reach",
    maxScore: 74,
    when: "the platforms that can hold less than half the weighted audience",
    holds: (outcome) => outcome.reach !== undefined && outcome.reach.readingShare < MINORITY_SHARE,
    says: (outcome) => `${lostNames(outcome)} cannot read the homepage, so the AI platforms that can hold only ${percent(outcome.reach!.readingShare)} of the audience`,
  },
  {
    id: "single-major-platform-lost",
    audit: "ai-platform-reach",
    maxScore: 74,
    when: "one platform holding at least a quarter of the audience cannot read the homepage (ChatGPT alone is enough; Claude alone is not)",
    holds: (outcome) => outcome.reach !== undefined && shutOut(outcome.reach).some((platform) => platform.share >= MAJOR_PLATFORM_SHARE),
    says: (outcome) => {
      const major = shutOut(outcome.reach!).filter((platform) => platform.share >= MAJOR_PLATFORM_SHARE);
      return `${lostNames(outcome)} cannot read the homepage, and ${namedPlatforms(major)} alone ${major.length === 1 ? "holds" : "hold"} ${percent(major.reduce((sum, platform) => sum + platform.share, 0))} of the AI audience`;
    },
  },
  {
    id: "major-platform-lost",
    audit: "ai-platform-reach",
    maxScore: 89,
    when: "they hold less than 90% of it (an A means every major platform reads the site)",
    holds: (outcome) => outcome.reach !== undefined && outcome.reach.readingShare < MAJOR_GAP_SHARE,
    says: (outcome) => `${lostNames(outcome)} cannot read the homepage (${percent(1 - outcome.reach!.readingShare)} of the AI audience)`,
  },
  {
    id: "noindex",
    audit: "page-directives",
    maxScore: 40,
    when: "`noindex` (meta robots or `X-Robots-Tag`) for every crawler",
    holds: (outcome) => outcome.blocking === true,
    says: () => "the homepage tells every crawler not to index it (noindex)",
  },
  {
    id: "empty-app-shell",
    audit: "raw-html-text",
    maxScore: 40,
    when: "an empty mount point plus script bundles, no server-rendered text or payload",
    holds: (outcome) => outcome.blocking === true,
    says: (_outcome, all) => {
      // The same platforms the reach gates and fix name, so the label never counts them differently.
      const reach = all.find((entry) => entry.audit.id === "ai-platform-reach")?.outcome.reach;
      const out = reach ? shutOut(reach) : [];
      return `the homepage is an empty JavaScript app shell${out.length > 0 ? `; ${namedPlatforms(out)} cannot read it` : ""}`;
    },
  },
  {
    id: "site-minority-reach",
    audit: "site-reach",
    maxScore: 74,
    when: "across the sampled pages behind the homepage, the AI platforms that can read the homepage read less than half of what they could, weighted by their audience",
    holds: (outcome) => outcome.status === "fail" && outcome.score !== null && outcome.score < MINORITY_SHARE,
    says: () => "the AI platforms can read less than half of the site's sampled pages, weighted by their audience",
  },
  {
    id: "site-template-lost",
    audit: "site-reach",
    maxScore: 89,
    when: "platforms holding at least a tenth of the audience cannot read half or more of the sampled pages of a template behind the homepage (listing templates such as tags and categories, often kept out of indexes on purpose, excepted)",
    holds: (outcome) => outcome.blocking === true,
    says: () => "AI platforms holding at least a tenth of the audience cannot read most pages of a template behind the homepage",
  },
  {
    id: "homepage-error",
    audit: "homepage-status",
    maxScore: 40,
    when: "the homepage answers an error status or cannot be loaded",
    holds: (outcome) => outcome.blocking === true,
    says: () => "the homepage answers with an error instead of a page",
  },
];

export interface FiredGate {
  gate: Gate;
  entry: ScoredAudit;
  /** The grade the gate caps at. */
  cap: Grade;
  sentence: string;
}

/** The gates that hold, strictest first; of several gates decided by one audit, only the strictest. */
export function firedGates(scored: readonly ScoredAudit[]): FiredGate[] {
  const fired: FiredGate[] = [];
  for (const gate of GATES) {
    const entry = scored.find((candidate) => candidate.audit.id === gate.audit);
    if (!entry || !gate.holds(entry.outcome)) continue;
    fired.push({ gate, entry, cap: gradeFor(gate.maxScore).grade, sentence: gate.says(entry.outcome, scored) });
  }
  // One gate per audit: the strictest, and of equally strict ones the first in the table.
  const strictest = fired.filter(
    (candidate) =>
      !fired.some(
        (other) => other.entry === candidate.entry && (other.gate.maxScore < candidate.gate.maxScore || (other.gate.maxScore === candidate.gate.maxScore && GATES.indexOf(other.gate) < GATES.indexOf(candidate.gate))),
      ),
  );
  return strictest.sort((a, b) => a.gate.maxScore - b.gate.maxScore || GATES.indexOf(a.gate) - GATES.indexOf(b.gate));
}

/** The score once every fired gate's cap applies. */
export function cappedScore(uncapped: number, fired: readonly FiredGate[]): number {
  return fired.reduce((score, entry) => Math.min(score, entry.gate.maxScore), uncapped);
}

/** True when the reach finding must be listed among the top issues whatever it costs: a platform of some size cannot read the homepage. */
export function mustList(entry: ScoredAudit): boolean {
  return entry.outcome.reach ? shutOut(entry.outcome.reach).some((platform) => platform.share >= LISTED_PLATFORM_SHARE) : false;
}

function lostNames(outcome: AuditOutcome): string {
  return namedPlatforms(shutOut(outcome.reach!));
}
