import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { latestRecord } from "./latest-record.ts";
import { reportSubjectOf } from "./report-subject.ts";

/** How many domains one comparison puts side by side. */
export const COMPARE_DOMAINS = { min: 2, max: 4 } as const;

/** One column of a comparison: the name asked for, and its latest record when it is a domain that has one. */
export type ComparedReport =
  | { requested: string; kind: "not-a-domain"; error: string }
  | { requested: string; kind: "never-scanned"; domain: string }
  | { requested: string; kind: "report"; domain: string; latest: StoredScan };

/** The latest records of the domains asked for, in the order asked; a domain named twice counts once. */
export async function readComparison(db: Db, requested: readonly string[]): Promise<ComparedReport[]> {
  const seen = new Set<string>();
  const columns: ComparedReport[] = [];
  for (const name of requested) {
    const outcome = reportSubjectOf(name);
    if (!outcome.ok) {
      columns.push({ requested: name, kind: "not-a-domain", error: outcome.error });
      continue;
    }
    const { subject } = outcome;
    if (seen.has(subject.domain)) continue;
    seen.add(subject.domain);
    const latest = await latestRecord(db, subject);
    columns.push(latest ? { requested: name, kind: "report", domain: subject.domain, latest } : { requested: name, kind: "never-scanned", domain: subject.domain });
  }
  return columns;
}
