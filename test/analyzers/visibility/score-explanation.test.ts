import { describe, expect, test } from "bun:test";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import { explainScore, oneDecimal, scoreSentences } from "../../../src/analyzers/visibility/scoring/score-explanation.ts";
import { site, siteWithRobots } from "./sample-site.ts";

const NOW = new Date("2025-05-01T12:00:00Z");

describe("explainScore", () => {
  test("with off-site checks off, presence is not assessed and the rest is renormalised to the record's score", () => {
    const result = scoreArtifacts("example.com", site({ offsite: null }), NOW).result!;
    const explanation = explainScore(result);
    expect(explanation.notAssessed.map((pillar) => pillar.id)).toEqual(["presence"]);
    expect(explanation.assessedWeight).toBe(90);
    expect(explanation.notAssessed[0]!.reason.length).toBeGreaterThan(0);
    // The arithmetic reproduces the stored score.
    expect(explanation.uncapped).toBe(result.score);
    const sum = result.pillars.filter((pillar) => pillar.id !== "presence").reduce((total, pillar) => total + pillar.score * pillar.weight, 0);
    expect(explanation.exact).toBeCloseTo(sum / 90, 9);
    const sentences = scoreSentences(explanation).join(" ");
    expect(sentences).toContain("Off-site presence was not assessed");
    expect(sentences).toContain(`÷ 90 × 100 = ${oneDecimal(explanation.exact)}`);
    expect(sentences).toContain("No gate caps the grade.");
  });

  test("a gate that holds is named, with the score before and after", () => {
    const result = scoreArtifacts("example.com", siteWithRobots("User-agent: *\nDisallow: /\n"), NOW).result!;
    const explanation = explainScore(result);
    expect(explanation.gates.length).toBeGreaterThan(0);
    expect(result.score).toBeLessThanOrEqual(explanation.uncapped);
    const sentences = scoreSentences(explanation).join(" ");
    expect(sentences).toContain(`A gate caps the score at ${explanation.gates[0]!.maxScore}`);
    if (explanation.uncapped > result.score) expect(sentences).toContain(`${explanation.uncapped} becomes ${result.score}`);
  });

  test("every pillar assessed: points out of 100, no renormalisation", () => {
    const result = scoreArtifacts("example.com", site(), NOW).result!;
    const explanation = explainScore(result);
    expect(explanation.notAssessed).toEqual([]);
    expect(explanation.assessedWeight).toBe(100);
    expect(scoreSentences(explanation)[0]).toStartWith("Every pillar was assessed");
  });

  test("an old record without gates whose score is below the arithmetic says a gate capped it", () => {
    const pillar = (id: string, score: number, weight: number) => ({ id, title: id, score, weight, points: 0, signals: [{ id: "x", title: "x", status: "pass" as const, score: 1, weight: 1, detail: "", evidence: [] }] });
    const explanation = explainScore({ score: 39, pillars: [pillar("access", 80, 50), pillar("render", 100, 50)] as never });
    expect(explanation.uncapped).toBe(90);
    expect(explanation.unnamedCap).toBe(true);
    expect(scoreSentences(explanation).join(" ")).toContain("this older record does not say which");
  });

  test("numbers are printed with at most one decimal", () => {
    expect(oneDecimal(83.24)).toBe("83.2");
    expect(oneDecimal(90)).toBe("90");
    expect(oneDecimal(92.45)).toBe("92.5");
  });
});
