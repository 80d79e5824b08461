/**
 * schema.org terms are written many ways: `Product`, `schema:Product`, `https://schema.org/Product`,
 * `http://www.schema.org/Product`. Readers of the graph compare short names, so each is reduced here.
 */

const SCHEMA_IRI = /^https?:\/\/(?:www\.)?schema\.org\/([^/?#\s]+)$/i;

/** The short schema.org name of a term, or null when it is written as an IRI of another vocabulary. */
export function schemaOrgName(term: string): string | null {
  const trimmed = term.trim();
  const iri = SCHEMA_IRI.exec(trimmed);
  if (iri) return iri[1]!;
  if (trimmed.startsWith("schema:")) return trimmed.slice("schema:".length);
  if (/^[a-z][\w+.-]*:/i.test(trimmed)) return null;
  return trimmed === "" ? null : trimmed;
}

/** A node's `@type` (a string or an array) as a list of short schema.org names, other vocabularies' types kept as written. */
export function normalizeTypes(declared: unknown): string[] {
  const written = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared.filter((type): type is string => typeof type === "string") : [];
  const types: string[] = [];
  for (const raw of written) {
    // Microdata and RDFa allow several types in one attribute value.
    for (const word of raw.split(/\s+/)) {
      if (word === "") continue;
      const type = schemaOrgName(word) ?? word;
      if (!types.includes(type)) types.push(type);
    }
  }
  return types;
}
