/**
 * schema.org terms are written many ways: `Product`, `schema:Product`, `https://schema.org/Product`,
 * `http://www.schema.org/Product`. This reduces each to the bare name, or says it is from elsewhere.
 */

const SCHEMA_IRI = /^https?:\/\/(?:www\.)?schema\.org\/([^/?#\s]+)$/i;
const DEPRECATED_VOCABULARIES: Record<string, string> = {
  "data-vocabulary.org": "data-vocabulary.org was retired by Google in 2020; use schema.org",
};

export type ResolvedTerm = { ok: true; name: string } | { ok: false; reason: string };

export function resolveTerm(raw: string): ResolvedTerm {
  const term = raw.trim();
  const iri = SCHEMA_IRI.exec(term);
  if (iri) return { ok: true, name: iri[1]! };
  if (term.startsWith("schema:")) return { ok: true, name: term.slice("schema:".length) };
  if (/^[a-z][\w+.-]*:/i.test(term)) {
    const host = /^https?:\/\/(?:www\.)?([^/]+)/i.exec(term)?.[1]?.toLowerCase();
    const deprecated = host ? DEPRECATED_VOCABULARIES[host] : undefined;
    return { ok: false, reason: deprecated ? `"${term}" is not a schema.org term: ${deprecated}.` : `"${term}" is not a schema.org term, so search engines ignore it.` };
  }
  return { ok: true, name: term };
}
