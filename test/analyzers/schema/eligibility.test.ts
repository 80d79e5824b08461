import { describe, expect, test } from "bun:test";
import { pathPresent, richResultEligibility } from "../../../src/analyzers/schema/rich-results/eligibility.ts";
import { RICH_RESULT_RULES } from "../../../src/analyzers/schema/rich-results/rich-result-rules.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";

const vocabulary = schemaVocabulary();

describe("rich-result eligibility", () => {
  test("paths must hold on every value along the way", () => {
    expect(pathPresent({ offers: [{ price: 1 }, { price: 2 }] }, ["offers", "price"])).toBe(true);
    expect(pathPresent({ offers: [{ price: 1 }, { priceCurrency: "EUR" }] }, ["offers", "price"])).toBe(false);
    expect(pathPresent({ author: "Jane" }, ["author", "name"])).toBe(false);
    expect(pathPresent({ name: "  " }, ["name"])).toBe(false);
    expect(pathPresent({ "http://schema.org/name": "X" }, ["name"])).toBe(true);
  });

  test("a product with name and offers earns a product snippet; a merchant listing also needs an image and a price", () => {
    const [snippet, merchant] = richResultEligibility({ "@type": "Product", name: "Lamp", offers: { "@type": "Offer", priceCurrency: "EUR" } }, ["Product"], false, vocabulary);
    expect(snippet).toMatchObject({ feature: "Product snippet", eligible: true, missingRequired: [] });
    expect(snippet!.missingRecommended).toEqual(expect.arrayContaining(["image", "offers.price"]));
    expect(merchant).toMatchObject({ feature: "Merchant listing", eligible: false, missingRequired: ["image", "offers.price or offers.priceSpecification.price"] });
  });

  test("one of several properties satisfies an either-or requirement, and errors make an item ineligible", () => {
    expect(richResultEligibility({ name: "App" }, ["SoftwareApplication"], false, vocabulary)[0]!.missingRequired).toEqual(["offers.price", "aggregateRating or review"]);
    const withRating = richResultEligibility({ name: "App", offers: { price: "0" }, review: { author: "A" } }, ["SoftwareApplication"], false, vocabulary)[0]!;
    expect(withRating.eligible).toBe(true);
    expect(richResultEligibility({ name: "App", offers: { price: "0" }, review: {} }, ["SoftwareApplication"], true, vocabulary)[0]!.eligible).toBe(false);
  });

  test("subtypes get their ancestors' features: a restaurant is a local business and an organization", () => {
    const features = richResultEligibility({ name: "Bistro", address: "1 Main St" }, ["Restaurant"], false, vocabulary).map((entry) => [entry.feature, entry.eligible]);
    expect(features).toEqual([["Organization logo", false], ["Local business", true]]);
  });

  test("every documented feature has a rule, and each rule's types exist in schema.org", () => {
    const features = RICH_RESULT_RULES.map((rule) => rule.feature);
    for (const feature of ["Article", "Product snippet", "FAQ", "Breadcrumb", "Organization logo", "Local business", "Event", "Recipe", "Video", "Job posting", "Software app", "Review snippet"]) {
      expect(features).toContain(feature);
    }
    for (const rule of RICH_RESULT_RULES) for (const type of rule.types) expect(vocabulary.hasType(type)).toBe(true);
  });

  test("FAQ carries Google's caveat; an FAQ missing an answer's text is not eligible", () => {
    const html = page(jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer" } }] }));
    const [faq] = analyzeHtml(html).items[0]!.eligibility;
    expect(faq).toMatchObject({ feature: "FAQ", eligible: false, missingRequired: ["mainEntity.acceptedAnswer.text"] });
    expect(faq!.note).toContain("government and health");
  });
});
