import { describe, expect, test } from "bun:test";
import type { AuditOutcome, Effort, Impact } from "../../../../src/analyzers/visibility/audits/audit.ts";
import { AUDITS } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { scoreResult } from "../../../../src/analyzers/visibility/scoring/score-result.ts";
import type { ScoredAudit } from "../../../../src/analyzers/visibility/scoring/scored-audit.ts";
import { STAGES, stageOf } from "../../../../src/analyzers/visibility/scoring/stages.ts";
import { explainScore } from "../../../../src/analyzers/visibility/scoring/score-explanation.ts";
import { rankFindings } from "../../../../src/analyzers/visibility/scoring/top-issues.ts";

const PASS: AuditOutcome = { status: "pass", score: 1, detail: "fine", evidence: [] };
const IMPACT_ORDER: Impact[] = ["critical", "high", "medium", "low"];

function fixOf(effort: Effort) {
  return { what: "w", why: "y", how: "h", effort };
}

/** A scan of the homepage alone: the audits of the pages behind it do not apply. */
const HOMEPAGE_ONLY = new Set(["site-reach", "site-pages"]);
const NOT_APPLICABLE: AuditOutcome = { status: "na", score: null, detail: "Only the homepage was scanned.", evidence: [] };

/** Every real audit passing (the site audits not applicable, as in a homepage-only scan), except the outcomes given by id. */
function site(outcomes: Record<string, Partial<AuditOutcome>>): ScoredAudit[] {
  return AUDITS.map((audit) => {
    const given = outcomes[audit.id];
    if (!given) return { audit, outcome: HOMEPAGE_ONLY.has(audit.id) ? NOT_APPLICABLE : PASS };
    return { audit, outcome: { status: "fail", score: 0, detail: `${audit.id} detail`, evidence: [], fix: fixOf("S"), ...given } };
  });
}

function reachOutcome(readingShare: number, lost: { name: string; share: number; kinds: ("edge" | "robots-rule" | "directive" | "login-wall")[] }[]): Partial<AuditOutcome> {
  return {
    score: Math.min(readingShare, 0.99),
    reach: { readingShare, lost: lost.map((platform) => ({ name: platform.name, share: platform.share, status: "blocked", findable: false, cause: "a cause", kinds: platform.kinds })), unknown: [] },
  };
}

describe("the order an owner acts in", () => {
  test("every audit belongs to exactly one stage of the table", () => {
    for (const audit of AUDITS) {
      const named = STAGES.filter((stage) => stage.audits.includes(audit.id) || (stage.pillars.includes(audit.pillar) && !stage.except.includes(audit.id)));
      expect(named.map((stage) => stage.id), audit.id).toEqual([stageOf(audit).id]);
    }
  });

  test("an http-only blog: HTTPS comes before understanding, and Wikidata, Wikipedia and organisation identity after it, whatever they cost", () => {
    const result = scoreResult(
      site({
        https: { fix: fixOf("M") },
        "organization-identity": { fix: fixOf("S") },
        "wikidata-entity": { fix: fixOf("L") },
        "wikipedia-article": { status: "warn", score: 0.5, fix: fixOf("L") },
        hsts: {},
      }),
    );
    const ids = result.topIssues.map((issue) => issue.id);
    expect(ids).toEqual(["https", "organization-identity", "hsts", "wikidata-entity", "wikipedia-article"]);
    expect(result.topIssues.map((issue) => issue.stage)).toEqual(["reach", "understand", "understand", "presence", "presence"]);
    // Wikidata costs more than HTTPS (4 points against 2.5) and still ranks below it.
    expect(result.topIssues.find((issue) => issue.id === "wikidata-entity")!.points).toBe(4);
    expect(result.topIssues[0]!.points).toBe(2.5);
    expect(result.topIssues.map((issue) => issue.impact)).toEqual(["high", "high", "medium", "low", "low"]);
  });

  test("within a stage, equal points go to the smaller effort", () => {
    const result = scoreResult(site({ "meta-description": { fix: fixOf("L") }, "html-lang": { fix: fixOf("S") } }));
    expect(result.topIssues.map((issue) => [issue.id, issue.points, issue.fix.effort])).toEqual([
      ["html-lang", 1.5, "S"],
      ["meta-description", 1.5, "L"],
    ]);
  });

  test("the badges never rise down the list, and the points of all findings add up to what the score lacks", () => {
    const ids = AUDITS.filter((audit) => audit.weight > 0 && audit.id !== "ai-platform-reach").map((audit) => audit.id);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 200; round++) {
      const outcomes: Record<string, Partial<AuditOutcome>> = {};
      for (const id of ids) {
        const draw = random();
        if (draw < 0.3) outcomes[id] = { score: 0, fix: fixOf((["S", "M", "L"] as const)[Math.floor(random() * 3)]!) };
        else if (draw < 0.45) outcomes[id] = { status: "warn", score: Math.round(random() * 90) / 100 + 0.05, fix: fixOf("M") };
        else if (draw < 0.5) outcomes[id] = { status: "na", score: null, fix: undefined };
      }
      const scored = site(outcomes);
      const result = scoreResult(scored);
      const badges = result.topIssues.map((issue) => IMPACT_ORDER.indexOf(issue.impact as Impact));
      expect(badges, JSON.stringify(result.topIssues.map((issue) => [issue.id, issue.impact, issue.points]))).toEqual([...badges].sort((a, b) => a - b));
      const stages = result.topIssues.map((issue) => STAGES.findIndex((stage) => stage.id === issue.stage));
      expect(stages).toEqual([...stages].sort((a, b) => a - b));
      const all = rankFindings(scored);
      const exact = explainScore(result).exact;
      // Pillar scores are whole numbers (each off by at most 0.5, so the score by at most 0.5) and points have one decimal.
      const gap = Math.abs(all.reduce((sum, finding) => sum + finding.points, 0) - (100 - exact));
      expect(gap).toBeLessThanOrEqual(0.5 + 0.05 * all.length + 1e-9);
      // The failing checks in the pillars wear the badge of their issue.
      for (const issue of result.topIssues) {
        const signal = result.pillars.flatMap((pillar) => pillar.signals).find((candidate) => candidate.id === issue.id)!;
        expect(signal.impact, issue.id).toBe(issue.impact);
      }
    }
  });
});

describe("one cause, one issue", () => {
  test("AI agents refused at the edge: the reach finding and the crawler probe are one critical issue, and both findings stay in the pillars", () => {
    const result = scoreResult(
      site({
        "ai-platform-reach": reachOutcome(0.6, [{ name: "ChatGPT", share: 0.4, kinds: ["edge"] }]),
        "crawler-probe": { score: 0.4 },
      }),
    );
    expect(result.topIssues.map((issue) => issue.id)).toEqual(["ai-platform-reach"]);
    const [issue] = result.topIssues;
    expect(issue!.alsoFoundBy).toEqual(["crawler-probe"]);
    expect(issue!.impact).toBe("critical");
    expect(issue!.detail).toContain("The same cause also fails “AI crawlers are served the same page as browsers” (crawler-probe), counted in this issue's points.");
    // 50 × 0.4 + 10 × 0.6 of the access pillar's 100, a quarter of the score: 5 + 1.5.
    expect(issue!.points).toBe(6.5);
    const access = result.pillars.find((pillar) => pillar.id === "access")!;
    expect(access.signals.find((signal) => signal.id === "crawler-probe")).toMatchObject({ status: "fail", impact: "critical" });
  });

  test("several causes: every audit reporting one of them is ranked through the reach finding", () => {
    const result = scoreResult(
      site({
        "ai-platform-reach": reachOutcome(0.5, [
          { name: "ChatGPT", share: 0.3, kinds: ["edge"] },
          { name: "Perplexity", share: 0.2, kinds: ["robots-rule"] },
        ]),
        "crawler-probe": { score: 0.5 },
        "robots-ai-search-access": { score: 0.6 },
        "meta-description": {},
      }),
    );
    expect(result.topIssues.map((issue) => [issue.id, issue.alsoFoundBy])).toEqual([
      ["ai-platform-reach", ["robots-ai-search-access", "crawler-probe"]],
      ["meta-description", undefined],
    ]);
  });

  test("a noindex for every crawler: the gated directive leads, with the platforms it costs merged into it", () => {
    const result = scoreResult(
      site({
        "page-directives": { blocking: true },
        "ai-platform-reach": reachOutcome(0.2, [{ name: "Google AI Overviews", share: 0.8, kinds: ["directive"] }]),
      }),
    );
    expect(result.gates!.map((gate) => gate.id)).toEqual(["noindex", "minority-reach"]);
    expect(result.topIssues.map((issue) => [issue.id, issue.alsoFoundBy])).toEqual([["page-directives", ["ai-platform-reach"]]]);
    expect(result.topIssues[0]!.detail).toStartWith("Grade capped at D: ");
  });

  test("a cause only the reach audit reports keeps the other audit's issue apart when that audit holds a gate", () => {
    const result = scoreResult(
      site({
        "page-directives": { blocking: true },
        "ai-platform-reach": reachOutcome(0.2, [
          { name: "Google AI Overviews", share: 0.6, kinds: ["directive"] },
          { name: "ChatGPT", share: 0.2, kinds: ["login-wall"] },
        ]),
      }),
    );
    expect(result.topIssues.map((issue) => issue.id)).toEqual(["page-directives", "ai-platform-reach"]);
  });
});
