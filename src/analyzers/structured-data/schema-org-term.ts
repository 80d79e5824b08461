import { schemaOrgName } from "./json-ld-context.ts";

/**
 * The graph's readers compare short names. JSON-LD keys arrive as their @context makes them (bare
 * schema.org names, other vocabularies' IRIs); Microdata writes bare names or full IRIs, RDFa full IRIs.
 */

/** The short name of a term: a schema.org IRI's name, a bare name as written; null for another vocabulary's IRI. */
export function termName(term: string): string | null {
  const trimmed = term.trim();
  if (trimmed === "") return null;
  if (/^[a-z][\w+.-]*:/i.test(trimmed)) return schemaOrgName(trimmed) ?? (trimmed.startsWith("schema:") ? trimmed.slice("schema:".length) : null);
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
  const written = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared.filter((type): type is string => typeof type === "string") : [];
  const types: string[] = [];
  for (const raw of written) {
    // Microdata and RDFa allow several types in one attribute value.
    for (const word of raw.split(/\s+/)) {
      if (word === "") continue;
      const type = termName(word) ?? word;
      if (!types.includes(type)) types.push(type);
    }
  }
  return types;
}
