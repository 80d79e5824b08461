import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { isOutcome, offsiteCheck } from "../offsite-outcome.ts";
import { siteName } from "../../derive/site-identity.ts";

/** Wikipedia is in every major model's training data; an article, or citations of the site, carry weight. */
export const wikipediaArticle: AuditRule = {
  id: "wikipedia-article",
  title: "Wikipedia has an article on the organisation, or cites the site",
  impact: "low",
  requires: ["offsite"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const check = offsiteCheck(artifacts, "wikipedia");
  if (isOutcome(check)) return check;
  if (check.status === "found") return passed(check.detail, [check.url ?? ""].filter(Boolean));
  const citations = artifacts.offsite?.wikipediaCitations ?? 0;
  return {
    status: citations > 0 ? "warn" : "fail",
    score: citations > 0 ? 0.4 : 0,
    detail: check.detail,
    evidence: citations > 0 ? [`${citations >= 5 ? "5 or more" : citations} articles link to ${artifacts.domain}`] : [],
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
