import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { previousRecord, reportHistory, type HistoryEntry } from "./report-history.ts";

/** What a report page shows of the past: the newest scans for a chart, and the record to compare the shown one with. */
export interface ReportTimeline {
  /** Newest first, at most `points`. */
  entries: HistoryEntry[];
  /** Stored records of the subject in all. */
  total: number;
  /** The completed scan before the shown one, or null (the first scan, or only failed ones before it). */
  previous: StoredScan | null;
}

export async function reportTimeline(db: Db, shown: StoredScan, points = 30): Promise<ReportTimeline> {
  const page = await reportHistory(db, { domain: shown.domain }, { limit: points, offset: 0 });
  return { entries: page.entries, total: page.total, previous: await previousRecord(db, shown) };
}
