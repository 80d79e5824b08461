import { expect, test } from "bun:test";
import { groupShareTriggers, scanTriggers } from "../../src/answers/alerts/alert-triggers.ts";
import { wilsonShare } from "../../src/answers/statistics/wilson-interval.ts";
import type { SampleShares } from "../../src/answers/statistics/answer-shares.ts";

function record(grade: string, reach: string[], status = "ok") {
  return { status, result: { grade, pillars: [{ signals: [{ id: "ai-platform-reach", evidence: reach }] }] } };
}

test("a lower grade and a platform that stops reading trigger; better or unknown do not", () => {
  const before = record("B", ["ChatGPT: can read — robots allows", "Claude: limited — slow", "Perplexity: can read"]);
  const after = record("C", ["ChatGPT: cannot read — blocked by robots.txt", "Claude: cannot read — 403", "Perplexity: unknown — timeout"]);
  expect(scanTriggers(before, after)).toEqual([
    { kind: "grade-dropped", from: "B", to: "C" },
    { kind: "platform-lost", platform: "ChatGPT", from: "reads", to: "blocked" },
    { kind: "platform-lost", platform: "Claude", from: "limited", to: "blocked" },
  ]);
  expect(scanTriggers(after, before)).toEqual([]);
  // A failed scan has no grade: nothing to compare.
  expect(scanTriggers(before, record("F", [], "failed"))).toEqual([]);
  expect(scanTriggers(null, before)).toEqual([]);
});

const shares = (k: number, n: number): SampleShares => ({ samples: n, unavailable: 0, cited: wilsonShare(k, n), mentioned: wilsonShare(0, n), meanPosition: null, topOtherDomains: [], costUsd: 0 });

test("a group's citation share falling by more than the threshold triggers; unanswered groups never do", () => {
  const previous = [{ group: "buying", shares: shares(6, 6) }, { group: "local", shares: shares(3, 6) }, { group: "brand", shares: shares(2, 2) }];
  const latest = [{ group: "buying", shares: shares(3, 6) }, { group: "local", shares: shares(2, 6) }, { group: "brand", shares: shares(0, 0) }, { group: "new", shares: shares(0, 3) }];
  expect(groupShareTriggers(previous, latest, 0.2)).toEqual([{ kind: "group-share-dropped", group: "buying", from: wilsonShare(6, 6), to: wilsonShare(3, 6), threshold: 0.2 }]);
  expect(groupShareTriggers(previous, latest, 0.5)).toEqual([]);
});
