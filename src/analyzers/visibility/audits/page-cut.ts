import { cutExtent, elementCut } from "../../structured-data/bounded-html.ts";
import type { HomepageResponse } from "../gather/artifacts.ts";
import type { AuditOutcome } from "./audit.ts";
import type { HtmlCut } from "../derive/homepage-document.ts";
import { pathOf, type SitePage } from "../derive/site-pages.ts";

/**
 * What a reader must know when the homepage was not read whole: a hostile or very large page is cut at
 * the size limit of one response or when the scan's memory budget runs out, and its DOM is cut at
 * PARSE_MAX_CHARS and MAX_DOM_ELEMENTS; every verdict on its HTML then judges only the part that was read.
 */
export function pageCutNote(homepage: { response: Pick<HomepageResponse, "truncated" | "cutByBudget" | "html" | "bytesRead">; cut: HtmlCut | null }): string | null {
  const notes = [fetchCutNote(homepage.response), domCutNote(homepage.cut)].filter((note) => note !== null);
  return notes.length > 0 ? notes.join(" ") : null;
}

function fetchCutNote(response: Pick<HomepageResponse, "truncated" | "cutByBudget" | "html" | "bytesRead">): string | null {
  if (!response.truncated) return null;
  const size = megabytes(response.bytesRead ?? Buffer.byteLength(response.html));
  const cause = response.cutByBudget ? "when the scan reached its memory budget (SCAN_MEMORY_MB)" : "the most the scan reads of one response (FETCH_MAX_BYTES)";
  return `The page was cut at ${size}, ${cause}: only that part was judged.`;
}

/** "The page was cut after its first 30,000 elements (of 200,004): only that part was judged." */
export function domCutNote(cut: HtmlCut | null): string | null {
  const elements = elementCut(cut);
  return elements ? `The page was cut ${cutExtent(elements)}: only that part was judged.` : null;
}

/**
 * For the verdicts over several pages (content, authorship, dates): which of the pages they judged had
 * their DOM cut, each named by its path, as "The page /blog/a was cut after its first 30,000 elements
 * (of 45,120): only that part was judged."
 */
export function pagesCutNote(pages: readonly Pick<SitePage, "url" | "cut">[]): string | null {
  const notes = pages.flatMap((page) => {
    const elements = elementCut(page.cut);
    return elements ? [`The page ${pathOf(page.url)} was cut ${cutExtent(elements)}: only that part was judged.`] : [];
  });
  return notes.length > 0 ? notes.join(" ") : null;
}

/** The outcome with `note` after its detail, when there is one. */
export function withCutNote(outcome: AuditOutcome, note: string | null): AuditOutcome {
  return note ? { ...outcome, detail: `${outcome.detail} ${note}` } : outcome;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
