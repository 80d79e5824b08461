import type { OffsiteEndpoints } from "../../analyzer.ts";
import type { OffsiteArtifact, OffsiteCheck } from "../gather/artifacts.ts";
import type { OffsiteFetchOptions } from "./offsite-fetch.ts";
import { reasonOf } from "./offsite-fetch.ts";
import { checkCommonCrawl } from "./common-crawl.ts";
import { checkWikidata } from "./wikidata.ts";
import { CITATION_LIMIT, countWikipediaCitations } from "./wikipedia.ts";

/**
 * The off-site checks, all at once, each with its own timeout. Never throws: every failure becomes an
 * `unknown` check with the reason. Returns null when the operator turned off-site checks off.
 */
export async function gatherOffsite(domain: string, endpoints: OffsiteEndpoints, options: OffsiteFetchOptions = {}): Promise<OffsiteArtifact | null> {
  if (!endpoints.enabled) return null;
  if (endpoints.userAgent) options = { ...options, userAgent: endpoints.userAgent };
  const [wikidata, citations, commonCrawl] = await Promise.all([
    checkWikidata(domain, endpoints, options),
    countWikipediaCitations(domain, endpoints, options).then(
      (count) => ({ ok: true as const, count }),
      (error: unknown) => ({ ok: false as const, reason: reasonOf(error) }),
    ),
    checkCommonCrawl(domain, endpoints, options),
  ]);
  return {
    wikidata: wikidata.check,
    wikipedia: wikipediaCheck(domain, wikidata.check, wikidata.article, citations),
    wikipediaCitations: citations.ok ? citations.count : null,
    commonCrawl,
  };
}

function wikipediaCheck(domain: string, item: OffsiteCheck, article: string | null, citations: { ok: true; count: number } | { ok: false; reason: string }): OffsiteCheck {
  if (article) return { status: "found", detail: `The Wikidata item has an English Wikipedia article: ${article}.`, url: article };
  const cited = citations.ok
    ? citations.count === 0
      ? `No English Wikipedia article links to ${domain}.`
      : `${citations.count >= CITATION_LIMIT ? `${CITATION_LIMIT} or more` : citations.count} English Wikipedia article${citations.count === 1 ? " links" : "s link"} to ${domain}.`
    : `How many articles link to ${domain} is unknown (${citations.reason}).`;
  if (item.status === "unknown") return { status: "unknown", detail: `Whether an article exists could not be checked, as Wikidata could not be asked. ${cited}`, url: null };
  const why = item.status === "found" ? "The site's Wikidata item has no English Wikipedia article." : "No Wikidata item names the site, so no article is linked to it.";
  return { status: "not_found", detail: `${why} ${cited}`, url: null };
}
