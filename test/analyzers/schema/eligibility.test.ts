import { describe, expect, test } from "bun:test";
import { richResultEligibility } from "../../../src/analyzers/schema/rich-results/eligibility.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";

const context = schemaVocabulary();
const judge = (node: Record<string, unknown>, hasErrors = false) => richResultEligibility(node, { hasErrors, context });

describe("rich-result eligibility: verdicts and reasons", () => {
  test("subtypes get their ancestors' features: a restaurant is a local business and an organization", () => {
    const features = judge({ "@type": "Restaurant", name: "Bistro", address: "1 Main St" }).map((entry) => [entry.feature, entry.verdict]);
    expect(features).toEqual([["Local business", "eligible"], ["Organization logo", "ineligible"]]);
  });

  test("an item with errors is never eligible, and the reasons say so first", () => {
    const [snippet] = judge({ "@type": "Product", name: "Lamp", offers: { "@type": "Offer", price: "3", priceCurrency: "EUR" } }, true);
    expect(snippet).toMatchObject({ feature: "Product snippet", verdict: "ineligible", eligible: false, missingRequired: [] });
    expect(snippet!.reasons[0]).toMatchObject({ level: "errors", check: "item-errors" });
  });

  test("each verdict carries the rule, its documentation, the day it was checked and the status", () => {
    const [faq] = judge({ "@type": "FAQPage", mainEntity: { "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } } });
    expect(faq).toMatchObject({
      rule: "faq",
      verdict: "deprecated",
      eligible: false,
      status: { state: "deprecated", since: "2026-05-07" },
      documentation: "https://developers.google.com/search/docs/appearance/structured-data/faqpage",
      checked: "2026-11-23",
    });
    expect(faq!.reasons[0]!.message).toContain("no longer shown by Google since 7 May 2026");
  });

  test("a limited feature whose markup is complete is eligible, and says for whom", () => {
    const [speakable] = judge({ "@type": "WebPage", speakable: { "@type": "SpeakableSpecification", cssSelector: ".summary" } });
    expect(speakable).toMatchObject({ feature: "Speakable", verdict: "limited", eligible: true, status: { state: "limited" } });
    expect(speakable!.reasons[0]).toMatchObject({ level: "status" });
  });

  test("each reason names the property and what to add", () => {
    const [snippet] = judge({ "@type": "Product", name: "Lamp", offers: [{ "@type": "Offer", price: "3", priceCurrency: "EUR" }, { "@type": "Offer", priceCurrency: "EUR" }] });
    const required = snippet!.reasons.filter((reason) => reason.level === "required");
    expect(required).toEqual([
      { level: "required", property: "offers[1]", check: "one-of", message: "Add one of `price` or `priceSpecification` to `offers[1]`: the price as a number (`priceSpecification.price` also counts)." },
    ]);
  });
});

describe("through analyzePage", () => {
  const html = page(
    [
      jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Open on Sundays?", acceptedAnswer: { "@type": "Answer", text: "Yes." } }] }),
      jsonLd({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" }] }),
      jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Lamp", image: "https://shop.example/lamp.jpg", offers: { "@type": "Offer", priceCurrency: "EUR" } }),
      jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Chair", offers: { "@type": "AggregateOffer", lowPrice: "40", priceCurrency: "EUR" } }),
    ].join(""),
    `<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Webinar</span><meta itemprop="startDate" content="2026-12-01T18:00:00Z">
<div itemprop="location" itemscope itemtype="https://schema.org/VirtualLocation"><link itemprop="url" href="https://stream.example/live"></div></div>`,
  );
  const result = analyzeHtml(html);
  const verdicts = (index: number) => Object.fromEntries(result.items[index]!.eligibility.map((entry) => [entry.feature, entry]));

  test("FAQ is deprecated and not counted; a one-item breadcrumb and an Offer without price are not eligible", () => {
    expect(verdicts(0).FAQ).toMatchObject({ verdict: "deprecated", eligible: false });
    expect(verdicts(1).Breadcrumb!.missingRequired).toEqual(["itemListElement: at least two ListItems"]);
    expect(verdicts(2)["Product snippet"]).toMatchObject({ verdict: "ineligible", missingRequired: ["offers.price or offers.priceSpecification"] });
    expect(verdicts(2)["Merchant listing"]).toMatchObject({ verdict: "ineligible" });
  });

  test("an AggregateOffer with lowPrice and currency earns a product snippet, not a merchant listing", () => {
    expect(verdicts(3)["Product snippet"]).toMatchObject({ verdict: "eligible" });
    expect(verdicts(3)["Merchant listing"]!.missingRequired).toContain("image");
    expect(verdicts(3)["Merchant listing"]!.missingRequired).toContain("offers: an Offer, not an AggregateOffer");
  });

  test("a Microdata online-only event is read with bare names and judged ineligible", () => {
    expect(result.items[4]!.format).toBe("microdata");
    expect(verdicts(4).Event).toMatchObject({ verdict: "ineligible", missingRequired: ["location: a physical location"] });
  });

  test("the summary counts only eligible features and counts the deprecated apart", () => {
    expect(result.summary).toMatchObject({ eligible: 1, limited: 0, deprecated: 1 });
  });

  test("an Offer stated apart and referenced by @id is judged inside its Product", () => {
    const graph = analyzeHtml(
      page(
        jsonLd({
          "@context": "https://schema.org",
          "@graph": [
            { "@type": "Product", "@id": "#lamp", name: "Lamp", image: "https://shop.example/lamp.jpg", offers: { "@id": "#lamp-offer" } },
            { "@type": "Offer", "@id": "#lamp-offer", price: "19.90", priceCurrency: "EUR" },
          ],
        }),
      ),
    );
    const product = graph.items.find((item) => item.type === "Product")!;
    expect(product.eligibility.map((entry) => [entry.feature, entry.verdict])).toEqual([["Product snippet", "eligible"], ["Merchant listing", "eligible"]]);
  });

  test("an item typed only by another statement about its @id is judged by that type; an item of types no rule is about gets no verdict", () => {
    // Items of types no rule is about skip judging (and embedding their references): the type that decides
    // is the joined node's, not that of the statement the item came from.
    const result = analyzeHtml(
      page(
        jsonLd({ "@context": "https://schema.org", "@id": "#lamp", name: "Lamp", image: "https://shop.example/lamp.jpg", offers: { "@id": "#lamp-offer" } }) +
          jsonLd({ "@context": "https://schema.org", "@id": "#lamp", "@type": "Product" }) +
          jsonLd({ "@context": "https://schema.org", "@type": "Offer", "@id": "#lamp-offer", price: "19.90", priceCurrency: "EUR" }) +
          jsonLd({ "@context": "https://schema.org", "@type": "Thing", name: "No rule is about a Thing" }),
      ),
    );
    expect(result.items.map((item) => [item.type, item.eligibility.map((entry) => [entry.feature, entry.verdict])])).toEqual([
      ["Product", [["Product snippet", "eligible"], ["Merchant listing", "eligible"]]],
      ["Offer", []],
      ["Thing", []],
    ]);
  });
});
