import type { ScanContext } from "../../../analyzer.ts";
import { probedCrawlers } from "../../crawlers.ts";
import { gatherProbes, PROBE_MAX_BYTES } from "../probes.ts";
import type { PageFacts, SiteCrawlArtifact } from "../site-crawl-artifact.ts";
import type { CrawlRequests } from "./crawl-requests.ts";

/**
 * Templates probed as each AI platform's agents. Each costs a request per probed agent and the browser
 * (14 today) of up to PROBE_MAX_BYTES: ten templates are at most 140 requests and 35 MiB of the budget.
 */
export const TEMPLATE_PROBES_MAX = 10;
/** Pages of the page budget per template probed: probes stay a fixed share of a crawl (about 1.4 requests a page), so a 10-page scan probes one template. */
const PAGES_PER_PROBED_TEMPLATE = 10;

/** Templates probed for a page budget by default: one per ten pages, at least one, at most TEMPLATE_PROBES_MAX. */
export function templatesProbed(pages: number): number {
  return Math.min(TEMPLATE_PROBES_MAX, Math.max(1, Math.ceil(pages / PAGES_PER_PROBED_TEMPLATE)));
}

/** Requests one template's probes send: the browser and each probed crawler. */
export function probesPerTemplate(): number {
  return probedCrawlers().length + 1;
}

/**
 * One page of each of the largest templates (the homepage's is probed by the scan already), fetched as
 * each AI crawler and as a browser (gather/probes.ts), through the crawl's limiter and budgets. These
 * probes judge access, so robots.txt for sightline does not hold them back. The page probed is the
 * template's first sampled page that answered 2xx with HTML; a template without one is not probed.
 * Templates whose probes the request budget cannot pay for in full are not probed.
 */
export async function probeTemplates(
  context: Partial<Pick<ScanContext, "probeSigning">>,
  requests: CrawlRequests,
  templates: string[],
  pages: PageFacts[],
  limit: number,
): Promise<SiteCrawlArtifact["templateProbes"]> {
  if (requests.signal.aborted) return [];
  // Only templates whose probes the request budget can pay for in full; they share the limiter, so they run side by side.
  const affordable = Math.min(limit, Math.floor(requests.requestsLeft / probesPerTemplate()));
  const chosen: { template: string; url: string }[] = [];
  for (const template of templates) {
    if (chosen.length >= affordable) break;
    const page = pages.find((entry) => entry.template === template && entry.html !== undefined && entry.fetch.ok);
    if (page) chosen.push({ template, url: page.url });
  }
  const fetcher = requests.probeFetcher(PROBE_MAX_BYTES);
  const signing = context.probeSigning ? { probeSigning: context.probeSigning } : {};
  return Promise.all(chosen.map(async ({ template, url }) => ({ template, url, probes: await gatherProbes({ fetcher, signal: requests.signal, ...signing }, url) })));
}
