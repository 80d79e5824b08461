import type { Artifacts, HomepageResponse, OffsiteArtifact, OffsiteCheck, SamplePageArtifact, SitemapArtifact, TextFileArtifact } from "../gather/artifacts.ts";
import { readableHomepage, type ReadableHomepage } from "../derive/homepage-document.ts";
import { compareProbes, type ProbeComparison } from "../derive/probe-verdicts.ts";
import { robotsPolicy, type RobotsPolicy } from "../derive/robots/robots-policy.ts";
import { homepageStructure } from "../derive/site-entity.ts";
import { type SitePage, sitePages } from "../derive/site-pages.ts";

/**
 * What an audit needs before it can judge anything, as Lighthouse's `requiredArtifacts`: the runner
 * resolves these once, reports "unknown" with the reason when one is missing (so no audit repeats the
 * check), and hands the audit what it declared, resolved (its `inputs`). Older scans lack artifacts
 * gathered by newer code; off-site checks can be turned off.
 */
export interface AuditInputValues {
  /** A homepage that answered 2xx with HTML, parsed. */
  "readable-homepage": Extract<ReadableHomepage, { ok: true }>;
  /** At least one readable page: the homepage or a sampled page. */
  "readable-pages": SitePage[];
  /** A homepage that answered at all, whatever its status: its URL, headers, timing and size. */
  "homepage-response": HomepageResponse;
  /** A homepage that answered 2xx (HTML or not): what its headers say is about the site. */
  "homepage-success": HomepageResponse;
  /** The homepage's structured-data graph (any format), read from a readable homepage. */
  "homepage-structure": Extract<ReturnType<typeof homepageStructure>, { ok: true }>;
  /** robots.txt read into a policy: rules, allow-all, disallow-all or an intercepted HTML page. */
  "robots-policy": Exclude<RobotsPolicy, { kind: "unknown" }>;
  /** The homepage fetched as the AI crawlers and as a browser, each probe judged against the browser's. */
  probes: Extract<ProbeComparison, { ok: true }>;
  sitemap: SitemapArtifact;
  "llms-txt": TextFileArtifact[];
  "llms-full-txt": TextFileArtifact;
  "sample-pages": SamplePageArtifact[];
  offsite: OffsiteArtifact;
  /** The off-site Wikidata look-up, when it gave an answer (found or not). */
  "offsite-wikidata": OffsiteCheck;
  /** The off-site Common Crawl look-up, when it gave an answer (found or not). */
  "offsite-common-crawl": OffsiteCheck;
}

export type AuditInput = keyof AuditInputValues;

/** What the runner hands an audit: each input it declared, resolved. */
export type AuditInputs<I extends AuditInput> = { readonly [K in I]: AuditInputValues[K] };

type Resolved<T> = { ok: true; value: T } | { ok: false; reason: string };

const NOT_COUNTED = "This signal does not count toward the score.";

const RESOLVERS: { [K in AuditInput]: (artifacts: Artifacts) => Resolved<AuditInputValues[K]> } = {
  "readable-homepage": (artifacts) => {
    const homepage = readableHomepage(artifacts);
    return homepage.ok ? { ok: true, value: homepage } : homepage;
  },
  "readable-pages": (artifacts) => {
    const pages = sitePages(artifacts);
    return pages.length > 0 ? { ok: true, value: pages } : { ok: false, reason: "No page could be read: the homepage and the sampled pages all failed or were not HTML." };
  },
  "homepage-response": (artifacts) => (artifacts.homepage.ok ? { ok: true, value: artifacts.homepage } : { ok: false, reason: "The homepage could not be loaded." }),
  "homepage-success": (artifacts) => {
    const homepage = artifacts.homepage;
    if (!homepage.ok) return { ok: false, reason: "The homepage could not be loaded." };
    if (homepage.status < 200 || homepage.status > 299) return { ok: false, reason: `The homepage answered HTTP ${homepage.status}, so its headers say nothing about the site.` };
    return { ok: true, value: homepage };
  },
  "homepage-structure": (artifacts) => {
    const structure = homepageStructure(artifacts);
    return structure.ok ? { ok: true, value: structure } : structure;
  },
  "robots-policy": (artifacts) => {
    const policy = robotsPolicy(artifacts);
    return policy.kind === "unknown" ? { ok: false, reason: policy.reason } : { ok: true, value: policy };
  },
  probes: (artifacts) => {
    const comparison = compareProbes(artifacts);
    return comparison.ok ? { ok: true, value: comparison } : comparison;
  },
  sitemap: (artifacts) => (artifacts.sitemap ? { ok: true, value: artifacts.sitemap } : { ok: false, reason: "The sitemap was not requested in this scan." }),
  "llms-txt": (artifacts) => (artifacts.llmsTxt ? { ok: true, value: artifacts.llmsTxt } : { ok: false, reason: "llms.txt was not requested in this scan." }),
  "llms-full-txt": (artifacts) => (artifacts.llmsFullTxt ? { ok: true, value: artifacts.llmsFullTxt } : { ok: false, reason: "llms-full.txt was not requested in this scan." }),
  "sample-pages": (artifacts) => (artifacts.samplePages ? { ok: true, value: artifacts.samplePages } : { ok: false, reason: "Linked pages were not fetched in this scan." }),
  offsite: (artifacts) =>
    artifacts.offsite === undefined
      ? { ok: false, reason: `Off-site presence was not checked in this scan. ${NOT_COUNTED}` }
      : artifacts.offsite === null
        ? { ok: false, reason: `Off-site checks are turned off on this server (OFFSITE_CHECKS=off). ${NOT_COUNTED}` }
        : { ok: true, value: artifacts.offsite },
  "offsite-wikidata": (artifacts) => answeredCheck(artifacts.offsite?.wikidata),
  "offsite-common-crawl": (artifacts) => answeredCheck(artifacts.offsite?.commonCrawl),
};

/** An off-site look-up that gave an answer; one that could not says why, as the off-site preamble of each presence audit did. */
export function answeredCheck(check: OffsiteCheck | undefined): Resolved<OffsiteCheck> {
  if (!check) return { ok: false, reason: `Off-site presence was not checked in this scan. ${NOT_COUNTED}` };
  return check.status === "unknown" ? { ok: false, reason: `${check.detail} ${NOT_COUNTED}` } : { ok: true, value: check };
}

/** Every declared input resolved, or why the first missing one is missing. */
export function resolveInputs<I extends AuditInput>(inputs: readonly I[], artifacts: Artifacts): { ok: true; inputs: AuditInputs<I> } | { ok: false; input: I; reason: string } {
  const resolved: Partial<Record<AuditInput, unknown>> = {};
  for (const input of inputs) {
    const outcome = RESOLVERS[input](artifacts);
    if (!outcome.ok) return { ok: false, input, reason: outcome.reason };
    resolved[input] = outcome.value;
  }
  // Every key of I was set just above, each from its own resolver.
  return { ok: true, inputs: resolved as AuditInputs<I> };
}
