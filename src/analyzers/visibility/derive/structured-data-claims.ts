import type { HtmlDocument } from "../audits/homepage-document.ts";
import { declaredTypes, jsonLdBlocks } from "../audits/json-ld-blocks.ts";
import { nodesOf } from "../audits/site-identity.ts";
import { excerpt } from "../audits/page-text.ts";
import { findDescendant, isReaderContribution, type PageElement, readableText } from "./page-regions.ts";

/**
 * What a page's structured data (JSON-LD and Microdata) says about who wrote it and when.
 *
 * A stop-gap: the shared structured-data graph (src/analyzers/structured-data/) will hold every node with
 * its provenance, and these two functions will then read it instead of walking JSON-LD and Microdata here.
 * Their results keep the same shape, so the audits that call them do not change.
 */

export interface StructuredAuthor {
  /** The author's name, or the URL or @id that stands for them when the markup gives no name. */
  name: string;
  /** Where it was stated: `JSON-LD NewsArticle "author"`, `Microdata itemprop="author"`. */
  source: string;
}

export type DateProperty = "datePublished" | "dateModified" | "dateCreated";

export interface StructuredDate {
  property: DateProperty;
  value: string;
  source: string;
}

type JsonNode = Record<string, unknown>;

const AUTHOR_PROPERTIES = ["author", "creator"] as const;
const DATE_PROPERTIES: readonly DateProperty[] = ["datePublished", "dateModified", "dateCreated"];
/**
 * Nested under these, authors and dates belong to readers' comments and reviews, not to the page: a
 * product page's reviewers did not write it. A Comment node anywhere is a reader's; a Review that is
 * the page's own subject still counts.
 */
const OTHER_PEOPLES_WORDS = new Set(["comment", "comments", "review", "reviews", "suggestedAnswer"]);
const OTHER_PEOPLES_ITEMS = /schema\.org\/(?:Comment|Review|UserComments)\b/i;
/** Microdata properties read per page: a page states its authors and dates a few times, a hostile one thousands. */
const MAX_MICRODATA_PROPERTIES = 40;
/** Markup nests deeply only by accident or malice; authors and dates sit near the top. */
const MAX_DEPTH = 12;

/** Every author or creator the page's JSON-LD and Microdata name, in the order the page gives them. */
export function structuredAuthors(document: HtmlDocument): StructuredAuthor[] {
  const found: StructuredAuthor[] = [];
  const byId = nodesById(document);
  for (const { node, blockIndex } of ownNodes(document)) {
    for (const property of AUTHOR_PROPERTIES) {
      const source = `JSON-LD ${typeLabel(node)}"${property}"${blockIndex > 1 ? ` (block ${blockIndex})` : ""}`;
      for (const name of namesOf(node[property], byId)) found.push({ name, source });
    }
  }
  for (const element of microdataProperties(document, AUTHOR_PROPERTIES)) {
    const name = microdataName(element);
    if (name) found.push({ name, source: `Microdata itemprop="${excerpt(element.getAttribute("itemprop")!.trim(), 40)}"` });
  }
  return found;
}

/** Every datePublished, dateModified and dateCreated the page's JSON-LD and Microdata state. */
export function structuredDates(document: HtmlDocument): StructuredDate[] {
  const found: StructuredDate[] = [];
  for (const { node, blockIndex } of ownNodes(document)) {
    for (const property of DATE_PROPERTIES) {
      const value = node[property];
      if (typeof value === "string" && value.trim()) found.push({ property, value: value.trim(), source: `JSON-LD ${typeLabel(node)}"${property}"${blockIndex > 1 ? ` (block ${blockIndex})` : ""}` });
    }
  }
  for (const element of microdataProperties(document, DATE_PROPERTIES)) {
    const value = (element.getAttribute("content") ?? element.getAttribute("datetime") ?? element.textContent ?? "").trim();
    const property = DATE_PROPERTIES.find((name) => words(element.getAttribute("itemprop")).includes(name))!;
    if (value) found.push({ property, value: excerpt(value, 80), source: `Microdata itemprop="${property}"` });
  }
  return found;
}

/** The JSON-LD nodes that speak for the page: @graph members, array items and nested objects, but not comments or reviews. */
function ownNodes(document: HtmlDocument): { node: JsonNode; blockIndex: number }[] {
  const nodes: { node: JsonNode; blockIndex: number }[] = [];
  const walk = (value: unknown, blockIndex: number, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item, blockIndex, depth + 1));
    if (!value || typeof value !== "object") return;
    const node = value as JsonNode;
    if (declaredTypes({ "@type": node["@type"] }).includes("Comment")) return;
    nodes.push({ node, blockIndex });
    for (const [key, child] of Object.entries(node)) if (key !== "@context" && !OTHER_PEOPLES_WORDS.has(key)) walk(child, blockIndex, depth + 1);
  };
  for (const block of jsonLdBlocks(document)) if (block.ok) walk(block.value, block.index, 0);
  return nodes;
}

/** Every node of the page's JSON-LD that has an @id, so that `{"@id": …}` references resolve across blocks. */
function nodesById(document: HtmlDocument): Map<string, JsonNode> {
  const byId = new Map<string, JsonNode>();
  for (const block of jsonLdBlocks(document)) {
    if (!block.ok) continue;
    for (const node of nodesOf(block.value)) {
      const id = node["@id"];
      // The fullest node wins: references to a node are bare {"@id"} objects themselves.
      if (typeof id === "string" && Object.keys(node).length > (Object.keys(byId.get(id) ?? {}).length || 0)) byId.set(id, node);
    }
  }
  return byId;
}

function namesOf(value: unknown, byId: Map<string, JsonNode>, depth = 0): string[] {
  if (value === undefined || value === null || depth > 4) return [];
  if (Array.isArray(value)) return value.flatMap((item) => namesOf(item, byId, depth + 1));
  if (typeof value === "string") {
    const referenced = byId.get(value.trim());
    return referenced ? namesOf(referenced, byId, depth + 1) : cleanList([value]);
  }
  if (typeof value !== "object") return [];
  const node = value as JsonNode;
  const id = typeof node["@id"] === "string" ? node["@id"] : null;
  const named = textValues(node.name);
  if (named.length > 0) return cleanList(named);
  const parts = [...textValues(node.givenName), ...textValues(node.familyName)].join(" ");
  if (parts.trim()) return cleanList([parts]);
  const referenced = id ? byId.get(id) : undefined;
  if (referenced && referenced !== node) return namesOf(referenced, byId, depth + 1);
  return cleanList([...textValues(node.alternateName), ...textValues(node.url), ...(id ? [id] : [])].slice(0, 1));
}

/** Strings, and `{"@value": "…"}` objects, as JSON-LD allows both for text. */
function textValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textValues);
  if (value && typeof value === "object" && typeof (value as JsonNode)["@value"] === "string") return [(value as JsonNode)["@value"] as string];
  return [];
}

function cleanList(values: string[]): string[] {
  return values.map((value) => excerpt(value, 100)).filter((value) => value !== "");
}

function typeLabel(node: JsonNode): string {
  const type = declaredTypes({ "@type": node["@type"] })[0];
  return type ? `${type} ` : "";
}

/** Elements whose itemprop names one of `properties`, outside comments and reviews. */
function microdataProperties(document: HtmlDocument, properties: readonly string[]): PageElement[] {
  return Array.from(document.querySelectorAll("[itemprop]"))
    .filter((element) => words(element.getAttribute("itemprop")).some((name) => properties.includes(name)))
    .slice(0, MAX_MICRODATA_PROPERTIES)
    .filter((element) => {
      const item = element.parentElement?.closest("[itemscope]");
      if (item && OTHER_PEOPLES_ITEMS.test(item.getAttribute("itemtype") ?? "")) return false;
      return !isReaderContribution(element);
    });
}

/** An author item's name (its own itemprop="name"), or the property's own value. */
function microdataName(element: PageElement): string | null {
  if (element.hasAttribute("itemscope")) {
    const name = findDescendant(element, (candidate) => words(candidate.getAttribute("itemprop")).includes("name") && candidate.parentElement?.closest("[itemscope]") === element);
    if (name) return propertyValue(name);
  }
  return propertyValue(element);
}

function propertyValue(element: PageElement): string | null {
  const value = element.getAttribute("content") ?? (element.tagName === "LINK" ? element.getAttribute("href") : null) ?? readableText(element);
  const text = excerpt(value.replace(/^\s*(?:by|von|par|por|di|door|av|af)\s+/i, ""), 100);
  return /\p{L}/u.test(text) ? text : null;
}

function words(value: string | null): string[] {
  return (value ?? "").trim().split(/\s+/).filter(Boolean);
}
