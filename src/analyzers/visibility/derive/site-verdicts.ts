import type { Artifacts } from "../gather/artifacts.ts";
import type { SiteCrawlArtifact } from "../gather/site-crawl-artifact.ts";
import type { PageVerdict, SiteSummary } from "../site-record-schema.ts";
import { pageVerdict, siteContext } from "./page-verdict.ts";
import { siteSummary } from "./site-summary.ts";

/** The crawl of a scan judged: a verdict per sampled page and the site's summary, shared by the site audits and the record. */
export interface SiteVerdicts {
  crawl: SiteCrawlArtifact;
  verdicts: PageVerdict[];
  summary: SiteSummary;
}

const judged = new WeakMap<Artifacts, SiteVerdicts | null>();

/** Null when the scan has no crawl (older records, a budget of one page): the site audits are then not applicable. */
export function siteVerdicts(artifacts: Artifacts): SiteVerdicts | null {
  let result = judged.get(artifacts);
  if (result === undefined) {
    result = judge(artifacts);
    judged.set(artifacts, result);
  }
  return result;
}

function judge(artifacts: Artifacts): SiteVerdicts | null {
  const crawl = artifacts.siteCrawl;
  if (!crawl || crawl.pages.length === 0) return null;
  const site = siteContext(artifacts, crawl);
  const verdicts = crawl.pages.map((page) => pageVerdict(page, site));
  return { crawl, verdicts, summary: siteSummary(crawl, verdicts) };
}
