import { expandTerm, expandType, type ExpandedTerm, interpretContext, mapsSchemaOrg, schemaOrgName, type TermScope } from "./json-ld-context.ts";
import { computed } from "../../lib/computed.ts";

/**
 * Rewrites a parsed JSON-LD node so that its keys say what its @context makes them: schema.org terms as
 * bare names (`schema:name`, `https://schema.org/name` and `name` under schema.org's context all become
 * `name`), other vocabularies' terms as full IRIs, keyword aliases as the keywords (`type` → `@type`), and
 * @type values likewise. Nested nodes stay nested and are rewritten with the scope in force where they
 * sit. Terms that cannot be expanded (no context, or one we cannot read) keep the spelling they were
 * written with; `context` and `unreadContexts` tell the validator how to read those.
 */

export type JsonLdObject = Record<string, unknown>;

export interface NormalizedJsonLd {
  node: JsonLdObject;
  /** `missing` when no @context applies, `other` when the one in force makes no term a schema.org term. */
  context: "schema.org" | "missing" | "other";
  /** Context URLs in force anywhere in the node that are not read here: terms kept as written may be theirs. */
  unreadContexts: string[];
}

/** Deeper than this a node is left as written: pages nest a few levels, hostile ones thousands. */
const MAX_DEPTH = 64;
/**
 * Each nested @context copies the scope it refines; a hostile block of a large context and thousands of tiny
 * nested ones would copy it thousands of times. Pages nest a few; past this many the rest are ignored.
 */
const MAX_NESTED_CONTEXTS = 100;

/** What one node's rewriting collects on the way down. */
interface Walk {
  unread: Set<string>;
  nestedContexts: number;
}

/** Keywords whose values are kept as written: identifiers, literals and their annotations. */
const VERBATIM_KEYWORDS = new Set(["@id", "@value", "@language", "@direction", "@index", "@reverse", "@json"]);

export function normalizeJsonLdNode(node: JsonLdObject, inheritedContext?: unknown): NormalizedJsonLd {
  const own = node["@context"];
  const inherited = interpretContext(inheritedContext);
  const scope = interpretContext(own, inherited);
  const walk: Walk = { unread: new Set(), nestedContexts: 0 };
  const normalized = normalizeObject(node, inherited, walk, 0);
  const context = inheritedContext === undefined && own === undefined ? "missing" : mapsSchemaOrg(scope) ? "schema.org" : "other";
  return { node: normalized, context, unreadContexts: [...walk.unread] };
}

/**
 * The node rewritten, or the node itself when nothing in it changes (no @context to drop, every key and
 * nested value already as its scope makes it): under schema.org's context nearly every nested node is
 * already written so, and copying them all was most of what normalising cost. Readers never change nodes.
 */
function normalizeObject(node: JsonLdObject, parentScope: TermScope, walk: Walk, depth: number): JsonLdObject {
  const own = node["@context"];
  const scope = own !== undefined && walk.nestedContexts++ < MAX_NESTED_CONTEXTS ? interpretContext(own, parentScope) : parentScope;
  for (const url of scope.unread) walk.unread.add(url);
  const keys = Object.keys(node);
  // Made at the first key that changes, with the unchanged keys before it. (No closure here: this runs for
  // every nested object, and a closure would make each call allocate its scope.)
  let result: JsonLdObject | null = null;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (key === "@context") {
      result ??= unchangedBefore(node, keys, index);
      continue;
    }
    const value = node[key];
    const reading = readKey(scope, key);
    if (reading.term.kind === "keyword" && reading.term.keyword === "@nest") {
      result ??= unchangedBefore(node, keys, index);
      addNested(result, value, scope, walk, depth);
      continue;
    }
    const outKey = reading.term.kind === "keyword" ? reading.term.keyword : reading.key;
    const outValue = reading.term.kind === "keyword" ? keywordValue(reading.term.keyword, value, scope, walk, depth) : normalizeValue(value, scope, walk, depth + 1);
    if (result === null && outKey === key && outValue === value) continue;
    result ??= unchangedBefore(node, keys, index);
    addValue(result, outKey, outValue);
  }
  return result ?? node;
}

/** A new object with the node's keys before `upTo`, which stay as they are (but @context, which is dropped). */
function unchangedBefore(node: JsonLdObject, keys: readonly string[], upTo: number): JsonLdObject {
  const result: JsonLdObject = {};
  for (let before = 0; before < upTo; before++) if (keys[before] !== "@context") addValue(result, keys[before]!, node[keys[before]!]);
  return result;
}

/** A keyword's value as normalised (@nest apart): types expanded, nested nodes rewritten, the rest as written. */
function keywordValue(keyword: string, value: unknown, scope: TermScope, walk: Walk, depth: number): unknown {
  if (keyword === "@type") return Array.isArray(value) ? typeNames(scope, value) : typeName(scope, value);
  if (VERBATIM_KEYWORDS.has(keyword)) return value;
  return normalizeValue(value, scope, walk, depth + 1);
}

function addNested(result: JsonLdObject, value: unknown, scope: TermScope, walk: Walk, depth: number): void {
  // @nest only groups properties of the same node.
  for (const nested of Array.isArray(value) ? value : [value]) {
    if (!isObject(nested)) continue;
    for (const [key, member] of Object.entries(normalizeObject(nested, scope, walk, depth + 1))) addValue(result, key, member);
  }
}

/** Values: nested nodes are rewritten; value objects (`{"@value": …}`) and literals stay as they are. */
function normalizeValue(value: unknown, scope: TermScope, walk: Walk, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return normalizeValues(value, scope, walk, depth);
  if (!isObject(value) || "@value" in value) return value;
  return normalizeObject(value, scope, walk, depth);
}

/**
 * The members normalised, or `values` itself when every member stays as it is. Written out twice (here and
 * in typeNames) rather than with a mapping closure, which would make every call allocate its scope.
 */
function normalizeValues(values: readonly unknown[], scope: TermScope, walk: Walk, depth: number): unknown[] {
  let mapped: unknown[] | null = null;
  for (let index = 0; index < values.length; index++) {
    const member = values[index];
    const out = normalizeValue(member, scope, walk, depth);
    if (mapped === null && out !== member) mapped = values.slice(0, index);
    if (mapped !== null) mapped.push(out);
  }
  return mapped ?? (values as unknown[]);
}

/** The types of an @type list as typeName reads them, or the list itself when none changes. */
function typeNames(scope: TermScope, values: readonly unknown[]): unknown[] {
  let mapped: unknown[] | null = null;
  for (let index = 0; index < values.length; index++) {
    const member = values[index];
    const out = typeName(scope, member);
    if (mapped === null && out !== member) mapped = values.slice(0, index);
    if (mapped !== null) mapped.push(out);
  }
  return mapped ?? (values as unknown[]);
}

function typeName(scope: TermScope, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.startsWith("@")) return keyOf(expandType(scope, value), value);
  // Outside keywords a type expands as a key does, except that a keyword alias means nothing as a type.
  const reading = readKey(scope, value);
  return reading.term.kind === "keyword" ? value : reading.key;
}

/** A key's expansion in a scope, and the key it gets (for keywords, the key as written). */
interface KeyReading {
  term: ExpandedTerm;
  key: string;
}

/**
 * Key readings remembered per scope: scopes are never changed once made, and nearly every item shares
 * schema.org's, whose few hundred terms a large page writes over and over (each expansion would build
 * the IRI anew and look it up again). Bounded, as keys come from pages.
 */
const readingsByScope = computed((_scope: TermScope) => new Map<string, KeyReading>());
const MAX_READINGS_PER_SCOPE = 5_000;
const MAX_REMEMBERED_KEY_LENGTH = 200;

function readKey(scope: TermScope, key: string): KeyReading {
  const readings = readingsByScope(scope);
  let reading = readings.get(key);
  if (reading === undefined) {
    const term = expandTerm(scope, key);
    reading = { term, key: term.kind === "keyword" ? key : keyOf(term, key) };
    if (key.length <= MAX_REMEMBERED_KEY_LENGTH && readings.size < MAX_READINGS_PER_SCOPE) readings.set(key, reading);
  }
  return reading;
}

/** The key a term gets: a schema.org bare name, another IRI, or the spelling it was written with when it cannot be expanded. */
function keyOf(term: ExpandedTerm, written: string): string {
  const iri = term.kind === "iri" ? term.iri : term.kind === "unknown" ? term.vocabIri : null;
  if (iri === null) return written;
  return schemaOrgName(iri) ?? inSchemaOrgNamespace(iri) ?? iri;
}

/**
 * A term that expands into schema.org's namespace but is no well-formed schema.org name (it holds a
 * slash or a space: a typo, or a hostile key like `<script>…</script>`) is still written as a schema.org
 * term, so the validator reports it as unknown rather than skipping it as another vocabulary's.
 */
function inSchemaOrgNamespace(iri: string): string | null {
  const match = /^https?:\/\/(?:www\.)?schema\.org\/(.+)$/i.exec(iri);
  return match ? match[1]! : null;
}

/**
 * Adds a value under `key`, joining it with a value already there (`name` and `schema:name` on one node).
 * Keys come from the page, so they are defined rather than assigned: assigning `__proto__` would swap the
 * prototype of the node.
 */
function addValue(node: JsonLdObject, key: string, value: unknown): void {
  if (!Object.hasOwn(node, key)) {
    // Only `__proto__` needs defining: Object.prototype's other names are writable data properties, which an
    // assignment shadows with an own property, as defining does, at a fraction of the cost.
    if (key === "__proto__") Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
    else node[key] = value;
    return;
  }
  const existing = node[key];
  node[key] = [...(Array.isArray(existing) ? existing : [existing]), ...(Array.isArray(value) ? value : [value])];
}

function isObject(value: unknown): value is JsonLdObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
