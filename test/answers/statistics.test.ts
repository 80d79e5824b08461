import { expect, test } from "bun:test";
import type { SampleResult } from "../../src/answers/ask-engine.ts";
import type { AnswerAnalysis } from "../../src/answers/analyze-answer.ts";
import { sampleShares, shareOfVoice, sharesBy } from "../../src/answers/statistics/answer-shares.ts";
import { describeShare, wilsonShare } from "../../src/answers/statistics/wilson-interval.ts";

test("Wilson 95% intervals match published values", () => {
  // Reference values: Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
  const close = (value: number | null, expected: number) => expect(value!).toBeCloseTo(expected, 4);
  const a = wilsonShare(81, 263);
  close(a.low, 0.2553);
  close(a.high, 0.3662);
  const b = wilsonShare(15, 148);
  close(b.low, 0.0624);
  close(b.high, 0.1605);
  const c = wilsonShare(0, 20);
  expect(c.low).toBe(0);
  close(c.high, 0.1611);
  const d = wilsonShare(1, 29);
  close(d.low, 0.0061);
  close(d.high, 0.1718);
  expect(wilsonShare(3, 3).high).toBe(1);
  close(wilsonShare(2, 3).low, 0.2077);
  close(wilsonShare(2, 3).high, 0.9385);
});

test("no trials, no share; bad counts are refused", () => {
  expect(wilsonShare(0, 0)).toEqual({ k: 0, n: 0, share: null, low: null, high: null });
  expect(() => wilsonShare(4, 3)).toThrow(RangeError);
  expect(() => wilsonShare(-1, 3)).toThrow(RangeError);
  expect(() => wilsonShare(1.5, 3)).toThrow(RangeError);
  expect(describeShare(wilsonShare(2, 3), "cited")).toBe("cited in 2 of 3 samples (95% interval 21%–94%)");
  expect(describeShare(wilsonShare(0, 0), "cited")).toBe("cited: no sample answered");
});

function analysis(overrides: Partial<AnswerAnalysis>): AnswerAnalysis {
  return { cited: false, retrievedOnly: false, mentioned: false, position: null, citedDomains: [], otherDomains: [], competitorsCited: [], domainUrls: [], text: "", textCut: false, sources: [], ...overrides };
}
const ok = (engine: "openai" | "gemini", overrides: Partial<AnswerAnalysis>, costUsd = 0.03): SampleResult => ({ engine, model: "m", askedAt: "2026-11-28T00:00:00.000Z", durationMs: 1, costUsd, status: "ok", analysis: analysis(overrides) });
const unavailable = (engine: "openai" | "gemini"): SampleResult => ({ engine, model: "m", askedAt: "2026-11-28T00:00:00.000Z", durationMs: 1, costUsd: 0, status: "unavailable", reason: "timeout", detail: "No answer" });

test("shares count only answered samples; positions average over the cited ones; other domains by samples", () => {
  const results = [
    ok("openai", { cited: true, position: 1, mentioned: true, otherDomains: ["a.com", "b.com"] }),
    ok("openai", { cited: true, position: 3, otherDomains: ["a.com", "a.com"] }),
    ok("openai", { otherDomains: ["b.com", "c.com"] }),
    unavailable("openai"),
  ];
  const shares = sampleShares(results);
  expect(shares.samples).toBe(4);
  expect(shares.unavailable).toBe(1);
  expect([shares.cited.k, shares.cited.n]).toEqual([2, 3]);
  expect([shares.mentioned.k, shares.mentioned.n]).toEqual([1, 3]);
  expect(shares.meanPosition).toBe(2);
  expect(shares.topOtherDomains).toEqual([
    { domain: "a.com", samples: 2 },
    { domain: "b.com", samples: 2 },
    { domain: "c.com", samples: 1 },
  ]);
  expect(shares.costUsd).toBe(0.09);
});

test("grouped by engine", () => {
  const results = [ok("openai", { cited: true, position: 1 }), ok("gemini", {}), unavailable("gemini")];
  const grouped = sharesBy(results, (result) => result.engine, (result) => result);
  expect(grouped.map((group) => [group.key, group.shares.cited.k, group.shares.cited.n, group.shares.unavailable])).toEqual([
    ["openai", 1, 1, 0],
    ["gemini", 0, 1, 1],
  ]);
});

test("share of voice against competitors", () => {
  const results = [
    ok("openai", { cited: true, competitorsCited: ["rival.io"] }),
    ok("openai", { competitorsCited: ["rival.io", "other.net"] }),
    ok("openai", { competitorsCited: ["rival.io"] }),
    unavailable("openai"),
  ];
  const voice = shareOfVoice("example.com", ["rival.io", "other.net", "silent.org"], results);
  expect(voice.map((entry) => [entry.domain, entry.citedSamples, entry.voice])).toEqual([
    ["example.com", 1, 0.2],
    ["rival.io", 3, 0.6],
    ["other.net", 1, 0.2],
    ["silent.org", 0, 0],
  ]);
  expect(voice[1]!.cited).toMatchObject({ k: 3, n: 3 });
  expect(shareOfVoice("example.com", ["rival.io"], [ok("openai", {})])[0]!.voice).toBeNull();
});
