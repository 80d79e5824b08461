import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { siteOwner } from "../../derive/site-owner.ts";

/** Wikidata is the open knowledge graph AI systems and search engines use to identify entities. */
export const wikidataEntity: AuditRule<"offsite" | "offsite-wikidata"> = {
  id: "wikidata-entity",
  title: "Wikidata knows the site's organisation",
  impact: "medium",
  requires: ["offsite", "offsite-wikidata"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"offsite" | "offsite-wikidata">): AuditOutcome {
  const check = inputs["offsite-wikidata"];
  if (check.status === "found") return passed(check.detail, [check.url ?? ""].filter(Boolean));
  return {
    status: "fail",
    score: 0,
    detail: check.detail,
    evidence: [],
    fix: {
      what: "Connect the organisation's Wikidata item to the site",
      why: "Wikidata is where AI systems resolve who an organisation is; an item whose official website (P856) is the site ties the two together.",
      how:
        `If ${siteName(artifacts)} already has a Wikidata item, add the statement "official website" (P856) = ${siteOriginOf(artifacts)}/ to it. ` +
        "If it has none and is notable (independent sources write about it), create one with its name, description, instance of, official website and social media IDs, citing those sources. " +
        `Then add the item's URL to sameAs in ${ownerPhrase(artifacts)}.`,
      effort: "M",
    },
  };
}

/** The site's own entity, as the site declares it (derive/site-owner.ts). */
function ownerPhrase(artifacts: Artifacts): string {
  const owner = siteOwner(artifacts);
  if (!owner || !owner.node) return "the Organization (or Person) JSON-LD on the homepage";
  return `the ${owner.type} your homepage declares${owner.node.id ? ` (\`${owner.node.id}\`)` : ""}`;
}
