import type { GraphNode } from "../../structured-data/structured-graph.ts";
import { propertyTexts } from "../../structured-data/structured-graph.ts";
import { type SiteOwner, suggestedSameAs } from "../derive/site-owner.ts";
import type { FixCode } from "./audit.ts";
import { codeBlock, jsonLdScript } from "./fix-code.ts";

/**
 * The JSON-LD that fixes add, built on the site's own graph (derive/site-owner.ts): a node the site
 * declares is extended under its own `@id` (a block of its own with that `@id` is the same node to every
 * JSON-LD reader, https://www.w3.org/TR/json-ld11/#node-identifiers), a node without an `@id` is given
 * one in place, and only what the site declares nowhere is added as a node of its own.
 */

/**
 * The owner as a complete node, for a site that declares none: its name, url, logo or photo and sameAs.
 * No description: a homepage's meta description says what the site offers, not always who runs it.
 */
export function ownerNode(owner: SiteOwner): Record<string, unknown> {
  const person = owner.kind === "person";
  return {
    "@type": owner.type,
    "@id": owner.id,
    name: owner.name,
    url: owner.url,
    ...(person ? { image: `${owner.origin}/photo.jpg` } : { logo: `${owner.origin}/logo.png` }),
    sameAs: suggestedSameAs(owner),
  };
}

/**
 * The site's WebSite node, named as the site names itself. Its publisher is the owner, referred to by
 * `@id` when the homepage declares it or `withOwner` (the same block defines it); left out otherwise, since
 * pointing at an `@id` nothing defines, or defining a second node for an owner stated without one, breaks the graph.
 */
export function websiteNode(owner: SiteOwner, name: string, homepageUrl: string, withOwner: boolean): Record<string, unknown> {
  return {
    "@type": "WebSite",
    "@id": `${owner.origin}/#website`,
    name,
    url: homepageUrl,
    ...(owner.declared || withOwner ? { publisher: { "@id": owner.id } } : {}),
  };
}

/** A code entry and its fenced text for `how`, which always show the same code. */
export function placedJsonLd(value: Record<string, unknown>, where: FixCode["where"]): { code: FixCode; text: string } {
  const code = jsonLdScript({ "@context": "https://schema.org", ...value });
  return { code: { where, language: "html", code }, text: codeBlock("html", code) };
}

export interface NodeExtension {
  code: FixCode;
  text: string;
  /** How to apply it, in a sentence that ends with a colon. */
  intro: string;
}

/**
 * `additions` made to a node the page declares. With an `@id`, a block of its own stating them under that
 * `@id` (or the owner edits the node; both mean the same). Without one, the node as written, given `newId`
 * and the additions, to replace it where it stands (a JSON-LD node), so that it stays one node.
 */
export function extendNode(node: GraphNode, additions: Record<string, unknown>, pageUrl: string, newId: string): NodeExtension {
  // Every type the node states (Microdata lists several: "Organization NewsMediaOrganization"), so that no property it has stops fitting.
  const type = node.types.length === 1 ? node.types[0]! : node.types.length > 1 ? node.types : "Thing";
  const label = `${node.types[0] ?? "Thing"}${propertyTexts(node, "name")[0] ? ` "${propertyTexts(node, "name")[0]}"` : ""}`;
  if (node.id !== null) {
    const block = placedJsonLd({ "@type": type, "@id": node.id, ...additions }, { kind: "head", url: pageUrl });
    return { ...block, intro: `Add ${Object.keys(additions).map((key) => `\`${key}\``).join(", ")} to the ${label} you already declare (\`"@id": "${node.id}"\`), or add this block to the \`<head>\` of ${pageUrl}: the same \`@id\` makes it the same node` };
  }
  const source = node.sources.find((entry) => entry.format === "json-ld");
  // A key written in the wrong case ("SameAs") gives way to the property it meant, which the additions hold.
  const meant = new Set(Object.keys(additions).map((key) => key.toLowerCase()));
  const written = Object.fromEntries(Object.entries(node.node).filter(([key]) => key !== "@context" && key !== "@id" && key !== "@type" && !(meant.has(key.toLowerCase()) && !(key in additions))));
  const whole: Record<string, unknown> = { "@type": type, "@id": newId, ...written };
  // A value the node already has (sameAs) keeps its entries; the additions come after them.
  for (const [key, value] of Object.entries(additions)) whole[key] = key in written ? unionOf(written[key], value) : value;
  if (source) {
    const block = placedJsonLd(whole, { kind: "replace-node", url: pageUrl, path: source.path });
    return { ...block, intro: `Replace the ${label} node in the JSON-LD of ${pageUrl} (at ${source.path}) with this one, which keeps what it says and adds an \`@id\` and ${Object.keys(additions).map((key) => `\`${key}\``).join(", ")}` };
  }
  // Restated from Microdata or RDFa: what identifies it, not every value those formats carried (a quoted date, a property of another type).
  const identity: Record<string, unknown> = { "@type": type, "@id": newId };
  for (const key of IDENTITY_KEYS) if (key in whole) identity[key] = whole[key];
  const block = placedJsonLd(identity, { kind: "head", url: pageUrl });
  return { ...block, intro: `Your ${label} is stated in ${node.sources[0]?.format ?? "markup"} without an \`@id\`; state it in JSON-LD instead, with what it lacks, by adding this block to the \`<head>\` of ${pageUrl} and removing the ${node.sources[0]?.format ?? "markup"} item` };
}

const IDENTITY_KEYS = ["name", "url", "logo", "image", "sameAs"];

function unionOf(a: unknown, b: unknown): unknown[] {
  const all = [...(Array.isArray(a) ? a : [a]), ...(Array.isArray(b) ? b : [b])];
  return all.filter((value, index) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(value)) === index);
}
