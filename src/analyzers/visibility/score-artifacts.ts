import { runAudits } from "./scoring/run-audits.ts";
import type { Artifacts } from "./gather/artifacts.ts";
import { homepageUnreachable } from "./gather/homepage.ts";
import { offSiteRecord } from "./offsite/offsite-record.ts";
import type { VisibilityRecord } from "./record-schema.ts";
import { sampledPages } from "./sampled-pages.ts";
import { scoreResult } from "./scoring/score-result.ts";
import { unreachableRecord } from "./unreachable-record.ts";

/**
 * Judges gathered artifacts and builds the record. Pure, so stored artifacts can be re-scored after a
 * scoring change without refetching anything.
 */
export function scoreArtifacts(domain: string, artifacts: Artifacts, scannedAt: Date): VisibilityRecord {
  if (homepageUnreachable(artifacts.homepage)) return unreachableRecord(domain, artifacts.homepage, scannedAt);
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
