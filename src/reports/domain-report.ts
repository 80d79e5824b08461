import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { latestRecord } from "./latest-record.ts";
import type { ReportSubject } from "./report-subject.ts";
import { runningScan, type RunningScan } from "./running-scan.ts";

/** What is known of a subject now: its newest record and the scan under way, either or both possibly absent. */
export interface DomainReport {
  subject: ReportSubject;
  latest: StoredScan | null;
  running: RunningScan | null;
}

export async function readDomainReport(db: Db, subject: ReportSubject): Promise<DomainReport> {
  return { subject, latest: await latestRecord(db, subject), running: await runningScan(db, subject) };
}
