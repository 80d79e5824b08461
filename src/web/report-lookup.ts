import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { readDomainReport } from "../reports/domain-report.ts";
import { reportSubjectOf } from "../reports/report-subject.ts";
import type { RunningScan, ScanProgress } from "../reports/running-scan.ts";
import { reportTimeline, type ReportTimeline } from "../reports/report-timeline.ts";

/** What GET /report/:domain shows, decided from the path parameter, the stored scans and the queue. */
export type ReportLookup =
  | { kind: "not-a-domain"; error: string }
  /** "WWW.Example.com" → the canonical address of the same report. */
  | { kind: "redirect"; domain: string }
  /** `running`: a newer scan is queued or running (a rescan); `timeline`: the scans before, for history and changes. */
  | { kind: "report"; scan: StoredScan; scanRunning: boolean; running: RunningScan | null; timeline: ReportTimeline }
  | { kind: "in-progress"; domain: string; state: "queued" | "running"; progress: ScanProgress | null }
  | { kind: "never-scanned"; domain: string };

export async function lookUpReport(db: Db, requested: string): Promise<ReportLookup> {
  const outcome = reportSubjectOf(requested);
  if (!outcome.ok) return { kind: "not-a-domain", error: outcome.error };
  const { domain } = outcome.subject;
  if (domain !== requested) return { kind: "redirect", domain };
  const { latest, running } = await readDomainReport(db, outcome.subject);
  if (latest) return { kind: "report", scan: latest, scanRunning: running !== null, running, timeline: await reportTimeline(db, latest) };
  if (running) return { kind: "in-progress", domain, state: running.state, progress: running.progress };
  return { kind: "never-scanned", domain };
}
