import { schemaOrgName } from "./json-ld-context.ts";

/** Module-wide: a regular expression literal inside a function is a new object on every call, and these run per term. */
const SCHEME_OR_PREFIX = /^[a-z][\w+.-]*:/i;
const WHITESPACE = /\s/;
const WHITESPACE_RUN = /\s+/;

/**
 * The graph's readers compare short names. JSON-LD keys arrive as their @context makes them (bare
 * schema.org names, other vocabularies' IRIs); Microdata writes bare names or full IRIs, RDFa full IRIs.
 */

/** The short name of a term: a schema.org IRI's name, a bare name as written; null for another vocabulary's IRI. */
export function termName(term: string): string | null {
  const trimmed = term.trim();
  if (trimmed === "") return null;
  if (SCHEME_OR_PREFIX.test(trimmed)) return schemaOrgName(trimmed) ?? (trimmed.startsWith("schema:") ? trimmed.slice("schema:".length) : null);
  return trimmed;
}

/**
 * A Microdata or RDFa term as the graph keeps it: a schema.org IRI as its bare name, as JSON-LD's context
 * makes it, so every format reads the same (`Product`, not `https://schema.org/Product`); any other IRI or
 * name as written.
 */
export function graphTerm(term: string): string {
  return schemaOrgName(term.trim()) ?? term;
}

/** A node's `@type` (a string or an array) as a list of short schema.org names, other vocabularies' types kept as written. */
export function normalizeTypes(declared: unknown): string[] {
  const types: string[] = [];
  if (typeof declared === "string") addTypes(types, declared);
  else if (Array.isArray(declared)) for (const raw of declared) if (typeof raw === "string") addTypes(types, raw);
  return types;
}

/** Adds the types one written value names: Microdata and RDFa allow several in one attribute value. */
function addTypes(types: string[], raw: string): void {
  if (!WHITESPACE.test(raw)) {
    if (raw !== "") addType(types, termName(raw) ?? raw);
    return;
  }
  for (const word of raw.split(WHITESPACE_RUN)) if (word !== "") addType(types, termName(word) ?? word);
}

function addType(types: string[], type: string): void {
  if (!types.includes(type)) types.push(type);
}
