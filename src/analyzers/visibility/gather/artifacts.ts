import type { FetchErrorCode } from "../../../net/fetch-types.ts";

/**
 * Everything a visibility scan gathers, as plain JSON: stored beside the record so that a scoring change
 * can re-score old scans without refetching. Each artifact records its own failure instead of throwing.
 * Later gatherers add fields here; audits must treat a missing artifact (an older scan) as unknown.
 */

/** Bumped when an artifact's shape changes incompatibly, so stored artifacts can be recognised. */
export const ARTIFACTS_VERSION = 1;

export interface Artifacts {
  version: typeof ARTIFACTS_VERSION;
  /** The normalised domain the scan was asked for. */
  domain: string;
  homepage: HomepageArtifact;
  robotsTxt: RobotsTxtArtifact;
}

/** "skipped": not requested because an earlier artifact made it pointless; "internal": a bug, not the site. */
export type GatherErrorCode = FetchErrorCode | "skipped" | "internal";

export interface GatherError {
  code: GatherErrorCode;
  message: string;
  /** The URL that was being fetched. */
  url: string;
}

export interface Redirect {
  url: string;
  status: number;
}

export type HomepageArtifact = HomepageResponse | HomepageFailure;

export interface HomepageResponse {
  ok: true;
  /** The candidate URL that answered (after fallbacks such as http:// or www.). */
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  html: string;
  /** True when the body was cut at the fetcher's byte limit. */
  truncated: boolean;
  redirects: Redirect[];
  timing: { ttfbMs: number; totalMs: number };
  /** Candidates tried before the one that answered, with why each failed. */
  failedAttempts: GatherError[];
}

export interface HomepageFailure {
  ok: false;
  /** The error of the last candidate tried. */
  error: GatherError;
  /** Every candidate tried, in order. */
  failedAttempts: GatherError[];
}

export type RobotsTxtArtifact = RobotsTxtResponse | RobotsTxtFailure;

export interface RobotsTxtResponse {
  ok: true;
  url: string;
  finalUrl: string;
  status: number;
  contentType: string | null;
  text: string;
  truncated: boolean;
  redirects: Redirect[];
}

export interface RobotsTxtFailure {
  ok: false;
  url: string;
  error: GatherError;
}
