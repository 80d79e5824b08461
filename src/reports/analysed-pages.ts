import type { Db } from "../store/database.ts";
import { analysedPages, type AnalysedPage } from "../store/scans-repo.ts";
import type { ReportSubject } from "./report-subject.ts";

export type { AnalysedPage };

/** How many of a domain's pages a report lists: the most recently analysed ones. */
export const LISTED_PAGES = 50;

/** The subject's domain's analysed pages (the schema service keeps records per page), most recently scanned first. */
export function readAnalysedPages(db: Db, subject: ReportSubject, limit = LISTED_PAGES): Promise<AnalysedPage[]> {
  return analysedPages(db, subject.domain, limit);
}
