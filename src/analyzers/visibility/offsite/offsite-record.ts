import { ccBotBlocked } from "../derive/robots/robots-ccbot.ts";
import type { Artifacts } from "../gather/artifacts.ts";
import type { VisibilityRecord } from "../record-schema.ts";

/**
 * The record's `offSite` from the gathered look-ups: null when they were off (or predate off-site
 * checks). A Common Crawl miss mentions a robots.txt rule that keeps CCBot out, as that explains it.
 */
export function offSiteRecord(artifacts: Artifacts): VisibilityRecord["offSite"] {
  const offsite = artifacts.offsite;
  if (!offsite) return null;
  const blocked = offsite.commonCrawl.status === "not_found" ? ccBotBlocked(artifacts) : null;
  return {
    wikidata: { ...offsite.wikidata },
    wikipedia: { ...offsite.wikipedia },
    commonCrawl: blocked ? { ...offsite.commonCrawl, detail: `${offsite.commonCrawl.detail} robots.txt blocks CCBot (${blocked}), which keeps the site out of Common Crawl.` } : { ...offsite.commonCrawl },
  };
}
