import { runAudits } from "./scoring/run-audits.ts";
import type { Artifacts } from "./gather/artifacts.ts";
import { offSiteRecord } from "./offsite/offsite-record.ts";
import type { VisibilityRecord } from "./record-schema.ts";
import { sampledPages } from "./sampled-pages.ts";
import { agentOfferingsRecord } from "./agent-offerings-record.ts";
import { scoreResult } from "./scoring/score-result.ts";
import { unscorableRecord } from "./unreachable-record.ts";
import { siteVerdicts } from "./derive/site-verdicts.ts";
import type { PageVerdict } from "./site-record-schema.ts";

/**
 * Judges gathered artifacts and builds the record. Pure, so stored artifacts can be re-scored after a
 * scoring change without refetching anything.
 */
export function scoreArtifacts(domain: string, artifacts: Artifacts, scannedAt: Date): VisibilityRecord {
  const unscorable = unscorableRecord(domain, artifacts.homepage, scannedAt);
  if (unscorable) return unscorable;
  const site = siteVerdicts(artifacts);
  return {
    domain,
    status: "ok",
    scannedAt: scannedAt.toISOString(),
    result: { ...scoreResult(runAudits(artifacts)), ...(site ? { site: site.summary } : {}) },
    offSite: offSiteRecord(artifacts),
    pages: sampledPages(artifacts),
    ...agentOfferingsRecord(artifacts),
    durationMs: artifacts.gatherMs ?? null,
  };
}

/** A site-wide scan's verdict on each sampled page, the homepage first, stored beside the record; undefined when the scan read no site (the crawl runs only for a homepage that answered). */
export function pageVerdicts(artifacts: Artifacts): PageVerdict[] | undefined {
  return siteVerdicts(artifacts)?.verdicts;
}
