/**
 * Enough of JSON-LD 1.1 context processing to tell what each key and @type of a node stands for: an
 * IRI, a keyword, or "unknown". Pure: remote contexts are never fetched. schema.org's own context is
 * known by heart (its aliases `type`/`id`, its @vocab and its `schema:` prefix, as schema.org publishes
 * it); any other context URL is recorded as unread, and the terms it may define come back "unknown"
 * rather than being guessed.
 */

import { boundedMemo } from "./bounded-memo.ts";
import { computed } from "../../lib/computed.ts";

/** The namespace schema.org's published context maps its terms to (http, for compatibility). */
export const SCHEMA_ORG_VOCAB = "http://schema.org/";

const KEYWORDS = [
  "@base", "@container", "@context", "@direction", "@graph", "@id", "@import", "@included", "@index", "@json",
  "@language", "@list", "@nest", "@none", "@prefix", "@propagate", "@protected", "@reverse", "@set", "@type",
  "@value", "@version", "@vocab",
] as const;
export type JsonLdKeyword = (typeof KEYWORDS)[number];
const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

/** A term maps to an IRI or is an alias of a keyword; null means the context maps it to nothing on purpose. */
type TermDefinition = { iri: string } | { keyword: JsonLdKeyword } | null;

export interface TermScope {
  /** The @vocab in force: terms without a definition are appended to it. */
  readonly vocab: string | null;
  /** Terms and prefixes defined by the contexts in force, later contexts having replaced earlier ones. */
  readonly terms: ReadonlyMap<string, TermDefinition>;
  /** Context URLs named but not known here (in order): any term without a definition of ours may be theirs. */
  readonly unread: readonly string[];
}

export type ExpandedTerm =
  | { kind: "keyword"; keyword: JsonLdKeyword }
  | { kind: "iri"; iri: string }
  /**
   * What the term means cannot be told here: `contexts` are the unread contexts that may define it (empty
   * when nothing maps it, so JSON-LD drops it), and `vocabIri` is what it means if they do not.
   */
  | { kind: "unknown"; contexts: readonly string[]; vocabIri: string | null };

/**
 * Contexts come from hostile pages: a 5 MB block can hold a million context URLs or term definitions, or a
 * chain of prefixes each defined by the next. Real contexts are a handful of entries (schema.org's own has a
 * few thousand terms), so beyond these bounds the rest is ignored.
 */
const MAX_CONTEXT_ENTRIES = 32;
const MAX_UNREAD = 16;
const MAX_TERMS_PER_CONTEXT = 5_000;
const MAX_DEFINITION_CHAIN = 32;

export const EMPTY_SCOPE: TermScope = Object.freeze({ vocab: null, terms: new Map(), unread: [] });

/**
 * Prefixes schema.org's context declares besides `schema` (a selection of the namespaces its build binds;
 * a compact IRI with any other prefix still reads as an IRI outside schema.org, which is all that matters here).
 */
const SCHEMA_ORG_PREFIXES: Record<string, string> = {
  schema: SCHEMA_ORG_VOCAB,
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  owl: "http://www.w3.org/2002/07/owl#",
  skos: "http://www.w3.org/2004/02/skos/core#",
  dc: "http://purl.org/dc/elements/1.1/",
  dct: "http://purl.org/dc/terms/",
  dcterms: "http://purl.org/dc/terms/",
  dcat: "http://www.w3.org/ns/dcat#",
  foaf: "http://xmlns.com/foaf/0.1/",
  prov: "http://www.w3.org/ns/prov#",
  void: "http://rdfs.org/ns/void#",
};

const SCHEMA_ORG_SCOPE_TERMS: ReadonlyMap<string, TermDefinition> = new Map<string, TermDefinition>([
  ["type", { keyword: "@type" }],
  ["id", { keyword: "@id" }],
  ["HTML", { iri: "http://www.w3.org/1999/02/22-rdf-syntax-ns#HTML" }],
  ...Object.entries(SCHEMA_ORG_PREFIXES).map(([prefix, iri]): [string, TermDefinition] => [prefix, { iri }]),
]);

/** `https://schema.org`, `http://www.schema.org/`, and the context document itself (`/docs/jsonldcontext.json[ld]`). */
const SCHEMA_ORG_CONTEXT_URL = /^https?:\/\/(?:www\.)?schema\.org(?:\/|\/docs\/jsonldcontext\.json(?:ld)?)?$/i;
const SCHEMA_ORG_IRI = /^https?:\/\/(?:www\.)?schema\.org\/([^/?#\s]+)$/i;

export function isSchemaOrgContextUrl(url: string): boolean {
  return SCHEMA_ORG_CONTEXT_URL.test(url.trim());
}

/** The bare schema.org name of an IRI (`https://www.schema.org/Person` → `Person`), or null when it is not schema.org's. */
export const schemaOrgName: (iri: string) => string | null = boundedMemo((iri) => SCHEMA_ORG_IRI.exec(iri)?.[1] ?? null);

/** Whether the scope makes anything a schema.org term: its @vocab, or a term or prefix in schema.org's namespace. */
export function mapsSchemaOrg(scope: TermScope): boolean {
  if (scope.vocab !== null && isSchemaOrgNamespace(scope.vocab)) return true;
  return mapsSchemaOrgTerms(scope.terms);
}

/** Remembered per map of terms: schema.org's context, shared by most items, has a dozen to look through. */
const mapsSchemaOrgTerms = computed(anyTermMapsSchemaOrg);

function anyTermMapsSchemaOrg(terms: ReadonlyMap<string, TermDefinition>): boolean {
  for (const definition of terms.values()) {
    if (definition !== null && "iri" in definition && (isSchemaOrgNamespace(definition.iri) || schemaOrgName(definition.iri) !== null)) return true;
  }
  return false;
}

function isSchemaOrgNamespace(iri: string): boolean {
  return /^https?:\/\/(?:www\.)?schema\.org\/$/i.test(iri);
}

/**
 * The scope in force after `context` (an @context value: a URL, an object, null, or an array of those,
 * later entries winning) is applied on top of `parent`.
 */
export function interpretContext(context: unknown, parent: TermScope = EMPTY_SCOPE): TermScope {
  if (context === undefined) return parent;
  if (context === null) return EMPTY_SCOPE;
  if (Array.isArray(context)) return context.slice(0, MAX_CONTEXT_ENTRIES).reduce<TermScope>((scope, entry) => interpretContext(entry, scope), parent);
  if (typeof context === "string") return parent === EMPTY_SCOPE ? contextUrlScope(context) : applyContextUrl(context, parent);
  if (isObject(context)) return applyContextObject(context, parent);
  return parent;
}

/**
 * The scope of a context URL on its own, as nearly every item's `"@context": "https://schema.org"` is:
 * built once (scopes are never changed after they are made) rather than copying schema.org's terms per item.
 */
const contextUrlScope = boundedMemo((url: string) => applyContextUrl(url, EMPTY_SCOPE), 1_000);

function applyContextUrl(url: string, parent: TermScope): TermScope {
  if (isSchemaOrgContextUrl(url)) {
    const terms = new Map(parent.terms);
    for (const [term, definition] of SCHEMA_ORG_SCOPE_TERMS) terms.set(term, definition);
    return { vocab: SCHEMA_ORG_VOCAB, terms, unread: parent.unread };
  }
  if (parent.unread.length >= MAX_UNREAD || parent.unread.includes(url.trim())) return parent;
  return { ...parent, unread: [...parent.unread, url.trim()] };
}

function applyContextObject(context: Record<string, unknown>, parent: TermScope): TermScope {
  // @import names a context whose definitions this object then refines (JSON-LD 1.1).
  let scope = typeof context["@import"] === "string" ? applyContextUrl(context["@import"], parent) : parent;
  if ("@vocab" in context) {
    const vocab = context["@vocab"];
    scope = { ...scope, vocab: typeof vocab === "string" ? expandVocabIri(vocab, scope, context) : null };
  }
  const terms = new Map(scope.terms);
  const visited = new Set<string>();
  const local = { ...scope, terms };
  let chain = 0;
  const define = (term: string): void => {
    // A cycle reads the term without its own definition; an overlong chain of prefixes is cut.
    if (visited.has(term) || chain >= MAX_DEFINITION_CHAIN) return;
    visited.add(term);
    chain++;
    const definition = readDefinition(term, context[term], local, context, define);
    chain--;
    if (definition !== undefined) terms.set(term, definition);
  };
  let count = 0;
  for (const term of Object.keys(context)) {
    if (term.startsWith("@")) continue;
    if (++count > MAX_TERMS_PER_CONTEXT) break;
    define(term);
  }
  return local;
}

/**
 * One term definition. Definitions in the same context may use each other's prefixes in any order, so a
 * prefix this one needs is defined first (`define`), as the JSON-LD create-term-definition step does.
 */
function readDefinition(
  term: string,
  value: unknown,
  scope: TermScope,
  context: Record<string, unknown>,
  define: (term: string) => void,
): TermDefinition | undefined {
  if (value === null) return null;
  let target: unknown;
  if (typeof value === "string") target = value;
  else if (isObject(value)) {
    // A reverse property links the other way round; reading it as the forward one would mislead.
    if ("@reverse" in value) return null;
    if (value["@id"] === null) return null;
    target = value["@id"];
  } else return undefined;

  if (typeof target !== "string") {
    // No @id: a compact or absolute IRI names itself; a plain term falls back to the @vocab.
    const self = expandIri(term, scope, context, define, false);
    if (self !== null && typeof self === "string") return { iri: self };
    return scope.vocab !== null ? { iri: scope.vocab + term } : undefined;
  }
  if (KEYWORD_SET.has(target)) return { keyword: target as JsonLdKeyword };
  const iri = expandIri(target, scope, context, define, true);
  if (iri === null) return undefined;
  return typeof iri === "string" ? { iri } : iri;
}

/** The @vocab value may itself be a compact IRI or a term (JSON-LD 1.1). */
function expandVocabIri(value: string, scope: TermScope, context: Record<string, unknown>): string | null {
  if (value === "") return null; // vocab relative to the document base: nothing we can name
  const iri = expandIri(value, scope, context, () => {}, true);
  return typeof iri === "string" ? iri : null;
}

/**
 * Expands an IRI-valued string while a context is being read. Returns the IRI, a keyword alias, or null
 * when the string means nothing.
 */
function expandIri(
  value: string,
  scope: TermScope,
  context: Record<string, unknown>,
  define: (term: string) => void,
  useTerms: boolean,
): string | { keyword: JsonLdKeyword } | null {
  if (useTerms && Object.hasOwn(context, value) && !value.startsWith("@")) define(value);
  if (useTerms && scope.terms.has(value)) {
    const definition = scope.terms.get(value)!;
    if (definition === null) return null;
    return "iri" in definition ? definition.iri : definition;
  }
  const colon = value.indexOf(":");
  if (colon > 0) {
    const prefix = value.slice(0, colon);
    const suffix = value.slice(colon + 1);
    if (prefix === "_" || suffix.startsWith("//")) return value;
    if (Object.hasOwn(context, prefix)) define(prefix);
    const definition = scope.terms.get(prefix);
    if (definition && "iri" in definition) return definition.iri + suffix;
    return value; // an absolute IRI such as urn:isbn:… or mailto:…
  }
  if (useTerms && scope.vocab !== null) return scope.vocab + value;
  return null;
}

/** What a key of a node means in `scope`. */
export function expandTerm(scope: TermScope, key: string): ExpandedTerm {
  if (key.startsWith("@")) {
    // Keyword-like keys that are no keyword are ignored by JSON-LD processors.
    return KEYWORD_SET.has(key) ? { kind: "keyword", keyword: key as JsonLdKeyword } : { kind: "unknown", contexts: [], vocabIri: null };
  }
  return expandVocabRelative(scope, key);
}

/** What a value of @type means in `scope`: a term, a compact or absolute IRI, or a name relative to the @vocab. */
export function expandType(scope: TermScope, value: string): ExpandedTerm {
  const expanded = expandVocabRelative(scope, value);
  return expanded.kind === "keyword" ? { kind: "unknown", contexts: [], vocabIri: null } : expanded;
}

function expandVocabRelative(scope: TermScope, key: string): ExpandedTerm {
  const definition = scope.terms.get(key);
  if (definition !== undefined) {
    if (definition === null) return { kind: "unknown", contexts: [], vocabIri: null };
    return "keyword" in definition ? { kind: "keyword", keyword: definition.keyword } : { kind: "iri", iri: definition.iri };
  }
  const colon = key.indexOf(":");
  if (colon > 0) {
    const prefix = key.slice(0, colon);
    const suffix = key.slice(colon + 1);
    if (prefix === "_" || suffix.startsWith("//")) return { kind: "iri", iri: key };
    const prefixDefinition = scope.terms.get(prefix);
    if (prefixDefinition && "iri" in prefixDefinition) return { kind: "iri", iri: prefixDefinition.iri + suffix };
    return { kind: "iri", iri: key };
  }
  const vocabIri = scope.vocab === null ? null : scope.vocab + key;
  if (scope.unread.length > 0) return { kind: "unknown", contexts: scope.unread, vocabIri };
  if (vocabIri !== null) return { kind: "iri", iri: vocabIri };
  return { kind: "unknown", contexts: [], vocabIri: null };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
