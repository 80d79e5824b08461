import type { HtmlDocument, HtmlElement } from "./html-document.ts";
import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode, MAX_DEPTH, MAX_ITEMS } from "./extracted-item.ts";
import { propertyValue } from "./microdata.ts";

/**
 * RDFa Lite (vocab, typeof, property, resource, prefix): every `typeof` element that is not itself a
 * property value is an item; `property` descendants up to the next nested `typeof` are its properties.
 * Terms are expanded against the nearest `vocab` (or a declared prefix) into full IRIs, so a term from
 * another vocabulary is recognisably not schema.org.
 */
export function extractRdfa(document: HtmlDocument, baseUrl: string): Extraction {
  const items: ExtractedItem[] = [];
  const topLevel = Array.from(document.querySelectorAll("[typeof]")).filter((element) => !element.hasAttribute("property"));
  for (const element of topLevel.slice(0, MAX_ITEMS)) {
    items.push({ format: "rdfa", path: `rdfa[${items.length}]`, node: readItem(element, 0, baseUrl) });
  }
  return { items, problems: [] };
}

function readItem(scope: HtmlElement, depth: number, baseUrl: string): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("typeof")).map((term) => expand(scope, term));
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute("resource") ?? scope.getAttribute("about");
  if (id) node["@id"] = id.trim();
  collectProperties(scope, node, depth, baseUrl);
  return node;
}

function collectProperties(parent: HtmlElement, node: JsonLdNode, depth: number, baseUrl: string): void {
  for (const child of Array.from(parent.children) as HtmlElement[]) {
    const names = words(child.getAttribute("property")).map((term) => expand(child, term));
    const isScope = child.hasAttribute("typeof");
    if (names.length > 0) {
      const value = isScope ? (depth < MAX_DEPTH ? readItem(child, depth + 1, baseUrl) : {}) : rdfaValue(child, baseUrl);
      for (const name of names) addProperty(node, name, value);
    }
    if (!isScope) collectProperties(child, node, depth, baseUrl);
  }
}

function rdfaValue(element: HtmlElement, baseUrl: string): string {
  const resource = element.getAttribute("resource");
  if (resource !== null) return resource.trim();
  return propertyValue(element, baseUrl);
}

/** A term as a full IRI: absolute IRIs stay, `prefix:term` uses a declared prefix, a bare term the nearest vocab. */
function expand(element: HtmlElement, term: string): string {
  if (/^https?:\/\//i.test(term)) return term;
  const colon = term.indexOf(":");
  if (colon > 0) {
    const prefix = term.slice(0, colon);
    const namespace = declaredPrefix(element, prefix) ?? (prefix === "schema" ? "http://schema.org/" : null);
    return namespace ? namespace + term.slice(colon + 1) : term;
  }
  const vocab = nearestAttribute(element, "vocab");
  return vocab ? vocab + term : term;
}

function declaredPrefix(element: HtmlElement, prefix: string): string | null {
  for (let current: HtmlElement | null = element; current; current = current.parentElement as HtmlElement | null) {
    const declared = current.getAttribute("prefix");
    if (!declared) continue;
    const match = new RegExp(`(?:^|\\s)${prefix.replace(/[^\w-]/g, "")}:\\s+(\\S+)`).exec(declared);
    if (match) return match[1]!;
  }
  return null;
}

function nearestAttribute(element: HtmlElement, name: string): string | null {
  for (let current: HtmlElement | null = element; current; current = current.parentElement as HtmlElement | null) {
    const value = current.getAttribute(name);
    if (value !== null) return value.trim();
  }
  return null;
}

function words(value: string | null): string[] {
  return (value ?? "").split(/\s+/).filter((word) => word !== "");
}
