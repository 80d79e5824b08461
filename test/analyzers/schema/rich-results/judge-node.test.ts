import { describe, expect, test } from "bun:test";
import { judgeRule } from "../../../../src/analyzers/schema/rich-results/judge-node.ts";
import type { NodeRule } from "../../../../src/analyzers/schema/rich-results/rule-types.ts";
import { schemaVocabulary } from "../../../../src/analyzers/schema/vocabulary/vocabulary.ts";

const context = schemaVocabulary();
const brief = (node: Record<string, unknown>, rule: NodeRule) => judgeRule(node, rule, context).map(({ level, property, check }) => ({ level, property, check }));

describe("the judge", () => {
  test("a nested rule holds on every value: the offer without a price is named by its index", () => {
    const rule: NodeRule = { required: [{ property: "offers", each: { required: ["price"] } }] };
    expect(brief({ offers: [{ price: 1 }, { priceCurrency: "EUR" }] }, rule)).toEqual([{ level: "required", property: "offers[1].price", check: "present" }]);
    expect(brief({ offers: { price: 1 } }, rule)).toEqual([]);
  });

  test("blank text, empty lists and empty objects count as missing", () => {
    expect(brief({ name: "  ", image: [], brand: {} }, { required: ["name", "image", "brand"] }).map((entry) => entry.property)).toEqual(["name", "image", "brand"]);
  });

  test("under a recommended property every finding is only recommended", () => {
    const findings = brief({ author: { "@type": "Person" } }, { recommended: [{ property: "author", each: { required: ["name"] } }] });
    expect(findings).toEqual([{ level: "recommended", property: "author.name", check: "present" }]);
  });

  test("text where an item is needed is one finding, unless text is allowed", () => {
    const rule: NodeRule = { required: [{ property: "location", each: { required: ["address"] } }, { property: "image", each: { required: ["url"] }, textAllowed: true }] };
    const findings = judgeRule({ location: "Town hall", image: "https://a/x.jpg" }, rule, context);
    expect(findings.map((entry) => entry.check)).toEqual(["text-not-item"]);
    expect(findings[0]!.message).toContain("`address`");
  });

  test("typed nested rules pick the value's type (subtypes included), else the untyped entry", () => {
    const rule: NodeRule = { required: [{ property: "offers", each: [{ types: ["AggregateOffer"], rule: { required: ["lowPrice"] } }, { rule: { required: ["price"] } }] }] };
    expect(brief({ offers: { "@type": "AggregateOffer", price: 3 } }, rule).map((entry) => entry.property)).toEqual(["offers.lowPrice"]);
    expect(brief({ offers: { "@type": "Offer", lowPrice: 3 } }, rule).map((entry) => entry.property)).toEqual(["offers.price"]);
    expect(brief({ offers: { lowPrice: 3 } }, rule).map((entry) => entry.property)).toEqual(["offers.price"]);
  });

  test("one of several: any complete alternative will do; an incomplete one says what it lacks", () => {
    const rule: NodeRule = { required: [{ anyOf: ["price", { property: "priceSpecification", each: { required: ["price"] } }] }] };
    expect(brief({ price: 3 }, rule)).toEqual([]);
    expect(brief({ priceSpecification: { price: 3 } }, rule)).toEqual([]);
    expect(brief({ priceSpecification: { priceCurrency: "EUR" } }, rule)).toEqual([
      { level: "required", property: null, check: "one-of" },
      { level: "required", property: "priceSpecification.price", check: "present" },
    ]);
  });

  test("whenPresent checks only what is there", () => {
    const rule: NodeRule = { required: [{ property: "review", whenPresent: true, each: { required: ["author"] } }] };
    expect(brief({}, rule)).toEqual([]);
    expect(brief({ review: { reviewBody: "Good" } }, rule)).toEqual([{ level: "required", property: "review.author", check: "present" }]);
  });

  test("a failing predicate is reported with its name and the property it is about", () => {
    const findings = judgeRule({ itemListElement: [{ position: 1, name: "Home" }] }, { required: [{ holds: "atLeastTwoListItems", property: "itemListElement", label: "at least two ListItems", advice: "Add a second crumb." }] }, context);
    expect(findings).toEqual([{ level: "required", property: "itemListElement", generic: "itemListElement: at least two ListItems", check: "atLeastTwoListItems", message: "Add a second crumb." }]);
  });

  test("property names from the page are own properties only", () => {
    expect(brief({}, { required: ["constructor", "toString"] }).map((entry) => entry.property)).toEqual(["constructor", "toString"]);
  });
});
