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

export function readDomainReport(db: Db, subject: ReportSubject): DomainReport {
  return { subject, latest: latestRecord(db, subject), running: runningScan(db, subject) };
}
