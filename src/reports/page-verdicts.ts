import { AI_PLATFORMS } from "../analyzers/visibility/platforms.ts";
import { MAX_PAGES_PER_RECORD } from "../scans/bounded-page-verdicts.ts";
import type { Db } from "../store/database.ts";
import { pageTemplatesOf, pageVerdictsOf } from "../store/scan-pages-repo.ts";
import { latestRecord } from "./latest-record.ts";
import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";
import { verdictIndex, type VerdictIndex } from "./cited-page-verdicts.ts";
import type { ReportSubject } from "./report-subject.ts";

/**
 * The one read path for a domain's per-page verdicts (the API's pages.json and the report's pages
 * table): the latest record's verdicts, filtered and a page at a time. History never mixes scans:
 * only the verdicts stored with that record are read.
 */

/** Paging bounds of a verdicts read; pages.json documents and validates against these. */
export const PAGE_VERDICT_PAGING = { defaultLimit: 50, maxLimit: 200, maxOffset: MAX_PAGES_PER_RECORD } as const;

export const VERDICT_WORDS = ["sound", "issues", "failed", "skipped"] as const;
export type VerdictWord = (typeof VERDICT_WORDS)[number];

/** The ids a `platform` filter accepts: those of /api/platforms. */
export const PLATFORM_IDS: readonly string[] = AI_PLATFORMS.map((platform) => platform.id);

export interface PageVerdictFilters {
  template?: string;
  /** A verdict word, or an HTTP status of the final response. */
  status?: VerdictWord | number;
  /** Pages this AI platform cannot find or read. */
  platform?: string;
}

export interface PageVerdictsPage {
  scanId: number;
  scannedAt: number;
  /** Verdicts matching the filters in all. */
  total: number;
  /** Whether the record has verdicts at all (a single-page scan, or one from before site-wide scans, has none). */
  siteWide: boolean;
  /** The record's templates with their page counts, largest first (for filter menus). */
  templates: { template: string; pages: number }[];
  offset: number;
  limit: number;
  /** Each verdict's JSON, as stored, in the order sampled (the homepage first). */
  pagesJson: string[];
}

/** The latest record's verdicts that match; null when the subject has no record. */
export async function latestPageVerdicts(
  db: Db,
  subject: ReportSubject,
  query: PageVerdictFilters & { offset: number; limit: number },
): Promise<PageVerdictsPage | null> {
  const scan = await latestRecord(db, subject);
  if (!scan) return null;
  return pageVerdictsOfScan(db, scan, query);
}

/** The verdicts stored with one scan row that match (the report page has the row already). */
export async function pageVerdictsOfScan(
  db: Db,
  scan: { id: number; scannedAt: number },
  query: PageVerdictFilters & { offset: number; limit: number },
): Promise<PageVerdictsPage> {
  const templates = await pageTemplatesOf(db, scan.id);
  const status = query.status === undefined ? undefined : typeof query.status === "number" ? { http: query.status } : { verdict: query.status };
  const { total, pages } = await pageVerdictsOf(db, scan.id, {
    ...(query.template !== undefined ? { template: query.template } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(query.platform !== undefined ? { platform: query.platform } : {}),
    offset: query.offset,
    limit: query.limit,
  });
  return { scanId: scan.id, scannedAt: scan.scannedAt, total, siteWide: templates.length > 0, templates, offset: query.offset, limit: query.limit, pagesJson: pages };
}

/** A `status` filter as given ("issues", "404"), or null when it is neither a verdict word nor a three-digit HTTP status. */
export function parseStatusFilter(text: string): VerdictWord | number | null {
  if ((VERDICT_WORDS as readonly string[]).includes(text)) return text as VerdictWord;
  return /^[1-5]\d\d$/.test(text) ? Number(text) : null;
}

/** The latest scan's verdicts of a domain, indexed for joining the pages AI answers cite (answers page); null when it has no site-wide scan. */
export async function citedPageVerdicts(db: Db, domain: string): Promise<VerdictIndex | null> {
  const page = await latestPageVerdicts(db, { domain }, { offset: 0, limit: MAX_PAGES_PER_RECORD });
  if (!page || !page.siteWide) return null;
  return verdictIndex(page.pagesJson.map((json) => JSON.parse(json) as PageVerdict));
}
