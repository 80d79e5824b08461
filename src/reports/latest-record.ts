import type { Db } from "../store/database.ts";
import { latestScan, scanHistory, type StoredScan } from "../store/scans-repo.ts";
import type { ReportSubject } from "./report-subject.ts";

/** The subject's newest stored record, whatever its age, or null when it has none. Served from the store's memory cache. */
export async function latestRecord(db: Db, subject: ReportSubject): Promise<StoredScan | null> {
  return latestScan(db, subject.domain, subject.page);
}

/**
 * The record a scan stored after row `afterId` (0: any), or null. `sightline rescore` stores rows too,
 * judged from an older scan's artifacts: those are not a new scan, so when the latest row is one, the
 * few newest rows are read to find a scan beside it.
 */
export async function scannedAfter(db: Db, subject: ReportSubject, afterId: number): Promise<StoredScan | null> {
  const latest = await latestRecord(db, subject);
  if (!latest || latest.id <= afterId) return null;
  if (!isRescore(latest)) return latest;
  return (await scanHistory(db, subject.domain, 5, subject.page)).find((scan) => scan.id > afterId && !isRescore(scan)) ?? null;
}

export function isRescore(scan: StoredScan): boolean {
  return scan.recordJson.includes('"rescoredFrom"') && (JSON.parse(scan.recordJson) as { rescoredFrom?: unknown }).rescoredFrom !== undefined;
}
