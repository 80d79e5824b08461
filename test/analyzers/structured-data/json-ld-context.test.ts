import { describe, expect, test } from "bun:test";
import {
  EMPTY_SCOPE,
  type ExpandedTerm,
  expandTerm,
  expandType,
  interpretContext,
  isSchemaOrgContextUrl,
  type JsonLdKeyword,
  mapsSchemaOrg,
  SCHEMA_ORG_VOCAB,
  schemaOrgName,
} from "../../../src/analyzers/structured-data/json-ld-context.ts";

const iri = (value: string): ExpandedTerm => ({ kind: "iri", iri: value });
const keyword = (value: JsonLdKeyword): ExpandedTerm => ({ kind: "keyword", keyword: value });

describe("schema.org's context given as a URL", () => {
  test("every spelling of schema.org's context URL is recognised, and nothing else is", () => {
    for (const url of ["https://schema.org", "https://schema.org/", "http://schema.org", "http://schema.org/", "https://www.schema.org/", "http://www.schema.org", "HTTPS://Schema.org/", " https://schema.org ", "https://schema.org/docs/jsonldcontext.jsonld", "https://schema.org/docs/jsonldcontext.json"]) {
      expect([url, isSchemaOrgContextUrl(url)]).toEqual([url, true]);
    }
    for (const url of ["schema.org", "https://schema.org/Product", "https://schema.org.evil.example/", "https://pending.schema.org/", "https://example.com/schema.org", "ftp://schema.org/"]) {
      expect([url, isSchemaOrgContextUrl(url)]).toEqual([url, false]);
    }
  });

  test("terms expand against schema.org's vocabulary, and type and id are the keyword aliases schema.org defines", () => {
    const scope = interpretContext("https://schema.org");
    expect(scope.vocab).toBe(SCHEMA_ORG_VOCAB);
    expect(expandTerm(scope, "name")).toEqual(iri("http://schema.org/name"));
    expect(expandTerm(scope, "type")).toEqual(keyword("@type"));
    expect(expandTerm(scope, "id")).toEqual(keyword("@id"));
    expect(expandTerm(scope, "@type")).toEqual(keyword("@type"));
    expect(expandTerm(scope, "schema:name")).toEqual(iri("http://schema.org/name"));
    expect(expandTerm(scope, "rdfs:label")).toEqual(iri("http://www.w3.org/2000/01/rdf-schema#label"));
    expect(expandType(scope, "Person")).toEqual(iri("http://schema.org/Person"));
    expect(mapsSchemaOrg(scope)).toBe(true);
  });

  test("without any context nothing maps a term, and keyword-like keys that are no keyword mean nothing", () => {
    expect(expandTerm(EMPTY_SCOPE, "name")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(expandTerm(EMPTY_SCOPE, "type")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(expandTerm(interpretContext("https://schema.org"), "@foo")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(mapsSchemaOrg(EMPTY_SCOPE)).toBe(false);
  });
});

describe("context objects", () => {
  test("@vocab makes plain terms and types relative to it", () => {
    const scope = interpretContext({ "@vocab": "https://schema.org/" });
    expect(expandTerm(scope, "name")).toEqual(iri("https://schema.org/name"));
    expect(expandType(scope, "Product")).toEqual(iri("https://schema.org/Product"));
    // Only schema.org's own context aliases `type`; an @vocab alone does not.
    expect(expandTerm(scope, "type")).toEqual(iri("https://schema.org/type"));
  });

  test("a prefix map makes compact IRIs expand, while plain terms stay unmapped", () => {
    const scope = interpretContext({ schema: "https://schema.org/" });
    expect(expandTerm(scope, "schema:name")).toEqual(iri("https://schema.org/name"));
    expect(expandType(scope, "schema:Atlas")).toEqual(iri("https://schema.org/Atlas"));
    expect(expandTerm(scope, "name")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(mapsSchemaOrg(scope)).toBe(true);
  });

  test("absolute IRIs, blank node ids and compact IRIs with an undeclared prefix read as IRIs", () => {
    const scope = interpretContext("https://schema.org");
    expect(expandTerm(scope, "http://purl.org/dc/terms/title")).toEqual(iri("http://purl.org/dc/terms/title"));
    expect(expandTerm(scope, "gs1:netContent")).toEqual(iri("gs1:netContent"));
    expect(expandType(scope, "http://productontology.org/id/DVD")).toEqual(iri("http://productontology.org/id/DVD"));
    expect(expandType(scope, "_:b0")).toEqual(iri("_:b0"));
  });

  test("term definitions: strings, {@id}, keyword aliases, compact IRIs using prefixes defined later in the same object, and null", () => {
    const scope = interpretContext({
      title: "dc:title",
      label: { "@id": "http://www.w3.org/2000/01/rdf-schema#label" },
      kind: "@type",
      dc: "http://purl.org/dc/terms/",
      ex: "https://example.com/vocab#",
      "ex:size": { "@type": "@id" },
      dropped: null,
      alsoDropped: { "@id": null },
      parent: { "@reverse": "http://schema.org/parent" },
    });
    expect(expandTerm(scope, "title")).toEqual(iri("http://purl.org/dc/terms/title"));
    expect(expandTerm(scope, "label")).toEqual(iri("http://www.w3.org/2000/01/rdf-schema#label"));
    expect(expandTerm(scope, "kind")).toEqual(keyword("@type"));
    expect(expandTerm(scope, "ex:size")).toEqual(iri("https://example.com/vocab#size"));
    for (const term of ["dropped", "alsoDropped", "parent"]) expect(expandTerm(scope, term)).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(mapsSchemaOrg(scope)).toBe(false);
  });

  test("a term defined without @id falls back to the @vocab; a cycle of definitions ends (in the @vocab)", () => {
    const scope = interpretContext({ "@vocab": "https://schema.org/", url: { "@type": "@id" }, a: "b", b: "a" });
    expect(expandTerm(scope, "url")).toEqual(iri("https://schema.org/url"));
    expect(expandTerm(scope, "a")).toEqual(iri("https://schema.org/a"));
  });

  test("@vocab may be a compact IRI using a prefix already in force, and null removes it", () => {
    const withPrefix = interpretContext([{ s: "https://schema.org/" }, { "@vocab": "s:" }]);
    expect(expandTerm(withPrefix, "name")).toEqual(iri("https://schema.org/name"));
    expect(expandTerm(interpretContext({ "@vocab": null }, withPrefix), "name")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
  });

  test("hostile keys define nothing on Object.prototype", () => {
    const scope = interpretContext(JSON.parse('{"__proto__": "https://example.com/p", "constructor": "https://example.com/c"}'));
    expect(expandTerm(scope, "__proto__")).toEqual(iri("https://example.com/p"));
    expect(expandTerm(scope, "constructor")).toEqual(iri("https://example.com/c"));
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});

describe("arrays, nesting, other vocabularies and null", () => {
  test("in an array later contexts win, and a nested context refines its parent's", () => {
    const scope = interpretContext(["https://schema.org", { name: "http://xmlns.com/foaf/0.1/name" }]);
    expect(expandTerm(scope, "name")).toEqual(iri("http://xmlns.com/foaf/0.1/name"));
    expect(expandTerm(scope, "description")).toEqual(iri("http://schema.org/description"));
    const nested = interpretContext({ "@vocab": "https://example.com/v/" }, scope);
    expect(expandTerm(nested, "description")).toEqual(iri("https://example.com/v/description"));
    expect(expandTerm(nested, "type")).toEqual(keyword("@type"));
  });

  test("another vocabulary's context URL is not read: terms it may define are unknown, with schema.org's meaning as the fallback", () => {
    const credentials = "https://www.w3.org/ns/credentials/v2";
    const scope = interpretContext(["https://schema.org", credentials]);
    expect(scope.unread).toEqual([credentials]);
    expect(expandTerm(scope, "issuer")).toEqual({ kind: "unknown", contexts: [credentials], vocabIri: "http://schema.org/issuer" });
    expect(expandType(scope, "VerifiableCredential")).toEqual({ kind: "unknown", contexts: [credentials], vocabIri: "http://schema.org/VerifiableCredential" });
    // What schema.org's context defines explicitly stays defined.
    expect(expandTerm(scope, "type")).toEqual(keyword("@type"));
    expect(expandTerm(scope, "schema:name")).toEqual(iri("http://schema.org/name"));
    const alone = interpretContext("https://example.com/context.jsonld");
    expect(expandTerm(alone, "name")).toEqual({ kind: "unknown", contexts: ["https://example.com/context.jsonld"], vocabIri: null });
    expect(mapsSchemaOrg(alone)).toBe(false);
  });

  test("@import reads like a context URL refined by the object", () => {
    const scope = interpretContext({ "@import": "https://schema.org", headline: "http://purl.org/dc/terms/title" });
    expect(expandTerm(scope, "type")).toEqual(keyword("@type"));
    expect(expandTerm(scope, "headline")).toEqual(iri("http://purl.org/dc/terms/title"));
  });

  test("null resets everything before it, and values of other kinds change nothing", () => {
    const scope = interpretContext(["https://schema.org", "https://example.com/ctx", null, { ex: "https://example.com/" }]);
    expect(scope.vocab).toBeNull();
    expect(scope.unread).toEqual([]);
    expect(expandTerm(scope, "type")).toEqual({ kind: "unknown", contexts: [], vocabIri: null });
    expect(expandTerm(scope, "ex:a")).toEqual(iri("https://example.com/a"));
    const schema = interpretContext("https://schema.org");
    expect(interpretContext(42, schema)).toBe(schema);
    expect(interpretContext(undefined, schema)).toBe(schema);
  });
});

describe("schemaOrgName", () => {
  test("gives the bare name of schema.org IRIs in any spelling, and null for everything else", () => {
    for (const value of ["http://schema.org/Person", "https://schema.org/Person", "https://www.schema.org/Person", "HTTP://SCHEMA.ORG/Person"]) {
      expect(schemaOrgName(value)).toBe("Person");
    }
    for (const value of ["https://schema.org/", "https://schema.org/docs/x", "https://schema.org.example/Person", "Person", "schema:Person", "https://example.com/Person", "https://schema.org/Person#x"]) {
      expect([value, schemaOrgName(value)]).toEqual([value, null]);
    }
  });
});

describe("hostile contexts", () => {
  test("hundreds of thousands of context URLs, a chain of prefixes thousands long and a huge term map are read within bounds", () => {
    const urls = Array.from({ length: 200_000 }, (_, index) => `https://example.com/c${index}`);
    const many = interpretContext(["https://schema.org", ...urls]);
    expect(many.unread.length).toBeLessThanOrEqual(16);
    expect(expandTerm(many, "type")).toEqual(keyword("@type"));

    // Written last-first, so that reading the first definition needs every other one.
    const chain: Record<string, string> = {};
    for (let index = 4_000; index >= 1; index--) chain[`p${index}`] = `p${index - 1}:x`;
    chain.p0 = "https://example.com/";
    const chained = interpretContext(chain);
    expect(expandTerm(chained, "p0:y")).toEqual(iri("https://example.com/y"));
    expect(expandTerm(chained, "p4000").kind).toBe("iri");

    const terms = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`t${index}`, `https://example.com/t${index}`]));
    const huge = interpretContext(terms);
    expect(expandTerm(huge, "t0")).toEqual(iri("https://example.com/t0"));
    expect(huge.terms.size).toBeLessThanOrEqual(5_000);
  });
});
