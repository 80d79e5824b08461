import { failedRecord } from "./failed-record.ts";
import type { HomepageArtifact, HomepageFailure, HomepageResponse } from "./gather/artifacts.ts";
import { homepageServerError, homepageUnreachable } from "./gather/homepage.ts";
import type { VisibilityRecord } from "./record-schema.ts";

/**
 * The record of a site whose homepage could not be scanned: failed, with the reason. Kept apart from the
 * audits so that such a scan never loads them (index.ts). Null when the homepage can be judged.
 */
export function unscorableRecord(domain: string, homepage: HomepageArtifact, scannedAt: Date): VisibilityRecord | null {
  if (homepageUnreachable(homepage)) return unreachableRecord(domain, homepage, scannedAt);
  if (homepage.ok && homepageServerError(homepage)) return failedRecord(domain, serverErrorReason(homepage), scannedAt);
  return null;
}

export function unreachableRecord(domain: string, homepage: HomepageFailure, scannedAt: Date): VisibilityRecord {
  return failedRecord(domain, unreachableReason(homepage), scannedAt);
}

function unreachableReason(homepage: HomepageFailure): string {
  const attempts = homepage.failedAttempts.map((attempt) => `${attempt.url}: ${attempt.message}`).join("; ");
  return `The site could not be reached (${attempts || homepage.error.message}).`;
}

/** A server error says the server failed, not what the site is: scoring it would grade an outage. */
function serverErrorReason(homepage: HomepageResponse): string {
  const again = homepage.retried
    ? homepage.retried.firstStatus === homepage.status
      ? `, and HTTP ${homepage.status} again when asked once more after ${homepage.retried.waitMs / 1000} s`
      : ` (HTTP ${homepage.retried.firstStatus} first, then HTTP ${homepage.status} when asked once more after ${homepage.retried.waitMs / 1000} s)`
    : "";
  return `The homepage ${homepage.requestedUrl} answered HTTP ${homepage.status}${again}: a server error, so the site could not be scanned and was not scored. Scan again once the server answers.`;
}
