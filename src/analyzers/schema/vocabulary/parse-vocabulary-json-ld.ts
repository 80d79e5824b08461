import { expandTerm, expandType, interpretContext, schemaOrgName, type TermScope } from "../../structured-data/json-ld-context.ts";
import { type SchemaVocabulary, vocabularyBuilder } from "./parse-vocabulary.ts";

/**
 * Reads a schema.org release in JSON-LD (`schemaorg-all-https.jsonld` and friends): a top-level @graph of
 * term descriptions written with the file's own prefixes (`"@id": "schema:Person"`,
 * `"rdfs:subClassOf": {"@id": "schema:Thing"}`). The file's @context is applied with the same interpreter
 * that reads pages, so another spelling of the same statements reads the same.
 */

const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

export interface JsonLdVocabulary {
  index: SchemaVocabulary;
  /** The release the file states about itself (schemaVersion or owl:versionInfo on schema.org), or null. */
  release: string | null;
}

export function parseVocabularyJsonLd(text: string): JsonLdVocabulary {
  const document: unknown = JSON.parse(text);
  const root = Array.isArray(document) ? { "@graph": document } : document;
  if (!isObject(root)) throw new Error("the JSON is not a JSON-LD document (an object with @graph)");
  const scope = interpretContext(root["@context"]);
  const graph = root["@graph"];
  const nodes = Array.isArray(graph) ? graph : [root];
  const builder = vocabularyBuilder();
  let release: string | null = null;
  for (const node of nodes) {
    if (!isObject(node) || typeof node["@id"] !== "string") continue;
    const subjectIri = iriOf(scope, node["@id"]);
    release ??= releaseStatement(scope, subjectIri, node);
    const subject = subjectIri === null ? null : schemaOrgName(subjectIri);
    if (subject === null) continue;
    for (const [key, value] of Object.entries(node)) {
      const term = expandTerm(scope, key);
      const predicate = term.kind === "keyword" && term.keyword === "@type" ? RDF_TYPE : term.kind === "iri" ? term.iri : null;
      if (predicate === null) continue;
      for (const member of Array.isArray(value) ? value : [value]) {
        const object = predicate === RDF_TYPE ? typeIri(scope, member) : referenceIri(scope, member);
        if (object !== null) builder.add(subject, predicate, object);
      }
    }
  }
  return { index: builder.finish(), release };
}

/** `{"@id": "schema:Thing"}` (or, loosely, the bare string) → the IRI; literals give null. */
function referenceIri(scope: TermScope, value: unknown): string | null {
  if (isObject(value) && typeof value["@id"] === "string") return iriOf(scope, value["@id"]);
  return null;
}

function typeIri(scope: TermScope, value: unknown): string | null {
  if (typeof value !== "string") return null;
  const type = expandType(scope, value);
  return type.kind === "iri" ? type.iri : null;
}

/** @id values are compact or absolute IRIs here (a release file has no relative ones worth reading). */
function iriOf(scope: TermScope, id: string): string | null {
  const term = expandTerm(scope, id);
  if (term.kind === "iri" && id.includes(":")) return term.iri;
  return null;
}

/** A release number the file states about schema.org itself, e.g. `"schema:schemaVersion": "30.0"` on `https://schema.org/`. */
function releaseStatement(scope: TermScope, subjectIri: string | null, node: Record<string, unknown>): string | null {
  if (subjectIri === null || !/^https?:\/\/(?:www\.)?schema\.org\/?$/i.test(subjectIri)) return null;
  for (const [key, value] of Object.entries(node)) {
    const term = expandTerm(scope, key);
    if (term.kind !== "iri") continue;
    if (schemaOrgName(term.iri) !== "schemaVersion" && term.iri !== "http://www.w3.org/2002/07/owl#versionInfo") continue;
    const text = isObject(value) ? value["@value"] ?? value["@id"] : value;
    const release = typeof text === "string" ? /(\d+\.\d+)/.exec(text)?.[1] : undefined;
    if (release) return release;
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
