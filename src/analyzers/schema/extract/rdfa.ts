import type { HtmlDocument, HtmlElement } from "./html-document.ts";
import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode, MAX_DEPTH, MAX_ITEMS } from "./extracted-item.ts";
import { forEachPropertyElement, propertyValue, textBudget, type TextBudget } from "./microdata.ts";

/**
 * RDFa Lite (vocab, typeof, property, resource, prefix): every `typeof` element that is not itself a
 * property value is an item; `property` descendants up to the next nested `typeof` are its properties.
 * Terms are expanded against the nearest `vocab` (or a declared prefix) into full IRIs, so a term from
 * another vocabulary is recognisably not schema.org.
 */
export function extractRdfa(document: HtmlDocument, baseUrl: string): Extraction {
  const items: ExtractedItem[] = [];
  const context: RdfaContext = { baseUrl, budget: textBudget(), vocabOf: new Map(), prefixScopeOf: new Map() };
  const topLevel = Array.from(document.querySelectorAll("[typeof]")).filter((element) => !element.hasAttribute("property"));
  for (const element of topLevel.slice(0, MAX_ITEMS)) {
    items.push({ format: "rdfa", path: `rdfa[${items.length}]`, node: readItem(element, 0, context) });
  }
  return { items, problems: [] };
}

/**
 * What one page's extraction shares: the text budget, and for each element already seen its nearest
 * `vocab` and its nearest ancestor-or-self with a `prefix` attribute. Every term is expanded against
 * those; walking up to the root for each one was quadratic on a page nested thousands deep.
 */
interface RdfaContext {
  baseUrl: string;
  budget: TextBudget;
  vocabOf: Map<HtmlElement, string | null>;
  prefixScopeOf: Map<HtmlElement, HtmlElement | null>;
}

function readItem(scope: HtmlElement, depth: number, context: RdfaContext): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("typeof")).map((term) => expand(scope, term, context));
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute("resource") ?? scope.getAttribute("about");
  if (id) node["@id"] = id.trim();
  forEachPropertyElement(scope, "typeof", (child) => {
    const names = words(child.getAttribute("property")).map((term) => expand(child, term, context));
    if (names.length === 0) return;
    const value = child.hasAttribute("typeof") ? (depth < MAX_DEPTH ? readItem(child, depth + 1, context) : {}) : rdfaValue(child, context);
    for (const name of names) addProperty(node, name, value);
  });
  return node;
}

function rdfaValue(element: HtmlElement, context: RdfaContext): string {
  const resource = element.getAttribute("resource");
  if (resource !== null) return resource.trim();
  return propertyValue(element, context.baseUrl, context.budget);
}

/** A term as a full IRI: absolute IRIs stay, `prefix:term` uses a declared prefix, a bare term the nearest vocab. */
function expand(element: HtmlElement, term: string, context: RdfaContext): string {
  if (/^https?:\/\//i.test(term)) return term;
  const colon = term.indexOf(":");
  if (colon > 0) {
    const prefix = term.slice(0, colon);
    const namespace = declaredPrefix(element, prefix, context) ?? (prefix === "schema" ? "http://schema.org/" : null);
    return namespace ? namespace + term.slice(colon + 1) : term;
  }
  const vocab = nearest(element, context.vocabOf, (candidate) => candidate.getAttribute("vocab")?.trim() ?? null);
  return vocab ? vocab + term : term;
}

/** No real page nests this many prefix declarations; a hostile one cannot make each lookup walk them all. */
const MAX_PREFIX_SCOPES = 32;

function declaredPrefix(element: HtmlElement, prefix: string, context: RdfaContext): string | null {
  const pattern = new RegExp(`(?:^|\\s)${prefix.replace(/[^\w-]/g, "")}:\\s+(\\S+)`);
  const scopeOf = (from: HtmlElement) => nearest(from, context.prefixScopeOf, (candidate) => (candidate.getAttribute("prefix") ? candidate : null));
  let scope = scopeOf(element);
  for (let walked = 0; scope && walked < MAX_PREFIX_SCOPES; walked++) {
    const match = pattern.exec(scope.getAttribute("prefix") ?? "");
    if (match) return match[1]!;
    const parent = scope.parentElement as HtmlElement | null;
    scope = parent ? scopeOf(parent) : null;
  }
  return null;
}

/**
 * The value `own` finds on `element` or its nearest ancestor that has one (null when none does), with
 * every element on the way remembered in `cache`, so each element is looked at once per page.
 */
function nearest<T>(element: HtmlElement, cache: Map<HtmlElement, T | null>, own: (candidate: HtmlElement) => T | null): T | null {
  const walked: HtmlElement[] = [];
  let found: T | null = null;
  for (let current: HtmlElement | null = element; current; current = current.parentElement as HtmlElement | null) {
    if (cache.has(current)) {
      found = cache.get(current)!;
      break;
    }
    walked.push(current);
    const value = own(current);
    if (value !== null) {
      found = value;
      break;
    }
  }
  for (const visited of walked) cache.set(visited, found);
  return found;
}

function words(value: string | null): string[] {
  return (value ?? "").split(/\s+/).filter((word) => word !== "");
}
