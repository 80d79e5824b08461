import { describe, expect, test } from "bun:test";
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { schemaOrgJsonLd } from "../../../scripts/bench/schemaorg-jsonld.ts";

const page = (node: object) => `<html><head><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", ...node })}</script></head><body></body></html>`;

async function adobeIssues(node: object) {
  return new Validator(schemaOrgJsonLd()).validate(new WebAutoExtractor().parse(page(node)));
}

describe("schema.org as the JSON-LD Adobe's validator reads, made from the embedded N-Quads", () => {
  test("classes with their superclasses, properties with their domains", () => {
    const graph = schemaOrgJsonLd()["@graph"];
    const term = (id: string) => graph.find((entry) => entry["@id"] === id);
    expect(term("schema:Product")).toMatchObject({ "@type": "rdfs:Class", "rdfs:subClassOf": { "@id": "schema:Thing" } });
    expect(term("schema:name")?.["@type"]).toBe("rdf:Property");
    expect(term("schema:name")?.["schema:domainIncludes"]).toEqual({ "@id": "schema:Thing" });
    expect(term("schema:InStock")?.["@type"]).toBe("schema:ItemAvailability");
  });

  test("Adobe's validator reads it: inherited properties pass, unknown types and properties are flagged", async () => {
    expect((await adobeIssues({ "@type": "Organization", name: "Example", url: "https://example.com/" })).map((issue) => issue.issueMessage)).toEqual([]);
    const unknownProperty = await adobeIssues({ "@type": "Organization", name: "Example", colour: "red" });
    expect(unknownProperty.map((issue) => issue.issueMessage)).toContain('Property "colour" for type "Organization" is not supported by the schema.org specification');
    const unknownType = await adobeIssues({ "@type": "Organisation", name: "Example" });
    expect(unknownType.map((issue) => issue.issueMessage)).toContain('Type "Organisation" is not a valid schema.org type');
  });
});
