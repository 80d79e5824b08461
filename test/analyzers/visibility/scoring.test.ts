import { AUDIT_CATALOGUE } from "../../../src/analyzers/visibility/audits/audit-catalogue.ts";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AUDITS } from "../../../src/analyzers/visibility/scoring/audit-table.ts";
import type { AuditOutcome } from "../../../src/analyzers/visibility/audits/audit.ts";
import type { AuditDefinition } from "../../../src/analyzers/visibility/scoring/audit-definition.ts";
import { gradeFor } from "../../../src/analyzers/visibility/scoring/grades.ts";
import { PILLARS, type PillarId } from "../../../src/analyzers/visibility/scoring/pillars.ts";
import { overallScore, pillarScore, pointsOf, scorePillars } from "../../../src/analyzers/visibility/scoring/score-pillars.ts";
import { withGeneratedSections } from "../../../src/analyzers/visibility/scoring/audit-catalogue-doc.ts";
import { GATES, LISTED_PLATFORM_SHARE, cappedScore, firedGates } from "../../../src/analyzers/visibility/scoring/gates.ts";
import { scoreResult } from "../../../src/analyzers/visibility/scoring/score-result.ts";
import type { ScoredAudit } from "../../../src/analyzers/visibility/scoring/scored-audit.ts";
import { MAX_TOP_ISSUES, pointsLost, topIssues } from "../../../src/analyzers/visibility/scoring/top-issues.ts";

const FIX = { what: "w", why: "y", how: "h", effort: "S" as const };

function scored(id: string, pillar: PillarId, weight: number, outcome: Partial<AuditOutcome> & Pick<AuditOutcome, "status" | "score">): ScoredAudit {
  const audit: AuditDefinition = { id, title: id, pillar, weight, impact: "medium", requires: [], run: () => full };
  const full: AuditOutcome = { detail: `${id} detail`, evidence: [], ...(outcome.score !== null && outcome.score < 1 ? { fix: FIX } : {}), ...outcome };
  return { audit, outcome: full };
}

const pass = (id: string, pillar: PillarId, weight = 10) => scored(id, pillar, weight, { status: "pass", score: 1 });
const fail = (id: string, pillar: PillarId, weight = 10, score = 0) => scored(id, pillar, weight, { status: "fail", score });

describe("pillars", () => {
  test("the seven pillars weigh 100 in all, with the titles of the contract", () => {
    expect(PILLARS.reduce((sum, pillar) => sum + pillar.weight, 0)).toBe(100);
    expect(PILLARS.map((pillar) => [pillar.id, pillar.weight])).toEqual([
      ["access", 25],
      ["render", 15],
      ["discover", 12],
      ["structure", 15],
      ["content", 15],
      ["trust", 8],
      ["presence", 10],
    ]);
  });

  test("a pillar's score is the weighted mean of its applicable signals; na and unknown leave the denominator", () => {
    const audits = [
      pass("a", "access", 30),
      fail("b", "access", 10),
      scored("c", "access", 50, { status: "na", score: null }),
      scored("d", "access", 50, { status: "unknown", score: null }),
    ];
    expect(pillarScore(audits)).toBe(75);
  });

  test("a warning's partial score counts in proportion", () => {
    expect(pillarScore([pass("a", "render", 1), scored("b", "render", 3, { status: "warn", score: 0.5 })])).toBe(63); // 62.5 rounds up
  });

  test("signals of weight 0 are reported but never scored", () => {
    const pillars = scorePillars([fail("a", "access", 10, 0.5), pass("info", "access", 0)]);
    const access = pillars[0]!.pillar;
    expect(access.score).toBe(50);
    expect(access.signals.map((signal) => signal.id)).toEqual(["a", "info"]);
  });

  test("points are score × weight / 100, rounded to one decimal", () => {
    expect(pointsOf(87, 15)).toBe(13.1);
    expect(pointsOf(100, 25)).toBe(25);
    expect(pointsOf(33, 12)).toBe(4);
    expect(pointsOf(50, 8)).toBe(4);
    expect(pointsOf(0, 10)).toBe(0);
  });

  test("a pillar with no applicable signal keeps its signals, scores 0 and stays out of the overall mean", () => {
    const pillars = scorePillars([pass("a", "access"), scored("offsite", "presence", 100, { status: "unknown", score: null })]);
    const presence = pillars.find((entry) => entry.pillar.id === "presence")!;
    expect(presence.applicable).toBe(false);
    expect(presence.pillar).toMatchObject({ score: 0, points: 0, weight: 10 });
    expect(presence.pillar.signals).toHaveLength(1);
    expect(presence.pillar.signals[0]).toMatchObject({ id: "offsite", status: "unknown", score: null });
    expect(pillars.find((entry) => entry.pillar.id === "content")!.pillar.signals).toEqual([]);
    expect(overallScore(pillars)).toBe(100);
  });

  test("the overall score is the weighted mean of the applicable pillars", () => {
    // access 100 × 25, render 0 × 15 → 2500 / 40 = 62.5 → 63
    const pillars = scorePillars([pass("a", "access"), fail("r", "render")]);
    expect(overallScore(pillars)).toBe(63);
  });

  test("with every pillar applicable, the overall score is the sum of the points", () => {
    const audits = PILLARS.map((pillar, index) => scored(`x${index}`, pillar.id, 10, { status: "warn", score: 0.8 }));
    const result = scoreResult(audits);
    expect(result.score).toBe(80);
    expect(result.pillars.reduce((sum, pillar) => sum + pillar.points, 0)).toBeCloseTo(80, 5);
  });
});

describe("grades", () => {
  test.each([
    [100, "A"],
    [90, "A"],
    [89, "B"],
    [75, "B"],
    [74, "C"],
    [60, "C"],
    [59, "D"],
    [40, "D"],
    [39, "F"],
    [0, "F"],
  ])("%i → %s", (score, grade) => {
    expect(gradeFor(score).grade).toBe(grade as "A");
  });

  test("every grade has its own label", () => {
    const labels = [95, 80, 65, 45, 10].map((score) => gradeFor(score).label);
    expect(new Set(labels).size).toBe(5);
    expect(gradeFor(95).label).toContain("Excellent");
  });
});

/** The reach audit's outcome for a site whose readable platforms hold `readingShare` of the audience. */
function reach(readingShare: number, lost: { name: string; share: number; status?: "blocked" | "limited"; cause?: string }[] = []): ScoredAudit {
  return scored("ai-platform-reach", "access", 50, {
    status: readingShare === 1 ? "pass" : "fail",
    score: Math.min(readingShare, 0.99),
    reach: {
      readingShare,
      lost: lost.map((platform) => ({ status: "blocked", cause: "robots.txt line 2 `Disallow: /` disallows it", ...platform, findable: platform.status === "limited", kinds: ["robots-rule"] })),
      unknown: [],
    },
  });
}

describe("the gates table", () => {
  test("lives in one table: each gate names its audit, caps at a grade boundary, and the grade follows the capped score", () => {
    expect(GATES.map((gate) => [gate.id, gate.audit, gate.maxScore])).toEqual([
      ["no-platform-reads", "ai-platform-reach", 39],
      ["minority-reach", "ai-platform-reach", 74],
      ["single-major-platform-lost", "ai-platform-reach", 74],
      ["major-platform-lost", "ai-platform-reach", 89],
      ["noindex", "page-directives", 40],
      ["empty-app-shell", "raw-html-text", 40],
      ["site-minority-reach", "site-reach", 74],
      ["site-template-lost", "site-reach", 89],
      ["homepage-error", "homepage-status", 40],
    ]);
    expect(gradeFor(39).grade).toBe("F");
    expect(gradeFor(74).grade).toBe("C");
    expect(gradeFor(89).grade).toBe("B");
  });

  test.each([
    [1, null, "A"],
    [0.95, null, "A"],
    [0.89, "major-platform-lost", "B"],
    [0.76, "major-platform-lost", "B"],
    [0.5, "single-major-platform-lost", "C"],
    [0.49, "minority-reach", "C"],
    [0.01, "minority-reach", "C"],
    [0, "no-platform-reads", "F"],
  ])("platforms holding %p of the audience able to read: gate %p, at best %s", (share, gate, best) => {
    const audits = [reach(share, share < 1 ? [{ name: "ChatGPT", share: 1 - share }] : []), pass("s", "structure", 10)];
    const fired = firedGates(audits);
    // One audit holds only its strictest gate.
    expect(fired.map((entry) => entry.gate.id)).toEqual(gate ? [gate] : []);
    const result = scoreResult(audits);
    expect(["A", "B", "C", "D", "F"].indexOf(result.grade)).toBeGreaterThanOrEqual(["A", "B", "C", "D", "F"].indexOf(best));
    expect(cappedScore(100, fired)).toBe(gate ? GATES.find((entry) => entry.id === gate)!.maxScore : 100);
  });

  test("a gate caps the score, names the platforms lost in the label and leads the issues even when it costs fewer points", () => {
    const audits = [
      reach(0.4, [
        { name: "Google AI Overviews", share: 0.58 },
        { name: "Mistral Le Chat", share: 0.005 },
        { name: "Meta AI", share: 0.005, status: "limited" },
      ]),
      pass("p1", "access", 50),
      fail("costly", "render", 100),
      pass("s", "structure"),
    ];
    const result = scoreResult(audits);
    expect(result.score).toBeLessThanOrEqual(74);
    expect(result.grade).not.toMatch(/[AB]/);
    expect(result.label).toBe("Poor: Google AI Overviews and 1 smaller platform cannot read the homepage, so the AI platforms that can hold only 40% of the audience");
    expect(result.topIssues.map((issue) => issue.id)).toEqual(["ai-platform-reach", "costly"]);
    expect(result.topIssues[0]!.detail).toStartWith("Grade capped at C: Google AI Overviews and 1 smaller platform cannot read the homepage");
    expect(result.gates).toEqual([{ id: "minority-reach", audit: "ai-platform-reach", maxGrade: "C", maxScore: 74, detail: expect.stringContaining("40%") }]);
  });

  test("a capped site that would have been good says why, never that AI assistants can use it", () => {
    const lost = [{ name: "Perplexity", share: 0.03 }, { name: "Claude", share: 0.012 }, { name: "Microsoft Copilot", share: 0.037 }, { name: "Mistral Le Chat", share: 0.005 }];
    // Everything else is perfect, so only the gate keeps the site from an A.
    const result = scoreResult([reach(0.89, lost), pass("rest", "access", 950), pass("s", "structure")]);
    expect(result.grade).toBe("B");
    expect(result.score).toBe(89);
    expect(result.label).toBe("Good, but Perplexity, Claude, Microsoft Copilot and 1 smaller platform cannot read the homepage (11% of the AI audience)");
    expect(result.label).not.toContain("can use this site");
  });

  test("a site only ChatGPT cannot read grades C at most; one only Claude cannot read is not capped by that gate", () => {
    const chatgpt = scoreResult([reach(0.69, [{ name: "ChatGPT", share: 0.309 }]), pass("rest", "access", 950), pass("s", "structure")]);
    expect(chatgpt.grade).toBe("C");
    expect(chatgpt.score).toBe(74);
    expect(chatgpt.gates!.map((gate) => gate.id)).toEqual(["single-major-platform-lost"]);
    expect(chatgpt.label).toBe("Fair: ChatGPT cannot read the homepage, and ChatGPT alone holds 31% of the AI audience");
    const claude = scoreResult([reach(0.988, [{ name: "Claude", share: 0.012 }]), pass("rest", "access", 950), pass("s", "structure")]);
    expect(claude.gates!.map((gate) => gate.id)).toEqual([]);
    expect(claude.grade).toBe("A");
    // ChatGPT that cannot find the page but reads it when asked is still shut out of its search answers.
    const fetchOnly = reach(0.69, [{ name: "ChatGPT", share: 0.309 }]);
    expect(firedGates([fetchOnly]).map((entry) => entry.gate.id)).toEqual(["single-major-platform-lost"]);
    // ChatGPT findable, with only its fetcher refused, is limited: not shut out, not capped by the gate.
    const partly = reach(1, [{ name: "ChatGPT", share: 0.309, status: "limited" }]);
    expect(firedGates([partly]).map((entry) => entry.gate.id)).toEqual([]);
  });

  test("the existing gates moved into the table: noindex, empty app shell and error homepage cap at 40 and lead", () => {
    for (const id of ["page-directives", "raw-html-text", "homepage-status"]) {
      const audits = [pass("p1", "access", 90), scored(id, "access", 10, { status: "fail", score: 0, blocking: true }), fail("costly", "render", 100), pass("s", "structure")];
      const result = scoreResult(audits);
      expect(result.score, id).toBe(40);
      expect(result.grade, id).toBe("D");
      expect(result.label, id).not.toContain("can use this site");
      expect(result.topIssues.map((issue) => issue.id), id).toEqual([id, "costly"]);
      expect(result.topIssues[0]!.detail, id).toStartWith("Grade capped at D: ");
    }
  });

  test("docs/visibility-audits.md is generated from the tables: its gates, pillar and audit weights are the code's (`bun run docs`)", () => {
    const doc = readFileSync(join(import.meta.dir, "../../../docs/visibility-audits.md"), "utf8");
    expect(withGeneratedSections(doc), "docs/visibility-audits.md is stale: run `bun run docs`").toBe(doc);
    for (const gate of GATES) expect(doc, gate.id).toMatch(new RegExp(`\\| \`${gate.id}\`[^\\n]*\\| ${gradeFor(gate.maxScore).grade} \\(${gate.maxScore}\\) \\|`));
    for (const audit of AUDITS) expect(doc, audit.id).toContain(`| \`${audit.id}\` | ${audit.title} | ${audit.weight} | ${audit.impact} |`);
  });

  test("the audit catalogue the web pages read is the registry's, without the audits' code (`bun run docs`)", () => {
    const fromRegistry = AUDITS.map(({ id, title, pillar, weight, impact }) => ({ id, title, pillar, weight, impact }));
    expect(AUDIT_CATALOGUE, "src/analyzers/visibility/audits/audit-catalogue.ts is stale: run `bun run docs`").toEqual(fromRegistry);
  });

  test("a blocking flag on an audit the table does not name caps nothing", () => {
    const result = scoreResult([pass("p1", "access", 90), scored("elsewhere", "access", 10, { status: "fail", score: 0, blocking: true }), pass("s", "structure")]);
    // access (90 × 1 + 10 × 0) = 90 × 25, structure 100 × 15 → 93.75
    expect(result.score).toBe(94);
    expect(result.gates).toEqual([]);
  });

  test("when several gates hold, the strictest leads the label and the issues", () => {
    const audits = [
      scored("page-directives", "access", 10, { status: "fail", score: 0, blocking: true }),
      reach(0, [{ name: "ChatGPT", share: 1 }]),
      pass("s", "structure"),
    ];
    const result = scoreResult(audits);
    expect(result.gates!.map((gate) => gate.id)).toEqual(["no-platform-reads", "noindex"]);
    expect(result.label).toBe("Failing: No AI platform can find and read the homepage");
    expect(result.topIssues.map((issue) => issue.id)).toEqual(["ai-platform-reach", "page-directives"]);
  });

  test("the cap does not raise a lower score", () => {
    const result = scoreResult([scored("homepage-status", "access", 10, { status: "fail", score: 0, blocking: true }), fail("r", "render")]);
    expect(result.score).toBe(0);
  });

  test(`a platform of at least ${LISTED_PLATFORM_SHARE * 100}% that cannot read the homepage always puts the reach finding among the top issues`, () => {
    const many = Array.from({ length: 14 }, (_, index) => fail(`f${index}`, "structure"));
    const small = reach(0.97, [{ name: "Perplexity", share: 0.03 }]);
    const ids = topIssues([...many, small]).map((issue) => issue.id);
    expect(ids).toHaveLength(MAX_TOP_ISSUES);
    expect(ids[0]).toBe("ai-platform-reach");
    expect(topIssues([...many, small])[0]!.impact).toBe("critical");
    // A sliver of the audience is not a listed loss: the reach finding then ranks by its points among the other reach findings.
    const costlyReach = Array.from({ length: 12 }, (_, index) => fail(`a${index}`, "access", 20));
    const tiny = reach(0.995, [{ name: "Mistral Le Chat", share: 0.005 }]);
    expect(topIssues([...costlyReach, tiny]).map((issue) => issue.id)).not.toContain("ai-platform-reach");
    expect(topIssues([...many, tiny]).find((issue) => issue.id === "ai-platform-reach")!.impact).toBe("high");
  });
});

describe("top issues", () => {
  test("within a stage, issues are ranked by the overall points they cost", () => {
    const audits = [
      fail("small-pillar", "trust", 10), // 8 of the 63 assessed points = 12.7 of 100
      fail("half-of-access", "access", 10), // 10 / 20 × 25 = 12.5 of 63 = 19.8 of 100
      pass("other-access", "access", 10),
      scored("warned", "render", 10, { status: "warn", score: 0.5 }), // 0.5 × 15 = 7.5 of 63 = 11.9 of 100
      pass("fine", "structure"),
    ];
    expect(pointsLost(audits[1]!, audits)).toBeCloseTo((12.5 * 100) / 63, 10);
    expect(topIssues(audits).map((issue) => issue.points)).toEqual([19.8, 12.7, 11.9]);
    expect(topIssues(audits).map((issue) => [issue.id, issue.status])).toEqual([
      ["half-of-access", "fail"],
      ["small-pillar", "fail"],
      ["warned", "warn"],
    ]);
  });

  test("issues carry id, title, status, impact, detail and fix only; passes, na and unknown are not issues", () => {
    const issues = topIssues([pass("ok", "access"), scored("n", "access", 10, { status: "na", score: null }), fail("bad", "access")]);
    // access alone is assessed: "bad" costs half of it, 50 points, and keeps platforms out (reach stage).
    expect(issues).toEqual([{ id: "bad", title: "bad", status: "fail", impact: "high", detail: "bad detail", fix: FIX, points: 50, stage: "reach" }]);
  });

  test("at most ten issues are listed", () => {
    const audits = Array.from({ length: 14 }, (_, index) => fail(`f${index}`, "structure"));
    expect(topIssues(audits)).toHaveLength(MAX_TOP_ISSUES);
    expect(MAX_TOP_ISSUES).toBe(10);
  });
});
