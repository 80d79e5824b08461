import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import type { SitePage } from "./site-pages.ts";
import { type GraphNode, hasType, propertyNodes, propertyTexts, propertyValues, type StructuredGraph, structuredGraph } from "../../structured-data/structured-graph.ts";
import { findDescendant, isReaderContribution, type PageElement, readableText } from "./page-regions.ts";
import { shownType } from "../../structured-data/shown-type.ts";

/**
 * What a page's structured data says about who wrote it and when. JSON-LD is read from the shared
 * structured-data graph (`@graph`, `{"@id"}` references across blocks, contexts); Microdata from its
 * elements, so that an `itemprop="author"` inside a reader's comment markup can be told apart.
 */

/** A page as the derivations read it: its parsed start, the whole HTML (for JSON-LD) and its URL. */
export type ParsedPage = Pick<SitePage, "url" | "document" | "html">;

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

const AUTHOR_PROPERTIES = ["author", "creator"] as const;
const DATE_PROPERTIES: readonly DateProperty[] = ["datePublished", "dateModified", "dateCreated"];
/**
 * Under these, authors and dates belong to readers' comments and reviews, not to the page: a product
 * page's reviewers did not write it. A Comment node anywhere is a reader's; a Review that is the page's
 * own subject still counts.
 */
const OTHER_PEOPLES_WORDS = ["comment", "comments", "review", "reviews", "suggestedAnswer"];
const OTHER_PEOPLES_ITEMS = /schema\.org\/(?:Comment|Review|UserComments)\b/i;
/** Microdata properties read per page: a page states its authors and dates a few times, a hostile one thousands. */
const MAX_MICRODATA_PROPERTIES = 40;
/** How far below a comment or review its nested nodes are followed to leave them out. */
const MAX_DEPTH = 12;

/** Every author or creator the page's JSON-LD and Microdata name, in the order the page gives them. */
export function structuredAuthors(page: ParsedPage): StructuredAuthor[] {
  const graph = graphOf(page);
  const found: StructuredAuthor[] = [];
  for (const node of ownJsonLdNodes(graph)) {
    for (const property of AUTHOR_PROPERTIES) {
      const source = `JSON-LD ${typeLabel(node)}"${property}"${blockLabel(node)}`;
      for (const name of namesOf(graph, node, property)) found.push({ name, source });
    }
  }
  for (const element of microdataProperties(page.document, AUTHOR_PROPERTIES)) {
    const name = microdataName(element);
    if (name) found.push({ name, source: `Microdata itemprop="${excerpt(element.getAttribute("itemprop")!.trim(), 40)}"` });
  }
  return found;
}

/** Every datePublished, dateModified and dateCreated the page's JSON-LD and Microdata state. */
export function structuredDates(page: ParsedPage): StructuredDate[] {
  const found: StructuredDate[] = [];
  for (const node of ownJsonLdNodes(graphOf(page))) {
    for (const property of DATE_PROPERTIES) {
      for (const value of propertyTexts(node, property)) found.push({ property, value, source: `JSON-LD ${typeLabel(node)}"${property}"${blockLabel(node)}` });
    }
  }
  for (const element of microdataProperties(page.document, DATE_PROPERTIES)) {
    const value = (element.getAttribute("content") ?? element.getAttribute("datetime") ?? element.textContent ?? "").trim();
    const property = DATE_PROPERTIES.find((name) => words(element.getAttribute("itemprop")).includes(name))!;
    if (value) found.push({ property, value: excerpt(value, 80), source: `Microdata itemprop="${property}"` });
  }
  return found;
}

function graphOf(page: ParsedPage): StructuredGraph {
  return structuredGraph(page.document, page.html, page.url);
}

/** The JSON-LD nodes that speak for the page: every node but comments, and what readers' comments and reviews hold. */
function ownJsonLdNodes(graph: StructuredGraph): GraphNode[] {
  const others = new Set<GraphNode>();
  const leaveOut = (node: GraphNode, depth: number): void => {
    if (others.has(node) || depth > MAX_DEPTH) return;
    others.add(node);
    for (const key of Object.keys(node.node)) if (!key.startsWith("@")) for (const child of propertyNodes(graph, node, key)) leaveOut(child, depth + 1);
  };
  for (const node of graph.nodes) {
    if (hasType(node, "Comment")) leaveOut(node, 0);
    for (const property of OTHER_PEOPLES_WORDS) for (const child of propertyNodes(graph, node, property)) leaveOut(child, 0);
  }
  return graph.nodes.filter((node) => !others.has(node) && node.sources.some((source) => source.format === "json-ld"));
}

/** The names a property gives: a node's name (or given and family names, or what stands for it), or plain text. */
function namesOf(graph: StructuredGraph, node: GraphNode, property: string): string[] {
  const names: string[] = [];
  for (const value of propertyValues(node, property)) {
    const target = typeof value === "string" ? null : graph.resolve(value);
    if (typeof value === "string") names.push(value);
    else if (target) names.push(...nameOfNode(target));
    else if (value && typeof value === "object" && typeof (value as Record<string, unknown>)["@id"] === "string") names.push((value as Record<string, unknown>)["@id"] as string);
  }
  return names.map((name) => excerpt(name, 100)).filter((name) => name !== "");
}

function nameOfNode(node: GraphNode): string[] {
  const named = propertyTexts(node, "name");
  if (named.length > 0) return named;
  const parts = [...propertyTexts(node, "givenName"), ...propertyTexts(node, "familyName")].join(" ");
  if (parts.trim()) return [parts];
  return [...propertyTexts(node, "alternateName"), ...propertyTexts(node, "url"), ...(node.id ? [node.id] : [])].slice(0, 1);
}

function typeLabel(node: GraphNode): string {
  const type = node.types[0];
  return type ? `${shownType(type)} ` : "";
}

/** " (block 2)" for a node first stated in the page's second JSON-LD block; nothing for the first. */
function blockLabel(node: GraphNode): string {
  const source = node.sources.find((entry) => entry.format === "json-ld");
  const block = source ? Number(/^json-ld\[(\d+)\]/.exec(source.path)?.[1] ?? 0) + 1 : 1;
  return block > 1 ? ` (block ${block})` : "";
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
