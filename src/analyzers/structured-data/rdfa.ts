import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode } from "./extracted-item.ts";
import type { MarkupElement, MarkupTree } from "./markup-tree.ts";
import { forEachPropertyElement, itemLimit, propertyValue, textBudget, type TextBudget } from "./microdata.ts";
import { graphTerm } from "./schema-org-term.ts";
import { boundedMemo } from "./bounded-memo.ts";
import { MAX_DEPTH, MAX_ITEMS } from "./structured-data-caps.ts";

/**
 * RDFa Lite and the parts of RDFa Core that pages use (vocab, prefix, typeof, property, rel and rev,
 * resource, about, href/src, content on any element): every `typeof` element that is not itself the
 * value of a property is an item; `property` and `rel` descendants up to the next nested `typeof` are
 * its properties. A `rel` with no link of its own "hangs": the items nested below it are its values,
 * as in `<div rel="offers"><div typeof="Offer">…`. A `rev` states the property the other way round,
 * so the nested item is kept under `@reverse`, as JSON-LD writes it. Terms are expanded against the
 * nearest `vocab` (or a declared prefix) into full IRIs, so a term from another vocabulary is
 * recognisably not schema.org.
 */
export function extractRdfa(tree: MarkupTree, baseUrl: string, maxItems = MAX_ITEMS): Extraction {
  const items: ExtractedItem[] = [];
  const context: RdfaContext = { baseUrl, budget: textBudget(), vocabOf: new Map(), prefixScopeOf: new Map(), termsByVocab: new Map() };
  const topLevel = tree.elements.filter((element) => isSubject(element) && !isPropertyValue(element));
  for (const element of topLevel.slice(0, maxItems)) {
    const node = readItem(element, 0, context);
    // An untyped subject that states nothing (a `resource` attribute on some other markup) is no item.
    if (!element.hasAttribute("typeof") && Object.keys(node).every((key) => key === "@id")) continue;
    items.push({ format: "rdfa", path: `rdfa[${items.length}]`, node });
  }
  return { items, problems: [], limits: itemLimit("RDFa", topLevel.length, maxItems) };
}

/**
 * What one page's extraction shares: the text budget, and for each element already seen its nearest
 * `vocab` and its nearest ancestor-or-self with a `prefix` attribute. Every term is expanded against
 * those; walking up to the root for each one was quadratic on a page nested thousands deep.
 */
interface RdfaContext {
  baseUrl: string;
  budget: TextBudget;
  vocabOf: Map<MarkupElement, string | null>;
  prefixScopeOf: Map<MarkupElement, MarkupElement | null>;
  /** Bare terms as expanded against each vocab: a page writes the same few terms under one vocab over and over. */
  termsByVocab: Map<string, Map<string, string>>;
}

/** Bounds on termsByVocab: vocabs and terms come from the page. */
const MAX_REMEMBERED_VOCABS = 100;
const MAX_REMEMBERED_TERMS = 5_000;

/**
 * Whether an element states a subject of its own: a `typeof` item, or (RDFa Core) an element whose
 * `about` or `resource` names a node without being a property value or link itself, as in
 * `<span resource="#periodical"><span property="issn">…`. Its properties belong to that node, which
 * the graph joins by `@id` with the node's other statements.
 */
function isSubject(element: MarkupElement): boolean {
  if (element.hasAttribute("typeof")) return true;
  if (!element.hasAttribute("about") && !element.hasAttribute("resource")) return false;
  return !element.hasAttribute("property") && !hasLinkTerms(element);
}

/** Whether a `typeof` element is the value of a property of an enclosing item rather than an item of its own. */
function isPropertyValue(element: MarkupElement): boolean {
  if (element.hasAttribute("property") || hasLinkTerms(element)) return true;
  return hangingLink(element) !== null;
}

/**
 * The nearest ancestor below the enclosing item whose `rel`/`rev` hangs (names properties but links
 * to nothing itself), which makes this item their value; null when there is none.
 */
function hangingLink(element: MarkupElement): MarkupElement | null {
  for (let current = element.parentElement; current; current = current.parentElement) {
    if (isSubject(current)) return null;
    if (hasLinkTerms(current) && !linksToResource(current)) return current;
  }
  return null;
}

/** The attributes an element links to a resource with, in the order RDFa reads them. */
const LINK_ATTRIBUTES = ["resource", "href", "src"] as const;

function linksToResource(element: MarkupElement): boolean {
  for (const name of LINK_ATTRIBUTES) if (element.hasAttribute(name)) return true;
  return false;
}

/**
 * HTML's own link types (`rel="nofollow"`, `rel="stylesheet"`) are not RDFa properties; schema.org
 * properties that share a name with one (author, license) stay properties.
 */
const HTML_LINK_TYPES = new Set([
  "alternate", "amphtml", "apple-touch-icon", "bookmark", "canonical", "dns-prefetch", "external", "help", "icon", "manifest", "me", "modulepreload", "next",
  "nofollow", "noopener", "noreferrer", "opener", "pingback", "preconnect", "prefetch", "preload", "prev", "search", "shortcut", "shortlink", "sponsored",
  "stylesheet", "tag", "ugc", "webmention",
]);

function linkTerms(element: MarkupElement, attribute: "rel" | "rev"): readonly string[] {
  const value = element.getAttribute(attribute);
  if (value === null) return NO_WORDS;
  return words(value).filter(isPropertyLink);
}

function isPropertyLink(term: string): boolean {
  return !HTML_LINK_TYPES.has(term.toLowerCase());
}

/** Whether `rel` or `rev` names a property (not only HTML link types), found without listing the terms. */
function hasLinkTerms(element: MarkupElement): boolean {
  return hasPropertyLink(element.getAttribute("rel")) || hasPropertyLink(element.getAttribute("rev"));
}

function hasPropertyLink(value: string | null): boolean {
  if (value === null) return false;
  for (const term of words(value)) if (isPropertyLink(term)) return true;
  return false;
}

function readItem(scope: MarkupElement, depth: number, context: RdfaContext): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("typeof")).map((term) => expand(scope, term, context));
  const id = scope.getAttribute("resource") ?? scope.getAttribute("about") ?? (scope.hasAttribute("property") ? null : linkTarget(scope, context));
  if (id) node["@id"] = id;
  const reverse: JsonLdNode = {};
  forEachPropertyElement(scope, isSubject, (child) => {
    // Most elements visited are the content of property values: nothing of their own to read.
    if (!child.hasAttribute("property") && !child.hasAttribute("typeof") && !child.hasAttribute("rel") && !child.hasAttribute("rev")) return;
    const properties = expandAll(child, words(child.getAttribute("property")), context);
    const rel = expandAll(child, linkTerms(child, "rel"), context);
    const rev = expandAll(child, linkTerms(child, "rev"), context);
    if (child.hasAttribute("typeof")) {
      const hanging = properties.length === 0 && rel.length === 0 && rev.length === 0 ? hangingLink(child) : null;
      const forward = hanging ? expandAll(child, linkTerms(hanging, "rel"), context) : rel.length === 0 ? properties : [...properties, ...rel];
      const backward = hanging ? expandAll(child, linkTerms(hanging, "rev"), context) : rev;
      if (forward.length === 0 && backward.length === 0) return;
      const value = depth < MAX_DEPTH ? readItem(child, depth + 1, context) : {};
      for (const name of forward) addProperty(node, name, value);
      for (const name of backward) addProperty(reverse, name, value);
      return;
    }
    const target = linkTarget(child, context);
    if (target !== null) {
      for (const name of rel) {
        if (name === RDF_TYPE) types.push(graphTerm(target));
        else addProperty(node, name, { "@id": target });
      }
      for (const name of rev) addProperty(reverse, name, { "@id": target });
    }
    if (properties.length > 0) {
      const value = rdfaValue(child, context);
      for (const name of properties) {
        if (name === RDF_TYPE) types.push(graphTerm(value));
        else addProperty(node, name, value);
      }
    }
  });
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  if (Object.keys(reverse).length > 0) node["@reverse"] = reverse;
  return node;
}

/** Terms as `element` expands them (see expand); the empty list itself when there are none. */
function expandAll(element: MarkupElement, terms: readonly string[], context: RdfaContext): readonly string[] {
  if (terms.length === 0) return NO_WORDS;
  const expanded: string[] = [];
  for (const term of terms) expanded.push(expand(element, term, context));
  return expanded;
}

/** The IRI an element links to (`resource`, `href`, `src`), absolute; null when it names none. */
function linkTarget(element: MarkupElement, context: RdfaContext): string | null {
  for (const name of LINK_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) return absoluteIri(value.trim(), context.baseUrl);
  }
  return null;
}

function absoluteIri(value: string, baseUrl: string): string {
  // One parse: URL.parse is null where URL.canParse is false.
  return value === "" ? value : (URL.parse(value, baseUrl)?.href ?? value);
}

/** A property's value: `content` wins on any element (RDFa Core), then a linked resource, then HTML's value rules. */
function rdfaValue(element: MarkupElement, context: RdfaContext): string {
  const content = element.getAttribute("content");
  if (content !== null) return content.trim();
  const resource = element.getAttribute("resource");
  if (resource !== null) return absoluteIri(resource.trim(), context.baseUrl);
  return propertyValue(element, context.baseUrl, context.budget);
}

/** A term as the graph keeps it (see graphTerm), expanded first to a full IRI: absolute IRIs stay, `prefix:term` uses a declared prefix, a bare term the nearest vocab. */
function expand(element: MarkupElement, term: string, context: RdfaContext): string {
  if (HTTP_IRI.test(term) || term.indexOf(":") > 0) return graphTerm(expandToIri(element, term, context));
  const vocab = nearestVocab(element, context);
  if (!vocab) return graphTerm(term);
  let terms = context.termsByVocab.get(vocab);
  if (terms === undefined) {
    terms = new Map();
    if (context.termsByVocab.size < MAX_REMEMBERED_VOCABS) context.termsByVocab.set(vocab, terms);
  }
  let expanded = terms.get(term);
  if (expanded === undefined) {
    expanded = graphTerm(vocab + term);
    if (terms.size < MAX_REMEMBERED_TERMS) terms.set(term, expanded);
  }
  return expanded;
}

function nearestVocab(element: MarkupElement, context: RdfaContext): string | null {
  return nearest(element, context.vocabOf, ownVocab);
}

function ownVocab(element: MarkupElement): string | null {
  return vocabularyOf(element.getAttribute("vocab"));
}

function expandToIri(element: MarkupElement, term: string, context: RdfaContext): string {
  if (HTTP_IRI.test(term)) return term;
  const colon = term.indexOf(":");
  if (colon > 0) {
    const prefix = term.slice(0, colon);
    const namespace = declaredPrefix(element, prefix, context) ?? INITIAL_PREFIXES[prefix.toLowerCase()] ?? null;
    return namespace ? namespace + term.slice(colon + 1) : term;
  }
  const vocab = nearestVocab(element, context);
  return vocab ? vocab + term : term;
}

/**
 * The prefixes of RDFa 1.1's initial context that pages use without declaring them
 * (https://www.w3.org/2011/rdfa-context/rdfa-1.1), schema.org's among them.
 */
const INITIAL_PREFIXES: Readonly<Record<string, string>> = {
  schema: "http://schema.org/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  owl: "http://www.w3.org/2002/07/owl#",
  dc: "http://purl.org/dc/terms/",
  dcterms: "http://purl.org/dc/terms/",
  foaf: "http://xmlns.com/foaf/0.1/",
  og: "http://ogp.me/ns#",
};

/** `rdf:type` as a property or link states a type, as `typeof` does. */
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

/**
 * RDFa joins vocab and term as written, so `vocab="https://schema.org"` would make `https://schema.orgname`;
 * every consumer reads that as schema.org, so the missing slash is added for schema.org.
 */
function vocabularyOf(attribute: string | null): string | null {
  const vocab = attribute?.trim();
  if (!vocab) return null;
  return /^https?:\/\/(?:www\.)?schema\.org$/i.test(vocab) ? `${vocab}/` : vocab;
}

/** No real page nests this many prefix declarations; a hostile one cannot make each lookup walk them all. */
const MAX_PREFIX_SCOPES = 32;

function declaredPrefix(element: MarkupElement, prefix: string, context: RdfaContext): string | null {
  let scope = nearest(element, context.prefixScopeOf, ownPrefixScope);
  if (scope === null) return null;
  const pattern = prefixPattern(prefix);
  for (let walked = 0; scope && walked < MAX_PREFIX_SCOPES; walked++) {
    const match = pattern.exec(scope.getAttribute("prefix") ?? "");
    if (match) return match[1]!;
    const parent: MarkupElement | null = scope.parentElement;
    scope = parent ? nearest(parent, context.prefixScopeOf, ownPrefixScope) : null;
  }
  return null;
}

function ownPrefixScope(element: MarkupElement): MarkupElement | null {
  return element.getAttribute("prefix") ? element : null;
}

/** The pattern that finds a prefix's declaration in a `prefix` attribute, made once per prefix (`schema:` on every property). */
const prefixPattern = boundedMemo((prefix: string) => new RegExp(`(?:^|\\s)${prefix.replace(/[^\w-]/g, "")}:\\s+(\\S+)`), 1_000);

/**
 * The value `own` finds on `element` or its nearest ancestor that has one (null when none does), with
 * every element on the way remembered in `cache`, so each element is looked at once per page.
 */
function nearest<T>(element: MarkupElement, cache: Map<MarkupElement, T | null>, own: (candidate: MarkupElement) => T | null): T | null {
  // Values are never undefined: a miss.
  const known = cache.get(element);
  if (known !== undefined) return known;
  const walked: MarkupElement[] = [];
  let found: T | null = null;
  for (let current: MarkupElement | null = element; current; current = current.parentElement) {
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

/** Module-wide: a regular expression literal inside a function is a new object on every call. */
const HTTP_IRI = /^https?:\/\//i;

/** Shared by every element that names no term: callers only read it. */
const NO_WORDS: readonly string[] = Object.freeze([]);
const WHITESPACE = /\s/;
const WHITESPACE_RUN = /\s+/;

function words(value: string | null): readonly string[] {
  // Most elements lack the attribute asked for, or hold one word: no splitting for them.
  if (value === null || value === "") return NO_WORDS;
  if (!WHITESPACE.test(value)) return [value];
  return value.split(WHITESPACE_RUN).filter(isWord);
}

function isWord(word: string): boolean {
  return word !== "";
}
