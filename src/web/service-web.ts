import type { ServiceName } from "../analyzers/analyzer.ts";
import type { PagesTableView } from "./report-pages-table.ts";
import type { SafeHtml } from "./html.ts";
import type { PageContext } from "./page-context.ts";
import type { StoredScan } from "../store/scans-repo.ts";
import type { RunningScan } from "../reports/running-scan.ts";
import type { ReportTimeline } from "../reports/report-timeline.ts";
import type { AnalysedPage } from "../reports/analysed-pages.ts";
import { schemaWeb } from "./schema/schema-web.ts";
import { visibilityWeb } from "./visibility/visibility-web.ts";

/**
 * What a service contributes to the shared web pages: its words on the home page, what a scan
 * checks, its report page and its badge. The form, progress, not-found and badge plumbing are
 * shared. The schema service plugs in here with its own report page (detected items, errors and
 * warnings, rich-result eligibility, generated JSON-LD with a copy button) when it exists.
 */
export interface ServiceWeb {
  /** The service's name for titles, e.g. "AI visibility". */
  readonly name: string;
  readonly home: {
    title: string;
    heading: string;
    lead: string;
    inputLabel: string;
    placeholder: string;
    hint: string;
    /** Another way in that the service offers, linked under the form (the schema service's paste check). */
    more?: { href: string; text: string };
  };
  /** What one scan looks at, shown on the home page and while a scan runs. */
  readonly checks: readonly ScanCheck[];
  /** The report page of a stored scan; `scanRunning` when a newer scan is under way, whose state `extras.running` gives. */
  renderReport(context: PageContext, scan: StoredScan, scanRunning: boolean, extras?: ReportExtras): ReportPageParts;
  /** What the badge of a stored scan (or of a never-scanned domain, null) says. */
  badge(scan: StoredScan | null): BadgeContent;
}

/** What the read path knows besides the record: the scan under way, and the scans before (src/reports/). */
export interface ReportExtras {
  running: RunningScan | null;
  timeline: ReportTimeline | null;
  /** The domain's analysed pages, newest first, where records are kept per page (the schema service). */
  pages?: readonly AnalysedPage[] | null;
  /** The record's per-page verdicts as the report's pages table shows them (site-wide visibility scans), or null. */
  pagesTable?: PagesTableView | null;
  /** Which page of the record's items to show (`?items=`, 1-based), where a report lists items (the schema service). */
  itemsPage?: number;
}

export interface ScanCheck {
  title: string;
  description: string;
  /** Looked up on other sites (Wikidata, Wikipedia, Common Crawl): not done when OFFSITE_CHECKS=off. */
  offsite?: boolean;
}

export interface ReportPageParts {
  title: string;
  description: string;
  /** Open Graph and other head elements. */
  head: SafeHtml;
  body: SafeHtml;
}

export interface BadgeContent {
  /** Left half, e.g. "AI visibility". */
  label: string;
  /** Right half, e.g. "B · 78". */
  message: string;
  /** A–F picks the grade colour; null is the neutral grey. */
  grade: "A" | "B" | "C" | "D" | "F" | null;
  /** The badge's text alternative. */
  title: string;
}

/** The web pages of a service, or null while a service has none (the schema service, for now). */
export function serviceWebFor(service: ServiceName): ServiceWeb | null {
  switch (service) {
    case "visibility":
      return visibilityWeb;
    case "schema":
      return schemaWeb;
  }
}
