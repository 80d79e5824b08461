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

function siteRecord(grade: string, templates: { template: string; read: number; judged: number }[], site = true) {
  return {
    status: "ok",
    result: {
      grade,
      pillars: [],
      ...(site
        ? {
            site: {
              pages: { budget: 20, discovered: 9, sampled: 9, sound: 9, withIssues: 0, failed: 0, skipped: 0 },
              cut: null,
              templates: [],
              reach: [{ platform: "perplexity", name: "Perplexity", pagesRead: 0, pagesJudged: 0, templates: templates.map((entry) => ({ ...entry, cause: entry.read === 0 ? "blocked by robots.txt" : null })) }],
            },
          }
        : {}),
    },
  };
}

test("a template fires only when a platform read some of its judged pages and now reads none of them", () => {
  const before = siteRecord("B", [{ template: "/blog/<slug>", read: 2, judged: 3 }, { template: "/docs/<slug>", read: 3, judged: 3 }, { template: "/shop/<id>", read: 0, judged: 2 }, { template: "/tags/<t>", read: 1, judged: 1 }]);
  const after = siteRecord("B", [{ template: "/blog/<slug>", read: 0, judged: 3 }, { template: "/docs/<slug>", read: 1, judged: 3 }, { template: "/shop/<id>", read: 0, judged: 2 }, { template: "/tags/<t>", read: 0, judged: 0 }]);
  expect(scanTriggers(before, after)).toEqual([
    { kind: "template-lost", platform: "Perplexity", template: "/blog/<slug>", from: { read: 2, judged: 3 }, to: { read: 0, judged: 3 }, cause: "blocked by robots.txt" },
  ]);
  // Records without the site-wide summary, or with one that does not match its schema, give no template alert.
  expect(scanTriggers(siteRecord("B", [], false), after)).toEqual([]);
  const malformed = { status: "ok", result: { grade: "B", site: { reach: "everything" } } };
  expect(scanTriggers(before, malformed)).toEqual([]);
});
