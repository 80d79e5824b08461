import type { FetchErrorCode } from "../../../net/fetch-types.ts";

/** Everything the schema analyzer fetched for one scan: the page, or why it could not be had. */

export interface PageFetchError {
  code: FetchErrorCode | "internal";
  message: string;
  url: string;
}

export interface PageResponse {
  ok: true;
  requestedUrl: string;
  finalUrl: string;
  status: number;
  contentType: string;
  html: string;
  /** The body's size as read, after decompression (the HTML drops NUL characters); absent from older artifacts. */
  bytesRead?: number;
  truncated: boolean;
  /** True when what cut it was the scan's memory budget (SCAN_MEMORY_MB), not the size limit of one response. */
  cutByBudget?: boolean;
}

export interface PageFailure {
  ok: false;
  error: PageFetchError;
  /** Every URL tried, in order, with why it failed. */
  attempts: PageFetchError[];
}

export interface SchemaArtifacts {
  page: PageResponse | PageFailure;
}
