/**
 * What changed between two records of a site, computed from their signals (one per audit) so that
 * nothing is stored twice. An audit counts as fixed when it failed or warned before and passes now,
 * and as new when it passed (or did not apply) before and fails or warns now. Audits that only one
 * of the records has (the catalogue changed between them) and audits that could not be judged in
 * either are left out: they say nothing about the site.
 */

export type FindingStatus = "pass" | "warn" | "fail" | "na" | "unknown";

/** One audit's outcome in a record, as far as a comparison needs it. */
export interface Finding {
  id: string;
  title: string;
  status: FindingStatus;
}

export interface ChangedFinding {
  id: string;
  title: string;
  from: FindingStatus;
  to: FindingStatus;
}

export interface RecordChanges {
  fixed: ChangedFinding[];
  appeared: ChangedFinding[];
  /** Still an issue, but warn ↔ fail. */
  regraded: ChangedFinding[];
}

const ISSUE = new Set<FindingStatus>(["warn", "fail"]);
const CLEAN = new Set<FindingStatus>(["pass", "na"]);

export function recordChanges(previous: readonly Finding[], current: readonly Finding[]): RecordChanges {
  const before = new Map(previous.map((finding) => [finding.id, finding]));
  const changes: RecordChanges = { fixed: [], appeared: [], regraded: [] };
  for (const now of current) {
    const then = before.get(now.id);
    if (!then || then.status === now.status) continue;
    const change = { id: now.id, title: now.title, from: then.status, to: now.status };
    if (ISSUE.has(then.status) && now.status === "pass") changes.fixed.push(change);
    else if (CLEAN.has(then.status) && ISSUE.has(now.status)) changes.appeared.push(change);
    else if (ISSUE.has(then.status) && ISSUE.has(now.status)) changes.regraded.push(change);
  }
  return changes;
}

/** The findings of a visibility record (every signal of every pillar); none for a failed or unreadable record. */
export function visibilityFindings(record: unknown): Finding[] {
  const pillars = (record as { result?: { pillars?: unknown } } | null)?.result?.pillars;
  if (!Array.isArray(pillars)) return [];
  const findings: Finding[] = [];
  for (const pillar of pillars) {
    const signals = (pillar as { signals?: unknown }).signals;
    if (!Array.isArray(signals)) continue;
    for (const signal of signals as { id?: unknown; title?: unknown; status?: unknown }[]) {
      if (typeof signal.id !== "string" || typeof signal.title !== "string" || !isStatus(signal.status)) continue;
      findings.push({ id: signal.id, title: signal.title, status: signal.status });
    }
  }
  return findings;
}

function isStatus(value: unknown): value is FindingStatus {
  return value === "pass" || value === "warn" || value === "fail" || value === "na" || value === "unknown";
}
