import { describe, expect, test } from "bun:test";
import { normalizeJsonLdNode } from "../../../src/analyzers/structured-data/normalize-json-ld-node.ts";

describe("normalizeJsonLdNode", () => {
  test("under schema.org's context: aliases become keywords, every spelling of a schema.org term its bare name, and values of one term are joined", () => {
    const result = normalizeJsonLdNode({
      "@context": "https://schema.org/",
      type: "Audiobook",
      id: "https://archive.org/details/alice#work",
      name: "Alice",
      "schema:name": "Alice in Wonderland",
      "https://schema.org/author": { type: "Person", name: "Lewis Carroll" },
      "http://purl.org/dc/terms/title": "Alice",
      datePublished: { "@value": "2010-05-03", "@language": "en" },
    });
    expect(result.context).toBe("schema.org");
    expect(result.unreadContexts).toEqual([]);
    expect(result.node).toEqual({
      "@type": "Audiobook",
      "@id": "https://archive.org/details/alice#work",
      name: ["Alice", "Alice in Wonderland"],
      author: { "@type": "Person", name: "Lewis Carroll" },
      "http://purl.org/dc/terms/title": "Alice",
      datePublished: { "@value": "2010-05-03", "@language": "en" },
    });
  });

  test("a prefix map: schema: terms and types become bare names, other prefixes full IRIs", () => {
    const result = normalizeJsonLdNode({
      "@context": { schema: "https://schema.org/", gs1: "https://ref.gs1.org/voc/" },
      "@type": ["schema:Atlas", "gs1:Product"],
      "schema:name": "Atlas of the World",
      "gs1:netContent": "1 kg",
      "schema:publisher": { "@type": "schema:Organization", "schema:name": "National Geographic" },
    });
    expect(result.context).toBe("schema.org");
    expect(result.node).toEqual({
      "@type": ["Atlas", "https://ref.gs1.org/voc/Product"],
      name: "Atlas of the World",
      "https://ref.gs1.org/voc/netContent": "1 kg",
      publisher: { "@type": "Organization", name: "National Geographic" },
    });
  });

  test("nested contexts apply to their node and below; unread contexts are collected; terms they may define keep schema.org's name as fallback", () => {
    const result = normalizeJsonLdNode({
      "@context": "https://schema.org",
      "@type": "Product",
      review: { "@context": { "@vocab": "https://example.com/v/" }, "@type": "Review", body: "Good", author: { "@context": ["https://schema.org", "https://example.com/ctx"], type: "Person", nickname: "Jo" } },
      name: "x",
    });
    expect(result.node).toEqual({
      "@type": "Product",
      review: {
        "@type": "https://example.com/v/Review",
        "https://example.com/v/body": "Good",
        "https://example.com/v/author": { "@type": "Person", nickname: "Jo" },
      },
      name: "x",
    });
    expect(result.unreadContexts).toEqual(["https://example.com/ctx"]);
  });

  test("the context is missing, another vocabulary's, or inherited from the block", () => {
    const missing = normalizeJsonLdNode({ "@type": "Organization", name: "No context Inc" });
    expect([missing.context, missing.node]).toEqual(["missing", { "@type": "Organization", name: "No context Inc" }]);
    const other = normalizeJsonLdNode({ "@context": "https://w3id.org/other/v1", "@type": "Thing", name: "x" });
    expect([other.context, other.unreadContexts, other.node]).toEqual(["other", ["https://w3id.org/other/v1"], { "@type": "Thing", name: "x" }]);
    expect(normalizeJsonLdNode({ type: "Thing" }, "http://schema.org").node).toEqual({ "@type": "Thing" });
  });

  test("@nest groups properties of the same node, @list members are normalised, and hostile keys stay plain data", () => {
    const result = normalizeJsonLdNode(
      JSON.parse('{"@context": "https://schema.org", "@type": "Product", "@nest": {"schema:sku": "A1"}, "isRelatedTo": {"@list": [{"type": "Product"}]}, "__proto__": {"@type": "Offer"}, "constructor": "c"}'),
    );
    expect(result.node.sku).toBe("A1");
    expect(result.node.isRelatedTo).toEqual({ "@list": [{ "@type": "Product" }] });
    expect(Object.getPrototypeOf(result.node)).toBe(Object.prototype);
    expect(Object.keys(result.node)).toEqual(["@type", "sku", "isRelatedTo", "__proto__", "constructor"]);
  });

  test("a large context refined by thousands of nested ones: past 100 nested contexts the rest are ignored", () => {
    const big = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`t${index}`, `https://example.com/t${index}`]));
    const members = Array.from({ length: 20_000 }, () => ({ "@context": { x: "https://example.com/x" }, x: 1 }));
    const result = normalizeJsonLdNode({ "@context": ["https://schema.org", big], "@type": "ItemList", itemListElement: members });
    const elements = result.node.itemListElement as Record<string, unknown>[];
    expect(elements.filter((element) => "https://example.com/x" in element)).toHaveLength(99);
    expect(elements.filter((element) => "x" in element)).toHaveLength(20_000 - 99);
  });

  test("nesting far deeper than any page stops being rewritten instead of exhausting the stack", () => {
    let deep: Record<string, unknown> = { name: "bottom" };
    for (let level = 0; level < 5_000; level++) deep = { "@type": "Thing", subjectOf: deep };
    expect(() => normalizeJsonLdNode({ "@context": "https://schema.org", ...deep })).not.toThrow();
  });

  test("a term that expands into schema.org's namespace with a slash or space in it stays a schema.org term, to be reported unknown", () => {
    const { node } = normalizeJsonLdNode({ "@context": "https://schema.org", "@type": "Product", "<script>alert(1)</script>": "x", "foo bar": 1 });
    expect(Object.keys(node)).toEqual(["@type", "<script>alert(1)</script>", "foo bar"]);
  });
});
