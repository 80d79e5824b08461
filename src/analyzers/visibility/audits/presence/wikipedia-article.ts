import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { isOutcome, offsiteCheck } from "../offsite-outcome.ts";
import { siteName } from "../../derive/site-identity.ts";
import { CITATION_LIMIT } from "../../offsite/wikipedia.ts";

/** Wikipedia is in every major model's training data; an article, or citations of the site, carry weight. */
export const wikipediaArticle: AuditRule<"offsite"> = {
  id: "wikipedia-article",
  title: "Wikipedia has an article on the organisation, or cites the site",
  impact: "low",
  // Not "offsite-wikipedia": citations of the site pass even when the article look-up gave no answer.
  requires: ["offsite"],
  run,
};

/**
 * Either half of the title passes: an article about the organisation (the stronger state) or English
 * articles citing the site. The detail says which, so a cited site is never told it fails while the same
 * sentence says it is cited.
 */
function run(artifacts: Artifacts): AuditOutcome {
  const citations = artifacts.offsite?.wikipediaCitations ?? 0;
  const cited = citations > 0 ? `${citations >= CITATION_LIMIT ? `${CITATION_LIMIT} or more` : citations} English Wikipedia article${citations === 1 ? " cites" : "s cite"} ${artifacts.domain} (link to it)` : null;
  const check = offsiteCheck(artifacts, "wikipedia");
  if (!isOutcome(check) && check.status === "found") {
    return passed(`${check.detail}${cited ? ` ${cited}.` : ""}`, [check.url ?? "", ...(cited ? [cited] : [])].filter(Boolean));
  }
  if (cited) {
    return passed(
      `${cited}, so Wikipedia cites the site. ${isOutcome(check) ? "Whether an article is about the organisation itself could not be checked" : "No article is about the organisation itself"}: one, linked from its Wikidata item, would be the stronger signal.`,
      [cited],
    );
  }
  if (isOutcome(check)) return check;
  return {
    status: "fail",
    score: 0,
    detail: check.detail,
    evidence: [],
    fix: {
      what: "Earn coverage that Wikipedia can cite",
      why: "Models learn which organisations matter from Wikipedia; an article about the organisation, or citations of the site as a source, make it known to them.",
      how:
        `Wikipedia articles must rest on independent, reliable sources and should not be written by the organisation itself. Build the coverage first (press, studies, reference data that ${siteName(artifacts)} publishes), ` +
        "then suggest a citation or an article on the relevant talk page, disclosing your affiliation. Make sure the Wikidata item links the article once it exists.",
      effort: "L",
    },
  };
}
