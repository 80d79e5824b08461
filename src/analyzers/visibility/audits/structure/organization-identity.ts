import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { readableHomepage } from "../homepage-document.ts";
import { declaredTypes } from "../json-ld-blocks.ts";
import { excerpt } from "../page-text.ts";
import { ORGANIZATION_TYPES, typeName } from "../schema-type-families.ts";
import { homepageNodes, siteName, siteOriginOf } from "../site-identity.ts";

/**
 * The entity behind the site, stated in JSON-LD: an Organization (or a subtype) or a Person with name,
 * url, logo (image for a person) and sameAs links. sameAs to Wikidata, Wikipedia and major profiles is
 * how AI systems tie the site to what they already know about its owner.
 */
export const organizationIdentity: AuditDefinition = {
  id: "organization-identity",
  title: "JSON-LD identifies the organisation or person behind the site",
  pillar: "structure",
  weight: 25,
  impact: "high",
  run,
};

/** sameAs targets that knowledge graphs use to recognise an entity; Wikidata and Wikipedia count most. */
const AUTHORITATIVE = /(?:^|\.)(?:wikidata\.org|wikipedia\.org)$/i;
const PROFILES = /(?:^|\.)(?:linkedin\.com|x\.com|twitter\.com|facebook\.com|instagram\.com|youtube\.com|github\.com|crunchbase\.com|mastodon\.social|bsky\.app|tiktok\.com)$/i;

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return unknownOutcome(homepage.reason);
  // Types as names: "https://schema.org/Dentist" is a Dentist too.
  const typesOf = (node: Record<string, unknown>) => declaredTypes(node).map(typeName);
  const entity = homepageNodes(artifacts).find((node) => typesOf(node).some((type) => ORGANIZATION_TYPES.includes(type)));
  const origin = siteOriginOf(artifacts);
  const name = siteName(artifacts);
  const block = (sameAs: string[]) =>
    `<script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${origin}/#organization`,
      name,
      url: `${origin}/`,
      logo: `${origin}/logo.png`,
      sameAs: sameAs.length > 0 ? sameAs : ["https://www.wikidata.org/wiki/<your item>", "https://www.linkedin.com/company/<your page>"],
    })}</script>`;
  if (!entity) {
    return {
      status: "fail",
      score: 0,
      detail: "The homepage's JSON-LD names no Organization or Person behind the site.",
      evidence: [],
      fix: {
        what: "Describe the organisation in JSON-LD",
        why: "AI assistants attribute facts and citations to entities; an Organization with name, logo and sameAs links lets them recognise who runs the site.",
        how: `Add to the homepage's <head> (with your real logo and profile URLs):\n${block([])}`,
        effort: "S",
      },
    };
  }
  const type = typesOf(entity).find((entry) => ORGANIZATION_TYPES.includes(entry))!;
  const person = type === "Person";
  const sameAs = (Array.isArray(entity.sameAs) ? entity.sameAs : typeof entity.sameAs === "string" ? [entity.sameAs] : []).filter((url): url is string => typeof url === "string" && URL.canParse(url));
  const hosts = sameAs.map((url) => new URL(url).hostname);
  const missing: string[] = [];
  if (typeof entity.name !== "string" || entity.name.trim() === "") missing.push("name");
  if (typeof entity.url !== "string" && typeof entity["@id"] !== "string") missing.push("url");
  if (!person && entity.logo === undefined) missing.push("logo");
  if (person && entity.image === undefined) missing.push("image");
  if (sameAs.length === 0) missing.push("sameAs");
  const authoritative = hosts.some((host) => AUTHORITATIVE.test(host));
  const profiles = hosts.filter((host) => PROFILES.test(host)).length;
  const evidence = [`@type ${type}${typeof entity.name === "string" ? `: ${excerpt(entity.name, 60)}` : ""}`, ...sameAs.slice(0, 5).map((url) => `sameAs ${url}`)];
  if (missing.length === 0 && (authoritative || profiles >= 2)) {
    return passed(`The homepage identifies its ${person ? "author" : "organisation"} (${type}) with name, url, ${person ? "image" : "logo"} and ${sameAs.length} sameAs link${sameAs.length === 1 ? "" : "s"}${authoritative ? ", Wikidata or Wikipedia among them" : ""}.`, evidence);
  }
  const score = Math.max(0.3, 1 - 0.15 * missing.length - (authoritative ? 0 : 0.15));
  const gaps = [...(missing.length > 0 ? [`it lacks ${missing.join(", ")}`] : []), ...(authoritative ? [] : ["no sameAs link points to Wikidata or Wikipedia"])];
  return {
    status: "warn",
    score,
    detail: `The ${type} in the homepage's JSON-LD is incomplete: ${gaps.join("; ")}.`,
    evidence,
    fix: {
      what: `Complete the ${type} markup`,
      why: "Name, url, logo and sameAs links to Wikidata, Wikipedia and official profiles let AI systems connect the site to the entity they know.",
      how: `Add the missing properties (${[...missing, ...(authoritative ? [] : ["sameAs to Wikidata/Wikipedia"])].join(", ")}), for example:\n${block(sameAs)}`,
      effort: "S",
    },
  };
}
