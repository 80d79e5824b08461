import { runAudits } from "./audits/run-audits.ts";
import { failedRecord } from "./failed-record.ts";
import type { Artifacts, HomepageFailure } from "./gather/artifacts.ts";
import { homepageUnreachable } from "./gather/homepage.ts";
import { offSiteRecord } from "./offsite/offsite-record.ts";
import type { VisibilityRecord } from "./record-schema.ts";
import { sampledPages } from "./sampled-pages.ts";
import { scoreResult } from "./scoring/score-result.ts";

/**
 * Judges gathered artifacts and builds the record. Pure, so stored artifacts can be re-scored after a
 * scoring change without refetching anything.
 */
export function scoreArtifacts(domain: string, artifacts: Artifacts, scannedAt: Date): VisibilityRecord {
  if (homepageUnreachable(artifacts.homepage)) return failedRecord(domain, unreachableReason(artifacts.homepage), scannedAt);
  return {
    domain,
    status: "ok",
    scannedAt: scannedAt.toISOString(),
    result: scoreResult(runAudits(artifacts)),
    offSite: offSiteRecord(artifacts),
    pages: sampledPages(artifacts),
    durationMs: artifacts.gatherMs ?? null,
  };
}

function unreachableReason(homepage: HomepageFailure): string {
  const attempts = homepage.failedAttempts.map((attempt) => `${attempt.url}: ${attempt.message}`).join("; ");
  return `The site could not be reached (${attempts || homepage.error.message}).`;
}
