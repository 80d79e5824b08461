import type { Artifacts } from "../gather/artifacts.ts";
import { readableHomepage, type ReadableHomepage } from "../derive/homepage-document.ts";
import { sitePages } from "../derive/site-pages.ts";

/**
 * What an audit needs before it can judge anything, as Lighthouse's `requiredArtifacts`: the runner
 * checks these once and reports "unknown" with the reason when one is missing, so no audit repeats the
 * check. Older scans lack artifacts gathered by newer code; off-site checks can be turned off.
 */
export type AuditInput =
  /** A homepage that answered 2xx with HTML, parsed. */
  | "readable-homepage"
  /** At least one readable page: the homepage or a sampled page. */
  | "readable-pages"
  | "sitemap"
  | "llms-txt"
  | "llms-full-txt"
  | "sample-pages"
  | "offsite";

const WHY_MISSING: Record<AuditInput, (artifacts: Artifacts) => string | null> = {
  "readable-homepage": (artifacts) => {
    const homepage = readableHomepage(artifacts);
    return homepage.ok ? null : homepage.reason;
  },
  "readable-pages": (artifacts) => (sitePages(artifacts).length > 0 ? null : "No page could be read: the homepage and the sampled pages all failed or were not HTML."),
  sitemap: (artifacts) => (artifacts.sitemap ? null : "The sitemap was not requested in this scan."),
  "llms-txt": (artifacts) => (artifacts.llmsTxt ? null : "llms.txt was not requested in this scan."),
  "llms-full-txt": (artifacts) => (artifacts.llmsFullTxt ? null : "llms-full.txt was not requested in this scan."),
  "sample-pages": (artifacts) => (artifacts.samplePages ? null : "Linked pages were not fetched in this scan."),
  offsite: (artifacts) =>
    artifacts.offsite === undefined
      ? "Off-site presence was not checked in this scan. This signal does not count toward the score."
      : artifacts.offsite === null
        ? "Off-site checks are turned off on this server (OFFSITE_CHECKS=off). This signal does not count toward the score."
        : null,
};

/** Why the first missing input is missing, or null when every input is there. */
export function missingInput(inputs: readonly AuditInput[], artifacts: Artifacts): string | null {
  for (const input of inputs) {
    const reason = WHY_MISSING[input](artifacts);
    if (reason !== null) return reason;
  }
  return null;
}

/** The readable homepage of an audit that declares `readable-homepage`: the runner has checked it. */
export function requiredHomepage(artifacts: Artifacts): Extract<ReadableHomepage, { ok: true }> {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) throw new Error(`an audit that needs a readable homepage ran without one (${homepage.reason})`);
  return homepage;
}
