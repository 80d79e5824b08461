import type { Db } from "../store/database.ts";
import { countScansOf, scanHistoryPage, visitBefore, type StoredScan } from "../store/scans-repo.ts";
import type { ReportSubject } from "./report-subject.ts";

/** Paging bounds of a history read; the history endpoint documents and validates against these. */
export const HISTORY_PAGING = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;

export interface HistoryEntry {
  /** When the scan ran, in ms. */
  scannedAt: number;
  status: "ok" | "failed";
  score: number | null;
  grade: string | null;
  /** Re-scored from an older scan's artifacts (`sightline rescore`) rather than a new visit of the site. */
  rescored: boolean;
}

export interface HistoryPage {
  /** Stored records of the subject in all. */
  total: number;
  limit: number;
  offset: number;
  /** Newest first. */
  entries: HistoryEntry[];
}

export async function reportHistory(db: Db, subject: ReportSubject, page: { limit: number; offset: number }): Promise<HistoryPage> {
  const total = await countScansOf(db, subject.domain);
  const rows = page.offset < total ? await scanHistoryPage(db, subject.domain, page.limit, page.offset) : [];
  return {
    total,
    limit: page.limit,
    offset: page.offset,
    entries: rows.map((row) => ({ scannedAt: row.scannedAt, status: row.status, score: row.score, grade: row.grade, rescored: row.rescored === 1 })),
  };
}

/**
 * The completed visit before `scan`, to say what changed since: failed scans are skipped, having nothing to
 * compare, and re-scores too, which are no visit of the site (issue 28: a re-score was compared with the
 * scan it was re-scored from).
 */
export async function previousRecord(db: Db, scan: StoredScan): Promise<StoredScan | null> {
  return visitBefore(db, scan);
}
