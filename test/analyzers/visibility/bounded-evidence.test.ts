/**
 * Issue 30, finding 1, for the visibility record, whose shape the interface fixes: a signal's evidence
 * keeps its shape (strings) and is bounded in number and length, the rest counted in a last entry.
 */
import { expect, test } from "bun:test";
import { boundedEvidence, MAX_EVIDENCE_CHARS, MAX_EVIDENCE_ENTRIES } from "../../../src/analyzers/visibility/scoring/bounded-evidence.ts";
import { scorePillars } from "../../../src/analyzers/visibility/scoring/score-pillars.ts";
import type { ScoredAudit } from "../../../src/analyzers/visibility/scoring/scored-audit.ts";

test("a few short quotes are kept as they are", () => {
  expect(boundedEvidence(["robots.txt: Disallow: /", "HTTP 200"])).toEqual(["robots.txt: Disallow: /", "HTTP 200"]);
});

test("thousands of quotes keep the first ones and count the rest; a long quote is cut", () => {
  const evidence = Array.from({ length: 5000 }, (_, index) => `https://site.test/page-${index}`);
  evidence[0] = "x".repeat(10 * MAX_EVIDENCE_CHARS);
  const kept = boundedEvidence(evidence);
  expect(kept).toHaveLength(MAX_EVIDENCE_ENTRIES + 1);
  expect(kept[0]).toBe(`${"x".repeat(MAX_EVIDENCE_CHARS)}…`);
  expect(kept[1]).toBe("https://site.test/page-1");
  expect(kept.at(-1)).toBe(`… and ${5000 - MAX_EVIDENCE_ENTRIES} more (at most ${MAX_EVIDENCE_ENTRIES} quoted per signal)`);
});

test("the record's signals carry bounded evidence", () => {
  const scored = [
    {
      audit: { id: "robots-ai-search-access", title: "T", pillar: "access", weight: 1, impact: "high" },
      outcome: { status: "fail", score: 0, detail: "d", evidence: Array.from({ length: 300 }, (_, index) => `line ${index}`) },
    },
  ] as unknown as ScoredAudit[];
  const signal = scorePillars(scored).flatMap((entry) => entry.pillar.signals)[0]!;
  expect(signal.evidence).toHaveLength(MAX_EVIDENCE_ENTRIES + 1);
  expect(signal.evidence.at(-1)).toBe(`… and ${300 - MAX_EVIDENCE_ENTRIES} more (at most ${MAX_EVIDENCE_ENTRIES} quoted per signal)`);
});
