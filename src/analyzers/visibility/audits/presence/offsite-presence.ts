import type { AuditDefinition, AuditOutcome } from "../audit.ts";

/**
 * Whether the site's organisation is known off-site (Wikidata, Wikipedia, Common Crawl) is looked up by the
 * off-site checks, which arrive with the full analysis; until then this signal is reported as unknown.
 */
export const offsitePresence: AuditDefinition = {
  id: "offsite-presence",
  title: "Known to the sources AI models learn from",
  pillar: "presence",
  weight: 100,
  impact: "medium",
  run,
};

function run(): AuditOutcome {
  return {
    status: "unknown",
    score: null,
    detail: "Off-site checks (Wikidata, Wikipedia, Common Crawl) are not part of this scan yet; they come with the full analysis. This pillar does not count toward the score.",
    evidence: [],
  };
}
