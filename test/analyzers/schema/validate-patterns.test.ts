import { describe, expect, test } from "bun:test";
import type { ItemIssue } from "../../../src/analyzers/schema/validate/item-issue.ts";
import { type ItemToValidate, validateItem } from "../../../src/analyzers/schema/validate/validate-item.ts";
import { schemaVocabulary, Vocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { normalizeJsonLdNode } from "../../../src/analyzers/structured-data/normalize-json-ld-node.ts";

/** schema.org's documented patterns and other vocabularies, item by item. Nodes go through the normaliser, as pages will. */

const vocabulary = schemaVocabulary();
const lines = (issues: ItemIssue[]) => issues.map((issue) => `${issue.property ?? "-"}: ${issue.message}`);

function validate(block: Record<string, unknown>, using: Vocabulary = vocabulary) {
  const normalized = normalizeJsonLdNode(block);
  const item: ItemToValidate = { format: "json-ld", path: "json-ld[0]", node: normalized.node, context: normalized.context, unreadContexts: normalized.unreadContexts };
  return validateItem(item, using);
}

describe("Role", () => {
  test("a Role stands where the property expects the thing it wraps, repeating the property (member → OrganizationRole → member)", () => {
    const result = validate({
      "@context": "https://schema.org",
      "@type": "SportsTeam",
      name: "San Francisco 49ers",
      member: { "@type": "OrganizationRole", member: { "@type": "Person", name: "Joe Montana" }, startDate: "1979", endDate: "1992", roleName: "Quarterback" },
    });
    expect(lines(result.errors)).toEqual([]);
    const film = validate({ "@context": "https://schema.org", "@type": "Movie", name: "Film", actor: { "@type": "PerformanceRole", actor: { "@type": "Person", name: "Bill Murray" }, characterName: "Bob Harris" } });
    expect(lines(film.errors)).toEqual([]);
    const link = validate({ "@context": "https://schema.org", "@type": "ViewAction", target: { "@type": "LinkRole", target: "https://example.com/watch", inLanguage: "en" } });
    expect(lines(link.errors)).toEqual([]);
  });

  test("the wrapped value is checked against the property's range, the Role's own properties against Role, and a Role that does not repeat the property is an error", () => {
    const result = validate({
      "@context": "https://schema.org",
      "@type": "SportsTeam",
      member: [
        { "@type": "OrganizationRole", member: { "@type": "Place", name: "Candlestick Park" }, startDate: "1979" },
        { "@type": "OrganizationRole", roleName: "Quarterback", price: 3 },
      ],
    });
    expect(lines(result.errors)).toEqual([
      'member[0].member: "member" expects Organization or Person, not Place.',
      expect.stringContaining('member[1].price: "price" is not a property of OrganizationRole in schema.org'),
      'member[1]: "member" expects Organization or Person, not OrganizationRole; a Role stands in for the value only when it repeats "member" inside it (see https://schema.org/Role).',
    ]);
  });
});

describe("several types, additionalType and other vocabularies' types", () => {
  test("a property fits when it fits any of the item's types", () => {
    expect(lines(validate({ "@context": "https://schema.org", "@type": ["Book", "Product"], isbn: "9780141036144", sku: "B-1", offers: { "@type": "Offer", price: 9.5, priceCurrency: "EUR" } }).errors)).toEqual([]);
  });

  test("additionalType naming a schema.org type widens what the item's properties may be", () => {
    const store = { "@context": "https://schema.org", "@type": "Organization", name: "Shop", openingHours: "Mo-Sa 09:00-18:00" };
    expect(lines(validate(store).errors)).toEqual([expect.stringContaining('openingHours: "openingHours" is not a property of Organization')]);
    expect(lines(validate({ ...store, additionalType: "https://schema.org/Store" }).errors)).toEqual([]);
    expect(lines(validate({ ...store, additionalType: "http://www.productontology.org/id/Shop" }).errors)).toHaveLength(1);
  });

  test("types of other vocabularies beside a schema.org type are accepted; alone they are not checked, and data-vocabulary.org is an error", () => {
    const beside = validate({ "@context": "https://schema.org", "@type": ["Product", "http://www.productontology.org/id/DVD"], name: "Film on DVD" });
    expect([beside.types, lines(beside.errors), lines(beside.warnings)]).toEqual([["Product"], [], []]);
    const alone = validate({ "@context": ["https://schema.org", { gs1: "https://ref.gs1.org/voc/" }], "@type": "gs1:Beverage", name: "Wine" });
    expect(lines(alone.errors)).toEqual([]);
    expect(lines(alone.warnings)).toEqual(['@type: "https://ref.gs1.org/voc/Beverage" belongs to another vocabulary than schema.org, so it is not checked.']);
    const retired = validate({ "@context": "https://schema.org", "@type": "http://data-vocabulary.org/Product", name: "x" });
    expect(lines(retired.errors)).toEqual([expect.stringContaining("data-vocabulary.org was retired")]);
  });
});

describe("terms of other vocabularies", () => {
  test("a property of another vocabulary is a warning (not checked), and schema.org items inside it are still checked", () => {
    const result = validate({
      "@context": { "@vocab": "https://schema.org/", gs1: "https://ref.gs1.org/voc/" },
      "@type": "Product",
      name: "Wine",
      "gs1:netContent": { "@type": "QuantitativeValue", value: "75", unitCode: "CLT", price: 3 },
    });
    expect(lines(result.warnings)).toEqual(['https://ref.gs1.org/voc/netContent: "https://ref.gs1.org/voc/netContent" belongs to another vocabulary than schema.org, so it is not checked.']);
    expect(lines(result.errors)).toEqual([expect.stringContaining('https://ref.gs1.org/voc/netContent.price: "price" is not a property of QuantitativeValue')]);
  });

  test("beside an unread context, terms schema.org lacks are not checked, and its own terms still are", () => {
    const result = validate({
      "@context": ["https://schema.org", "https://www.w3.org/ns/credentials/v2"],
      type: "VerifiableCredential",
      id: "https://example.com/credentials/1",
      issuer: "https://example.com/issuers/1",
      validFrom: "the first of May",
      credentialSubject: { type: "Product", name: "Heater", hasCertification: { type: "Certification", name: "CO2 Measured", certificationStatus: "CertificationActive" }, colour: "red" },
    });
    expect(result.types).toEqual([]);
    expect(lines(result.warnings)).toEqual([
      '@type: "VerifiableCredential" is not a schema.org type; it may be defined by the context https://www.w3.org/ns/credentials/v2, which is not checked.',
      'issuer: "issuer" is not a schema.org property; it may be defined by the context https://www.w3.org/ns/credentials/v2, which is not checked.',
      'credentialSubject: "credentialSubject" is not a schema.org property; it may be defined by the context https://www.w3.org/ns/credentials/v2, which is not checked.',
      'credentialSubject.colour: "colour" is not a schema.org property; it may be defined by the context https://www.w3.org/ns/credentials/v2, which is not checked.',
    ]);
    expect(lines(result.errors)).toEqual([expect.stringContaining('validFrom: "validFrom" expects an ISO 8601')]);
  });

  test("a context of another vocabulary alone: one warning, and its terms are not read as schema.org's", () => {
    const result = validate({ "@context": "https://w3id.org/other/v1", "@type": "Offer", price: "cheap", startDate: "soon" });
    expect(lines(result.errors)).toEqual([]);
    expect(lines(result.warnings)).toEqual([expect.stringContaining("-: The @context (https://w3id.org/other/v1) does not make these terms schema.org terms")]);
  });

  test("a slip for schema.org's context is an error with the fix, and the terms are still checked as schema.org's", () => {
    for (const slip of ["https://schema.org/Product", "schema.org", "http://health-lifesci.schema.org/"]) {
      const result = validate({ "@context": slip, "@type": "Product", name: "x", startDate: "2024-05-01" });
      expect(lines(result.errors)).toEqual([
        `-: The @context "${slip}" is not schema.org's context: use "@context": "https://schema.org".`,
        expect.stringContaining('startDate: "startDate" is not a property of Product'),
      ]);
    }
  });

  test("with no context at all the item is an error, and its terms are read as schema.org's", () => {
    const result = validate({ "@type": "Product", colour: "red" });
    expect(lines(result.errors)).toEqual([expect.stringContaining("-: The item has no @context"), 'colour: "colour" is not a schema.org property.']);
  });
});

describe("values", () => {
  test("a textual rating is a warning where schema.org allows Text; prices and counts must be plain numbers", () => {
    const result = validate({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Heater",
      hasCertification: { "@type": "Certification", name: "EU energy label", certificationRating: { "@type": "Rating", ratingValue: "E", bestRating: "A", worstRating: "G" } },
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.5 stars", ratingCount: "ten" },
      offers: { "@type": "Offer", price: "$19.99", priceCurrency: "USD" },
    });
    expect(lines(result.warnings)).toEqual([
      'hasCertification.certificationRating.ratingValue: "ratingValue" is the text "E": schema.org allows it, but Google\'s review snippets read ratings as numbers only (such as 4.5).',
      'hasCertification.certificationRating.bestRating: "bestRating" is the text "A": schema.org allows it, but Google\'s review snippets read ratings as numbers only (such as 4.5).',
      'hasCertification.certificationRating.worstRating: "worstRating" is the text "G": schema.org allows it, but Google\'s review snippets read ratings as numbers only (such as 4.5).',
      'aggregateRating.ratingValue: "ratingValue" is the text "4.5 stars": schema.org allows it, but Google\'s review snippets read ratings as numbers only (such as 4.5).',
    ]);
    expect(result.errors.map((issue) => issue.property)).toEqual(["aggregateRating.ratingCount", "offers.price"]);
  });

  test("text is accepted for the data types a release declares (30.0 made Quantity, and so Duration, one), and for Quantity in a release that files it as a thing (29.4), which schema.org defines by its written form", () => {
    const release = (quantityParent: string) =>
      new Vocabulary({
        types: new Map([["Thing", []], ["Event", ["Thing"]], ["Intangible", ["Thing"]], ["DataType", []], ["Quantity", [quantityParent]], ["Duration", ["Quantity"]]]),
        properties: new Map([["duration", { domains: ["Event"], ranges: ["Duration"] }], ["about", { domains: ["Event"], ranges: ["Thing"] }]]),
        enumMembers: new Map(),
        supersededBy: new Map(),
      });
    const item = { "@context": "https://schema.org", "@type": "Event", duration: "PT2H" };
    expect(lines(validate(item, release("DataType")).warnings)).toEqual([]);
    // Duration is "in ISO 8601 duration format" (schema.org/Duration) in either release.
    expect(lines(validate(item, release("Intangible")).warnings)).toEqual([]);
    // A range that is a thing and no quantity still asks for a nested item.
    expect(lines(validate({ "@context": "https://schema.org", "@type": "Event", about: "x" }, release("Intangible")).warnings)).toEqual([expect.stringContaining('about: "about" expects Thing; a nested item with @type reads better')]);
  });
});
