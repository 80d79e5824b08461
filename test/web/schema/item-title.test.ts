import { describe, expect, test } from "bun:test";
import { itemTitle, shortTypeName } from "../../../src/web/schema/item-title.ts";

describe("itemTitle", () => {
  test("schema.org IRIs in every written form become their local name", () => {
    expect(shortTypeName("https://schema.org/Product")).toBe("Product");
    expect(shortTypeName("http://schema.org/BreadcrumbList")).toBe("BreadcrumbList");
    expect(shortTypeName("https://www.schema.org/Offer")).toBe("Offer");
    expect(shortTypeName("schema:Event")).toBe("Event");
    expect(shortTypeName("Product")).toBe("Product");
  });

  test("another vocabulary's IRI keeps the part after the last # or /", () => {
    expect(shortTypeName("http://xmlns.com/foaf/0.1/Person")).toBe("Person");
    expect(shortTypeName("http://www.w3.org/2006/vcard/ns#Organization")).toBe("Organization");
    expect(shortTypeName("https://example.com/types/Widget/")).toBe("Widget");
    expect(shortTypeName("urn:example:Gadget")).toBe("Gadget");
  });

  test("prefixed names of other vocabularies are kept whole", () => {
    expect(shortTypeName("foaf:Person")).toBe("foaf:Person");
  });

  test("several types are joined, duplicates once", () => {
    expect(itemTitle("https://schema.org/Product, https://schema.org/Car")).toBe("Product, Car");
    expect(itemTitle("https://schema.org/Product https://schema.org/Product")).toBe("Product");
    expect(itemTitle("LocalBusiness, http://schema.org/Restaurant")).toBe("LocalBusiness, Restaurant");
  });

  test("no type says so", () => {
    expect(itemTitle("")).toBe("(no type)");
    expect(itemTitle("  ")).toBe("(no type)");
  });

  test("an IRI that ends in a separator only is shown as written rather than empty", () => {
    expect(shortTypeName("https://schema.org/")).toBe("https://schema.org/");
  });
});
