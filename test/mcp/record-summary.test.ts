import { describe, expect, test } from "bun:test";
import { summarizeRecord } from "../../src/mcp/visibility/record-summary.ts";
import { failedRecord } from "../../src/analyzers/visibility/failed-record.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";

const URL_OF_RECORD = "https://scan.example.test/api/report/shop.test.json";

function record(): VisibilityRecord {
  return {
    domain: "shop.test",
    status: "ok",
    scannedAt: "2025-03-01T10:00:00.000Z",
    result: {
      score: 38,
      grade: "F",
      label: "Poor",
      pillars: [
        {
          id: "access",
          title: "Access for AI crawlers",
          score: 20,
          points: 5,
          weight: 25,
          signals: [{ id: "robots-ai-search-access", title: "AI search crawlers allowed", status: "fail", score: 0.2, weight: 3, detail: "Blocked.", evidence: [] }],
        },
        { id: "content", title: "Content", score: 0, points: 0, weight: 15, signals: [{ id: "x", title: "X", status: "na", score: null, weight: 1, detail: "", evidence: [] }] },
      ],
      topIssues: [
        {
          id: "robots-ai-search-access",
          title: "AI search crawlers allowed",
          status: "fail",
          impact: "critical",
          detail: "robots.txt blocks OAI-SearchBot and PerplexityBot.",
          fix: { what: "Allow AI search crawlers in robots.txt", why: "Blocked crawlers cannot cite you.", how: "Add:\nUser-agent: OAI-SearchBot\nAllow: /", effort: "S" },
        },
      ],
    },
    offSite: {
      wikidata: { status: "found", detail: "Q1", url: "https://www.wikidata.org/wiki/Q1" },
      wikipedia: { status: "not_found", detail: "", url: null },
      commonCrawl: { status: "unknown", detail: "timeout", url: null },
    },
  };
}

describe("summarizeRecord", () => {
  test("states score, grade, pillars, every issue with its fix, off-site presence and the record's URL", () => {
    const text = summarizeRecord(record(), URL_OF_RECORD);
    expect(text).toStartWith("shop.test: AI visibility 38/100, grade F (Poor). Scanned 2025-03-01T10:00:00.000Z.");
    expect(text).toContain("- Access for AI crawlers: 20 (weight 25)");
    expect(text).toContain("- Content: not assessed, not counted (weight 15)");
    expect(text).toContain("1. [critical, fail] AI search crawlers allowed: robots.txt blocks OAI-SearchBot and PerplexityBot.");
    expect(text).toContain("Fix (effort S): Allow AI search crawlers in robots.txt. Why: Blocked crawlers cannot cite you.");
    // A multi-line "how" stays indented under its issue.
    expect(text).toContain("   How: Add:\n   User-agent: OAI-SearchBot\n   Allow: /");
    // The arithmetic: Content is left out, the rest scaled to 100.
    expect(text).toContain("How the score adds up:\n- Content was not assessed");
    expect(text).toContain("- The assessed pillars earn 5 of their 25 points. Scaled to 100: 5 ÷ 25 × 100 = 20, which rounds to 20.");
    expect(text).toContain("Off-site presence: Wikidata found (https://www.wikidata.org/wiki/Q1); Wikipedia not found; Common Crawl unknown.");
    expect(text).toEndWith(URL_OF_RECORD);
  });

  test("lists the pages read and the scan's duration when the record has them", () => {
    const text = summarizeRecord(
      { ...record(), pages: [{ url: "https://shop.test/", role: "homepage", source: "request", status: 200 }, { url: "https://shop.test/about", role: "about", source: "homepage", status: null, error: "timed out" }], durationMs: 2345 },
      URL_OF_RECORD,
    );
    expect(text).toContain("Pages read: https://shop.test/ (homepage, HTTP 200); https://shop.test/about (about, failed: timed out). The scan took 2.3 s.");
    expect(summarizeRecord(record(), URL_OF_RECORD)).not.toContain("Pages read");
  });

  test("a failed scan gives its reason and no score", () => {
    const text = summarizeRecord(failedRecord("down.test", "Connection refused", new Date("2025-03-01T10:00:00Z")), URL_OF_RECORD);
    expect(text).toContain("down.test: the scan of 2025-03-01T10:00:00.000Z could not analyse the site: Connection refused. There is no score.");
    expect(text).not.toContain("/100");
  });
});
