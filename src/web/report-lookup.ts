import type { Db } from "../store/database.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import { readDomainReport } from "../reports/domain-report.ts";
import { pageOfDomain, reportSubjectOf, type ReportSubject } from "../reports/report-subject.ts";
import type { RunningScan, ScanProgress } from "../reports/running-scan.ts";
import { reportTimeline, type ReportTimeline } from "../reports/report-timeline.ts";
import { readAnalysedPages, type AnalysedPage } from "../reports/analysed-pages.ts";

/** What GET /report/:domain shows, decided from the path parameter, the stored scans and the queue. */
export type ReportLookup =
  | { kind: "not-a-domain"; error: string }
  /** "WWW.Example.com" → the canonical address of the same report (`page`: the `?url=` to keep, if any). */
  | { kind: "redirect"; domain: string; page?: string }
  /** `?url=` names no page of the domain (another domain, not http(s)). */
  | { kind: "bad-page"; domain: string; error: string }
  /**
   * `running`: a newer scan is queued or running (a rescan); `timeline`: the scans before, for history
   * and changes; `pages`: the domain's analysed pages, for services that keep records per page.
   */
  | { kind: "report"; scan: StoredScan; scanRunning: boolean; running: RunningScan | null; timeline: ReportTimeline; pages: AnalysedPage[] | null }
  | { kind: "in-progress"; domain: string; page: string | null | undefined; state: "queued" | "running"; progress: ScanProgress | null }
  | { kind: "never-scanned"; domain: string; page: string | null | undefined };

export interface LookUpOptions {
  /** The records are per page (the schema service): `page` (the `?url=`) selects one, and pages are listed. */
  perPage?: boolean;
  page?: string;
}

export async function lookUpReport(db: Db, requested: string, options: LookUpOptions = {}): Promise<ReportLookup> {
  const outcome = reportSubjectOf(requested);
  if (!outcome.ok) return { kind: "not-a-domain", error: outcome.error };
  const { domain } = outcome.subject;
  const askedPage = options.perPage && options.page !== undefined && options.page !== "" ? options.page : undefined;
  if (domain !== requested) return { kind: "redirect", domain, ...(askedPage !== undefined ? { page: askedPage } : {}) };
  let subject: ReportSubject = outcome.subject;
  if (askedPage !== undefined) {
    const page = pageOfDomain(domain, askedPage);
    if (!page.ok) return { kind: "bad-page", domain, error: page.error };
    subject = page.subject;
  }
  const { latest, running } = await readDomainReport(db, subject);
  if (latest) {
    return {
      kind: "report",
      scan: latest,
      scanRunning: running !== null,
      running,
      timeline: await reportTimeline(db, latest),
      pages: options.perPage ? await readAnalysedPages(db, subject) : null,
    };
  }
  if (running) return { kind: "in-progress", domain, page: subject.page, state: running.state, progress: running.progress };
  return { kind: "never-scanned", domain, page: subject.page };
}
