import { describe, expect, test } from "bun:test";
import { parseVocabulary } from "../../../src/analyzers/schema/vocabulary/parse-vocabulary.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";

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
