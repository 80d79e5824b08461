import { describe, expect, test } from "bun:test";
import { withBareNames } from "../../../../src/analyzers/schema/rich-results/bare-names.ts";

describe("bare schema.org names for the judge", () => {
  test("schema.org IRIs and prefixes become bare names; other vocabularies stay as written", () => {
    const node = withBareNames({
      "@type": ["https://schema.org/Product", "http://example.com/ns#Thing"],
      "http://schema.org/name": "Lamp",
      "schema:offers": { "@type": "http://schema.org/Offer", "https://schema.org/price": "3" },
      "http://example.com/ns#colour": "red",
    });
    expect(node).toEqual({
      "@type": ["Product", "http://example.com/ns#Thing"],
      name: "Lamp",
      offers: { "@type": "Offer", price: "3" },
      "http://example.com/ns#colour": "red",
    });
  });

  test("shared and cyclic nodes (embedded @id references) stay shared and end", () => {
    const organization: Record<string, unknown> = { "@type": "Organization", "http://schema.org/name": "Acme" };
    const person = { "@type": "Person", "http://schema.org/worksFor": organization };
    organization["http://schema.org/founder"] = person;
    const node = withBareNames({ "@type": "WebPage", "http://schema.org/author": person, "http://schema.org/publisher": organization }) as Record<string, any>;
    expect(node.author.worksFor).toBe(node.publisher);
    expect(node.publisher.founder).toBe(node.author);
  });

  test("a property named __proto__ stays data", () => {
    const node = withBareNames(JSON.parse('{"@type":"Thing","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.hasOwn(node, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
