/**
 * Turns the schema.org N-Quads into the compact index the validator needs: types with their direct
 * superclasses, properties with their domains and ranges, enumeration members and superseded terms.
 * Labels and comments (most of the file) are skipped, so the index stays a few hundred kilobytes.
 */

export interface SchemaVocabulary {
  /** Type name → direct superclasses (schema.org names only). Data types (Text, URL, Number…) included. */
  types: Map<string, string[]>;
  /** Property name → the types it is expected on (domainIncludes) and the value types it expects (rangeIncludes). */
  properties: Map<string, { domains: string[]; ranges: string[] }>;
  /** Enumeration member name (e.g. InStock) → the enumerations it belongs to (e.g. ItemAvailability). */
  enumMembers: Map<string, string[]>;
  /** Type or property name → the term that replaces it. */
  supersededBy: Map<string, string>;
}

const SCHEMA = "http://schema.org/";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const RDF_PROPERTY = "http://www.w3.org/1999/02/22-rdf-syntax-ns#Property";
const RDFS_CLASS = "http://www.w3.org/2000/01/rdf-schema#Class";
const SUBCLASS_OF = "http://www.w3.org/2000/01/rdf-schema#subClassOf";
const DOMAIN_INCLUDES = `${SCHEMA}domainIncludes`;
const RANGE_INCLUDES = `${SCHEMA}rangeIncludes`;
const SUPERSEDED_BY = `${SCHEMA}supersededBy`;

// Only schema.org subjects with an IRI object matter here; literals (labels, comments) never match, and
// one pass of a global regex over the text avoids a string per line.
const IRI_STATEMENT = /^<http:\/\/schema\.org\/([^>]+)> <([^>]+)> <([^>]+)>/gm;

export function parseVocabulary(nquads: string): SchemaVocabulary {
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

  for (const match of nquads.matchAll(IRI_STATEMENT)) {
    const subject = match[1]!;
    const predicate = match[2]!;
    const object = match[3]!;
    const objectName = object.startsWith(SCHEMA) ? object.slice(SCHEMA.length) : null;
    if (predicate === RDF_TYPE) {
      if (object === RDF_PROPERTY) property(subject);
      else if (object === RDFS_CLASS) type(subject);
      else if (objectName === "DataType") type(subject);
      else if (objectName) (instanceOf.get(subject) ?? instanceOf.set(subject, []).get(subject)!).push(objectName);
    } else if (predicate === SUBCLASS_OF && objectName) type(subject).push(objectName);
    else if (predicate === DOMAIN_INCLUDES && objectName) property(subject).domains.push(objectName);
    else if (predicate === RANGE_INCLUDES && objectName) property(subject).ranges.push(objectName);
    else if (predicate === SUPERSEDED_BY && objectName) supersededBy.set(subject, objectName);
  }

  // Enumeration members are instances of a type; data types (Boolean's True and False) count too.
  const enumMembers = new Map<string, string[]>();
  for (const [member, of] of instanceOf) {
    if (types.has(member) && !of.some((name) => name === "Boolean")) continue;
    enumMembers.set(member, of);
  }
  return { types, properties, enumMembers, supersededBy };
}
