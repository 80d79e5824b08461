import type { HomepageResponse } from "../gather/artifacts.ts";

/**
 * What a reader must know when the homepage was not read whole: a hostile or very large page is cut at
 * the size limit of one response or when the scan's memory budget runs out, and every verdict on its
 * HTML then judges only the part that was read.
 */
export function pageCutNote(response: Pick<HomepageResponse, "truncated" | "cutByBudget" | "html">): string | null {
  if (!response.truncated) return null;
  const size = megabytes(Buffer.byteLength(response.html));
  const cause = response.cutByBudget ? "when the scan reached its memory budget (SCAN_MEMORY_MB)" : "the most the scan reads of one response (FETCH_MAX_BYTES)";
  return `The page was cut at ${size}, ${cause}: only that part was judged.`;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
