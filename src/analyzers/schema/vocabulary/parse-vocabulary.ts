import { schemaOrgName } from "../../structured-data/json-ld-context.ts";

/**
 * Turns the schema.org vocabulary into the compact index the validator needs: types with their direct
 * superclasses, properties with their domains and ranges, enumeration members and superseded terms.
 * Labels and comments (most of the file) are skipped, so the index stays a few hundred kilobytes.
 * The statements come from N-Quads (`parseVocabulary`) or a JSON-LD release (parse-vocabulary-json-ld.ts).
 */

export interface SchemaVocabulary {
  /** Type name → direct superclasses (schema.org names only). Data types (Text, URL, Number…) included, with DataType as a parent. */
  types: Map<string, string[]>;
  /** Property name → the types it is expected on (domainIncludes) and the value types it expects (rangeIncludes). */
  properties: Map<string, { domains: string[]; ranges: string[] }>;
  /** Enumeration member name (e.g. InStock) → the enumerations it belongs to (e.g. ItemAvailability). */
  enumMembers: Map<string, string[]>;
  /** Type or property name → the term that replaces it. */
  supersededBy: Map<string, string>;
}

const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const RDF_PROPERTY = "http://www.w3.org/1999/02/22-rdf-syntax-ns#Property";
const RDFS_CLASS = "http://www.w3.org/2000/01/rdf-schema#Class";
const SUBCLASS_OF = "http://www.w3.org/2000/01/rdf-schema#subClassOf";

/** Collects statements about schema.org terms (subject given as a bare name, predicate and object as IRIs) into the index. */
export interface VocabularyBuilder {
  add(subject: string, predicate: string, object: string): void;
  finish(): SchemaVocabulary;
}

export function vocabularyBuilder(): VocabularyBuilder {
  const types = new Map<string, string[]>();
  const properties = new Map<string, { domains: string[]; ranges: string[] }>();
  const instanceOf = new Map<string, string[]>();
  const supersededBy = new Map<string, string>();
  const property = (name: string) => {
    let entry = properties.get(name);
    if (!entry) properties.set(name, (entry = { domains: [], ranges: [] }));
    return entry;
  };
  const type = (name: string) => {
    let parents = types.get(name);
    if (!parents) types.set(name, (parents = []));
    return parents;
  };
  return {
    add(subject, predicate, object) {
      const objectName = schemaOrgName(object);
      if (predicate === RDF_TYPE) {
        if (object === RDF_PROPERTY) property(subject);
        else if (object === RDFS_CLASS) type(subject);
        // Text, Number, Boolean… (and, from 30.0, Quantity) are instances of DataType: a parent for isA().
        else if (objectName === "DataType") pushOnce(type(subject), "DataType");
        else if (objectName) (instanceOf.get(subject) ?? instanceOf.set(subject, []).get(subject)!).push(objectName);
        return;
      }
      const predicateName = schemaOrgName(predicate);
      if (predicate === SUBCLASS_OF && objectName) pushOnce(type(subject), objectName);
      else if (predicateName === "domainIncludes" && objectName) pushOnce(property(subject).domains, objectName);
      else if (predicateName === "rangeIncludes" && objectName) pushOnce(property(subject).ranges, objectName);
      else if (predicateName === "supersededBy" && objectName) supersededBy.set(subject, objectName);
    },
    finish() {
      // Enumeration members are instances of a type; data types (Boolean's True and False) count too.
      const enumMembers = new Map<string, string[]>();
      for (const [member, of] of instanceOf) {
        if (types.has(member) && !of.some((name) => name === "Boolean")) continue;
        enumMembers.set(member, of);
      }
      return { types, properties, enumMembers, supersededBy };
    },
  };
}

function pushOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

// Only schema.org subjects (http or https) with an IRI object matter here; literals (labels, comments)
// never match, and one pass of a global regex over the text avoids a string per line.
const IRI_STATEMENT = /^<https?:\/\/schema\.org\/([^>]+)> <([^>]+)> <([^>]+)>/gm;

/** Parses N-Quads or N-Triples (the embedded package's form, and schema.org's `.nq`/`.nt` release files). */
export function parseVocabulary(nquads: string): SchemaVocabulary {
  const builder = vocabularyBuilder();
  for (const match of nquads.matchAll(IRI_STATEMENT)) builder.add(match[1]!, match[2]!, match[3]!);
  return builder.finish();
}

// Subject, predicate, object (IRI, blank node or literal), then the graph: only a fourth term counts, so an
// N-Triples statement whose object happens to be <https://schema.org/30.0> is not taken for a release.
const NAMED_RELEASE_GRAPH = /^<[^>]*> <[^>]*> (?:<[^>]*>|_:\S+|"(?:[^"\\]|\\.)*"(?:@[\w-]+|\^\^<[^>]*>)?) <https?:\/\/schema\.org\/(\d+\.\d+)> \./m;

/**
 * The release an N-Quads file names: schema.org's release files put every statement in a graph named
 * after the release (`<https://schema.org/30.0>`). Null when it names none (the embedded package's graph
 * is plain `<http://schema.org/>`).
 */
export function releaseOfNQuads(nquads: string): string | null {
  return NAMED_RELEASE_GRAPH.exec(nquads)?.[1] ?? null;
}
