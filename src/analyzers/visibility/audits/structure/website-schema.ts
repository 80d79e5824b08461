import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { propertyTexts } from "../../../structured-data/structured-graph.ts";
import { homepageStructure, siteWebsite } from "../../derive/site-entity.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { codeBlock, jsonLdScript } from "../fix-code.ts";

/** A WebSite node names the site and ties it to its publisher: the name assistants use for it. */
export const websiteSchema: AuditRule = {
  id: "website-schema",
  title: "Structured data names the website",
  impact: "low",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const structure = homepageStructure(artifacts);
  if (!structure.ok) return unknownOutcome(structure.reason);
  const website = siteWebsite(structure);
  const name = website ? propertyTexts(website, "name")[0] : undefined;
  // The WebSite's address may be its url or, as SEO plugins write it, only its @id.
  const url = website ? (propertyTexts(website, "url")[0] ?? website.id ?? undefined) : undefined;
  if (website && name && url) {
    return passed(`The homepage declares the WebSite "${name}" at ${url}.`, [`WebSite: ${name} (${website.sources[0]!.format})`]);
  }
  const origin = siteOriginOf(artifacts);
  return {
    status: website ? "warn" : "fail",
    score: website ? 0.5 : 0,
    detail: website ? `The WebSite node lacks ${[...(name ? [] : ["a name"]), ...(url ? [] : ["a url"])].join(" and ")}.` : "The homepage's structured data has no WebSite node.",
    evidence: website ? [`WebSite (${website.sources[0]!.format} ${website.sources[0]!.path})`] : [],
    fix: {
      what: "Declare the WebSite in JSON-LD",
      why: "The WebSite node gives the site's preferred name, which search engines and assistants show when they cite it.",
      how: `Add to the homepage's \`<head>\`:\n\n${codeBlock("html", jsonLdScript({ "@context": "https://schema.org", "@type": "WebSite", "@id": `${origin}/#website`, name: siteName(artifacts), url: `${origin}/`, publisher: { "@id": `${origin}/#organization` } }))}`,
      effort: "S",
    },
  };
}
