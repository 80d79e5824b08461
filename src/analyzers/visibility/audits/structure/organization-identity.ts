import type { Artifacts } from "../../gather/artifacts.ts";
import { type GraphNode, propertyTexts, propertyValues } from "../../../structured-data/structured-graph.ts";
import { homepageStructure, type SiteEntity, siteEntity } from "../../derive/site-entity.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { ORGANIZATION_TYPES } from "../../derive/schema-type-families.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { codeBlock, jsonLdScript } from "../fix-code.ts";

/**
 * The entity behind the site, stated in structured data (JSON-LD, Microdata or RDFa): an Organization
 * (or a subtype) or a Person with name, url, logo (image for a person) and sameAs links. sameAs to
 * Wikidata, Wikipedia and major profiles is how AI systems tie the site to what they already know
 * about its owner. Which node is the owner is decided once, in derive/site-entity.ts.
 */
export const organizationIdentity: AuditRule = {
  id: "organization-identity",
  title: "Structured data identifies the organisation or person behind the site",
  impact: "high",
  run,
};

/** sameAs targets that knowledge graphs use to recognise an entity; Wikidata and Wikipedia count most. */
const AUTHORITATIVE = /(?:^|\.)(?:wikidata\.org|wikipedia\.org)$/i;
const PROFILES = /(?:^|\.)(?:linkedin\.com|x\.com|twitter\.com|facebook\.com|instagram\.com|youtube\.com|github\.com|crunchbase\.com|mastodon\.social|bsky\.app|tiktok\.com)$/i;

function run(artifacts: Artifacts): AuditOutcome {
  const structure = homepageStructure(artifacts);
  if (!structure.ok) return unknownOutcome(structure.reason);
  const entity = siteEntity(structure);
  const origin = siteOriginOf(artifacts);
  if (!entity) {
    const type = suggestedType(structure.graph.nodes, siteName(artifacts));
    return {
      status: "fail",
      score: 0,
      detail: `The homepage's structured data (JSON-LD, Microdata or RDFa) names no Organization or Person behind the site${unreadableNote(structure.graph.jsonLdBlocks)}.`,
      evidence: [],
      fix: {
        what: type === "Person" ? "Describe yourself in JSON-LD" : "Describe the organisation in JSON-LD",
        why: "AI assistants attribute facts and citations to entities; an Organization (or, for a personal site, a Person) with name, logo or photo and sameAs links lets them recognise who runs the site.",
        how: `Add to the homepage's \`<head>\` (with your real ${type === "Person" ? "photo" : "logo"} and profile URLs):\n\n${codeBlock("html", identityBlock(type, origin, siteName(artifacts), []))}`,
        effort: "S",
      },
    };
  }
  return judge(entity, origin);
}

/** A broken block may name the owner; say that it was not read rather than let the finding sound absolute. */
function unreadableNote(blocks: readonly { syntaxError: string | null }[]): string {
  const broken = blocks.filter((block) => block.syntaxError !== null).length;
  return broken === 0 ? "" : ` (${broken} JSON-LD block${broken === 1 ? "" : "s"} could not be read as JSON, so what ${broken === 1 ? "it says" : "they say"} is not counted: see json-ld-parses)`;
}

function judge({ node, reason }: SiteEntity, origin: string): AuditOutcome {
  const type = node.types.find((entry) => ORGANIZATION_TYPES.includes(entry))!;
  const person = type === "Person";
  const name = propertyTexts(node, "name")[0];
  const sameAs = linksOf(node, "sameAs");
  const hosts = sameAs.map((url) => new URL(url).hostname);
  const missing: string[] = [];
  if (!name) missing.push("name");
  if (propertyTexts(node, "url").length === 0 && node.id === null) missing.push("url");
  if (!person && propertyValues(node, "logo").length === 0) missing.push("logo");
  if (person && propertyValues(node, "image").length === 0) missing.push("image");
  if (sameAs.length === 0) missing.push("sameAs");
  const authoritative = hosts.some((host) => AUTHORITATIVE.test(host));
  const profiles = hosts.filter((host) => PROFILES.test(host)).length;
  const formats = [...new Set(node.sources.map((source) => source.format))].join(", ");
  const evidence = [`${type}${name ? `: ${excerpt(name, 60)}` : ""} (${formats}; ${reason})`, ...sameAs.slice(0, 5).map((url) => `sameAs ${url}`)];
  if (missing.length === 0 && (authoritative || profiles >= 2)) {
    return passed(`The homepage identifies its ${person ? "author" : "organisation"} (${type}) with name, url, ${person ? "image" : "logo"} and ${sameAs.length} sameAs link${sameAs.length === 1 ? "" : "s"}${authoritative ? ", Wikidata or Wikipedia among them" : ""}.`, evidence);
  }
  const score = Math.max(0.3, 1 - 0.15 * missing.length - (authoritative ? 0 : 0.15));
  const miscased = missing.map((property) => miscasedKey(node, property)).filter((key): key is string => key !== null);
  const gaps = [
    ...(missing.length > 0 ? [`it lacks ${missing.join(", ")}`] : []),
    ...miscased.map((key) => `its "${key}" is not read as ${key.charAt(0).toLowerCase()}${key.slice(1)}: schema.org property names are case-sensitive`),
    ...(authoritative ? [] : ["no sameAs link points to Wikidata or Wikipedia"]),
  ];
  const own = { url: propertyTexts(node, "url")[0] ?? null, picture: firstLink(node, person ? "image" : "logo") };
  return {
    status: "warn",
    score,
    detail: `The ${type}${name ? ` "${excerpt(name, 60)}"` : ""} behind the site (${reason}) is incomplete: ${gaps.join("; ")}.`,
    evidence,
    fix: {
      what: `Complete the ${type} markup`,
      why: "Name, url, logo and sameAs links to Wikidata, Wikipedia and official profiles let AI systems connect the site to the entity they know.",
      how: `Add the missing properties (${[...missing, ...(authoritative ? [] : ["sameAs to Wikidata/Wikipedia"])].join(", ")}) to the ${type} you already have, for example:\n\n${codeBlock("html", identityBlock(type, origin, name ?? "<name>", sameAs.length > 0 ? sameAs : miscased.flatMap((key) => linksOf(node, key)), node.id, own))}`,
      effort: "S",
    },
  };
}

/** A key of the node that names `property` in other letter case ("SameAs"), which no reader takes for it. */
function miscasedKey(node: GraphNode, property: string): string | null {
  return Object.keys(node.node).find((key) => key !== property && key.toLowerCase() === property.toLowerCase()) ?? null;
}

/** The first URL a property gives, as text, `{"@id": …}` or an ImageObject's `url`. */
function firstLink(node: GraphNode, property: string): string | null {
  for (const value of propertyValues(node, property)) {
    if (typeof value === "string" && URL.canParse(value)) return value;
    if (typeof value === "object" && value !== null) {
      const record = value as Record<string, unknown>;
      for (const key of ["url", "contentUrl", "@id"]) if (typeof record[key] === "string" && URL.canParse(record[key] as string)) return record[key] as string;
    }
  }
  return null;
}

/** URLs a property links to, written as text or as `{"@id": …}`. */
function linksOf(node: GraphNode, property: string): string[] {
  return propertyValues(node, property)
    .map((value) => (typeof value === "string" ? value : typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["@id"] === "string" ? ((value as Record<string, unknown>)["@id"] as string) : null))
    .filter((url): url is string => url !== null && URL.canParse(url));
}

/**
 * The type to suggest when the page names no owner: a Person when the site is named after a person the
 * page describes (a personal site), otherwise an Organization.
 */
function suggestedType(nodes: GraphNode[], name: string): "Person" | "Organization" {
  const person = nodes.find((node) => node.types.includes("Person") && propertyTexts(node, "name").some((entry) => entry.toLowerCase() === name.toLowerCase()));
  return person ? "Person" : "Organization";
}

/**
 * The JSON-LD to paste, keeping what the site already states: its own type (a Bakery stays a Bakery),
 * @id, url and logo or photo. Only what is missing gets an example value, so pasting it loses nothing.
 */
function identityBlock(type: string, origin: string, name: string, sameAs: string[], id: string | null = null, own: { url: string | null; picture: string | null } = { url: null, picture: null }): string {
  const person = type === "Person";
  const picture = own.picture ?? `${origin}/${person ? "photo.jpg" : "logo.png"}`;
  return jsonLdScript({
    "@context": "https://schema.org",
    "@type": type,
    "@id": id ?? `${origin}/#${person ? "person" : "organization"}`,
    name,
    url: own.url ?? `${origin}/`,
    ...(person ? { image: picture } : { logo: picture }),
    sameAs: sameAs.length > 0 ? sameAs : ["https://www.wikidata.org/wiki/<your item>", person ? "https://www.linkedin.com/in/<your profile>" : "https://www.linkedin.com/company/<your page>"],
  });
}
