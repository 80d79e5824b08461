import { failedRecord } from "./failed-record.ts";
import type { HomepageFailure } from "./gather/artifacts.ts";
import type { VisibilityRecord } from "./record-schema.ts";

/**
 * The record of a site whose homepage could not be reached: failed, naming every address tried. Kept
 * apart from the audits so that a scan of an unreachable site never loads them (index.ts).
 */
export function unreachableRecord(domain: string, homepage: HomepageFailure, scannedAt: Date): VisibilityRecord {
  return failedRecord(domain, unreachableReason(homepage), scannedAt);
}

function unreachableReason(homepage: HomepageFailure): string {
  const attempts = homepage.failedAttempts.map((attempt) => `${attempt.url}: ${attempt.message}`).join("; ");
  return `The site could not be reached (${attempts || homepage.error.message}).`;
}
