import { insertScan } from "../../src/store/scans-repo.ts";
import { recordFacts } from "../../src/analyzers/record-facts.ts";
import type { Db } from "../../src/store/database.ts";
import type { VisibilityRecord, Pillar, Issue } from "../../src/analyzers/visibility/record-schema.ts";
import { PILLARS } from "../../src/analyzers/visibility/scoring/pillars.ts";
import { gradeFor } from "../../src/analyzers/visibility/scoring/grades.ts";

/** A complete visibility record with the given score; `text` fills every free-text field. */
export function okRecord(domain: string, score: number, text = "Found it.", scannedAt = "2026-11-20T10:00:00.000Z"): VisibilityRecord {
  const { grade, label } = gradeFor(score);
  const pillars: Pillar[] = PILLARS.map((pillar) => ({
    id: pillar.id,
    title: pillar.title,
    score,
    weight: pillar.weight,
    points: Math.round(score * pillar.weight) / 100,
    signals: [
      { id: `${pillar.id}-one`, title: `${pillar.title} check`, status: "pass", score: 1, weight: 1, detail: text, evidence: [text, "HTTP 200"] },
      { id: `${pillar.id}-two`, title: `${pillar.title} second check`, status: "fail", score: 0, weight: 1, detail: `Second: ${text}`, evidence: [] },
    ],
  }));
  const topIssues: Issue[] = [
    { id: "first-issue", title: "First issue", status: "fail", impact: "critical", detail: text, fix: { what: `What: ${text}`, why: `Why: ${text}`, how: `How: ${text}\n\n\`\`\`html\n${text}\n\`\`\``, effort: "S" } },
    { id: "second-issue", title: "Second issue", status: "warn", impact: "low", detail: "Minor.", fix: { what: "Tidy up", why: "Because", how: "Allow everyone in robots.txt:\n\n```text\nUser-agent: *\nAllow: /\n```", effort: "M" } },
  ];
  return {
    domain,
    status: "ok",
    scannedAt,
    result: { score, grade, label, pillars, topIssues },
    offSite: {
      wikidata: { status: "found", detail: text, url: "https://www.wikidata.org/wiki/Q42" },
      wikipedia: { status: "not_found", detail: "No article.", url: null },
      commonCrawl: { status: "unknown", detail: text, url: `javascript:alert("xss-offsite")` },
    },
  };
}

export function failedRecordFor(domain: string, reason: string, scannedAt = "2026-11-20T10:00:00.000Z"): VisibilityRecord {
  return { domain, status: "failed", scannedAt, result: null, offSite: null, reason };
}

export function storeRecord(db: Db, record: VisibilityRecord): Promise<number> {
  return insertScan(db, {
    domain: record.domain,
    status: record.status,
    score: record.result?.score ?? null,
    // As the scan path stores them (rowOf): the facts history reads, in their columns.
    ...recordFacts(record),
    scannedAt: Date.parse(record.scannedAt),
    recordJson: JSON.stringify(record),
    artifactsJson: null,
    caller: { kind: "pipeline" },
  });
}
