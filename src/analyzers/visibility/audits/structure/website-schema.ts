import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { propertyTexts } from "../../../structured-data/structured-graph.ts";
import { siteWebsite } from "../../derive/site-entity.ts";
import { homepageUrlOf, siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { siteOwner } from "../../derive/site-owner.ts";
import { extendNode, placedJsonLd, websiteNode } from "../owner-markup.ts";

/** A WebSite node names the site and ties it to its publisher: the name assistants use for it. */
export const websiteSchema: AuditRule<"homepage-structure"> = {
  id: "website-schema",
  title: "Structured data names the website",
  impact: "low",
  requires: ["homepage-structure"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"homepage-structure">): AuditOutcome {
  const structure = inputs["homepage-structure"];
  const website = siteWebsite(structure);
  const name = website ? propertyTexts(website, "name")[0] : undefined;
  // The WebSite's address may be its url or, as SEO plugins write it, only its @id.
  const url = website ? (propertyTexts(website, "url")[0] ?? website.id ?? undefined) : undefined;
  if (website && name && url) {
    return passed(`The homepage declares the WebSite "${name}" at ${url}.`, [`WebSite: ${name} (${website.sources[0]!.format})`]);
  }
  const homepageUrl = homepageUrlOf(artifacts);
  const siteUrl = `${siteOriginOf(artifacts)}/`;
  const owner = siteOwner(artifacts)!;
  const placed = website
    ? extendNode(website, { ...(name ? {} : { name: siteName(artifacts) }), ...(url ? {} : { url: siteUrl }) }, homepageUrl, `${owner.origin}/#website`)
    : { ...placedJsonLd(websiteNode(owner, siteName(artifacts), siteUrl, false), { kind: "head", url: homepageUrl }), intro: `Add to the \`<head>\` of ${homepageUrl}` };
  return {
    status: website ? "warn" : "fail",
    score: website ? 0.5 : 0,
    detail: website ? `The WebSite node lacks ${[...(name ? [] : ["a name"]), ...(url ? [] : ["a url"])].join(" and ")}.` : "The homepage's structured data has no WebSite node.",
    evidence: website ? [`WebSite (${website.sources[0]!.format} ${website.sources[0]!.path})`] : [],
    fix: {
      what: website ? "Complete the WebSite in JSON-LD" : "Declare the WebSite in JSON-LD",
      why: "The WebSite node gives the site's preferred name, which search engines and assistants show when they cite it.",
      how: `${placed.intro}${!website && owner.declared ? ` (its publisher is the ${owner.type} your homepage declares, by its \`@id\`)` : ""}:\n\n${placed.text}`,
      effort: "S",
      code: [placed.code],
    },
  };
}
