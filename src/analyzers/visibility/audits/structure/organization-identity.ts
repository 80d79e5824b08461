import type { Artifacts } from "../../gather/artifacts.ts";
import { type GraphNode, propertyTexts, propertyValues } from "../../../structured-data/structured-graph.ts";
import { linksOf, PROFILE_HOSTS, type SiteOwner, siteOwner, suggestedSameAs } from "../../derive/site-owner.ts";
import { extendNode, ownerNode, placedJsonLd } from "../owner-markup.ts";
import { type SiteEntity, siteEntity } from "../../derive/site-entity.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { homepageUrlOf } from "../../derive/site-identity.ts";

/**
 * The entity behind the site, stated in structured data (JSON-LD, Microdata or RDFa): an Organization
 * (or a subtype) or a Person with name, url, logo (image for a person) and sameAs links. sameAs to
 * Wikidata, Wikipedia and major profiles is how AI systems tie the site to what they already know
 * about its owner. Which node is the owner is decided once, in derive/site-entity.ts.
 */
export const organizationIdentity: AuditRule<"homepage-structure"> = {
  id: "organization-identity",
  title: "Structured data identifies the organisation or person behind the site",
  impact: "high",
  requires: ["homepage-structure"],
  run,
};

/** sameAs targets that knowledge graphs use to recognise an entity; Wikidata and Wikipedia count most. */
const AUTHORITATIVE = /(?:^|\.)(?:wikidata\.org|wikipedia\.org)$/i;

function run(artifacts: Artifacts, inputs: AuditInputs<"homepage-structure">): AuditOutcome {
  const structure = inputs["homepage-structure"];
  const entity = siteEntity(structure);
  // Declared as reading the homepage: with a readable homepage the owner is always derived.
  const owner = siteOwner(artifacts)!;
  const homepageUrl = homepageUrlOf(artifacts);
  if (!entity) {
    const person = owner.kind === "person";
    const block = placedJsonLd(ownerNode(owner), { kind: "head", url: homepageUrl });
    return {
      status: "fail",
      score: 0,
      detail: `The homepage's structured data (JSON-LD, Microdata or RDFa) names no Organization or Person behind the site${unreadableNote(structure.graph.jsonLdBlocks)}.`,
      evidence: [],
      fix: {
        what: person ? "Describe yourself in JSON-LD" : "Describe the organisation in JSON-LD",
        why: "AI assistants attribute facts and citations to entities; an Organization (or, for a personal site, a Person) with name, logo or photo and sameAs links lets them recognise who runs the site.",
        how: `Add to the \`<head>\` of ${homepageUrl}${placeholderNote(block.code.code, person)}:\n\n${block.text}`,
        effort: "S",
        code: [block.code],
      },
    };
  }
  return judge(entity, owner, homepageUrl);
}

/** What to put where the block has placeholders; nothing when the scan found every value. */
function placeholderNote(code: string, person: boolean): string {
  const placeholders = /<your [^<>]*>/.test(code);
  const picture = code.includes(person ? "/photo.jpg" : "/logo.png");
  if (!placeholders && !picture) return "";
  return ` (${[picture ? `with the address of your real ${person ? "photo" : "logo"}` : "", placeholders ? "with your profile URLs where it says <…>" : ""].filter(Boolean).join(", and ")})`;
}

/** A broken block may name the owner; say that it was not read rather than let the finding sound absolute. */
function unreadableNote(blocks: readonly { syntaxError: string | null }[]): string {
  const broken = blocks.filter((block) => block.syntaxError !== null).length;
  return broken === 0 ? "" : ` (${broken} JSON-LD block${broken === 1 ? "" : "s"} could not be read as JSON, so what ${broken === 1 ? "it says" : "they say"} is not counted: see json-ld-parses)`;
}

function judge({ node, reason }: SiteEntity, owner: SiteOwner, homepageUrl: string): AuditOutcome {
  const type = owner.type;
  const person = owner.kind === "person";
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
  const profiles = hosts.filter((host) => PROFILE_HOSTS.test(host)).length;
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
  const extension = extendNode(node, additionsFor(owner, missing, miscased.flatMap((key) => linksOf(node, key))), homepageUrl, owner.id);
  return {
    status: "warn",
    score,
    detail: `The ${type}${name ? ` "${excerpt(name, 60)}"` : ""} behind the site (${reason}) is incomplete: ${gaps.join("; ")}.`,
    evidence,
    fix: {
      what: `Complete the ${type} markup`,
      why: "Name, url, logo and sameAs links to Wikidata, Wikipedia and official profiles let AI systems connect the site to the entity they know.",
      how: `${extension.intro}${placeholderNote(extension.code.code, person)}:\n\n${extension.text}${foundNote(owner, extension.code.code)}`,
      effort: "S",
      code: [extension.code],
    },
  };
}

/**
 * What the owner node lacks, filled with what the scan found: its name, its homepage, a logo or photo to
 * replace with the real one, and sameAs links (the values of a miscased "SameAs", the Wikidata item, the
 * Wikipedia article and the profiles the homepage links to) that the node does not already give.
 */
function additionsFor(owner: SiteOwner, missing: string[], miscasedLinks: string[]): Record<string, unknown> {
  const additions: Record<string, unknown> = {};
  if (missing.includes("name")) additions.name = owner.name;
  if (missing.includes("url")) additions.url = owner.url;
  if (missing.includes("logo")) additions.logo = `${owner.origin}/logo.png`;
  if (missing.includes("image")) additions.image = `${owner.origin}/photo.jpg`;
  const declared = new Set(owner.sameAs);
  const sameAs = [...new Set([...miscasedLinks, ...suggestedSameAs({ ...owner, sameAs: [...owner.sameAs, ...miscasedLinks] })])].filter((url) => !declared.has(url));
  if (sameAs.length > 0) additions.sameAs = sameAs;
  return additions;
}

/** Where the suggested sameAs links come from, so the owner can check them. */
function foundNote(owner: SiteOwner, code: string): string {
  const suggested = (url: string | null): url is string => url !== null && !owner.sameAs.includes(url) && code.includes(JSON.stringify(url));
  const profiles = owner.profiles.filter(suggested);
  const found = [suggested(owner.wikidata) ? `the Wikidata item ${owner.wikidata}` : "", suggested(owner.wikipedia) ? `the Wikipedia article ${owner.wikipedia}` : "", profiles.length > 0 ? `the homepage's link${profiles.length === 1 ? "" : "s"} to ${profiles.join(", ")}` : ""].filter(Boolean);
  return found.length === 0 ? "" : `\n\nThe sameAs links come from what the scan found: ${found.join(", ")}.`;
}

/** A key of the node that names `property` in other letter case ("SameAs"), which no reader takes for it. */
function miscasedKey(node: GraphNode, property: string): string | null {
  return Object.keys(node.node).find((key) => key !== property && key.toLowerCase() === property.toLowerCase()) ?? null;
}

