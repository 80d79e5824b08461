import { describe, expect, test } from "bun:test";
import type { SchemaRecord } from "../../src/analyzers/schema/record-schema.ts";
import { summarizeSchemaRecord } from "../../src/mcp/schema/record-summary.ts";
import { analyzeHtml, jsonLd, page } from "../analyzers/schema/analyze-fixtures.ts";

describe("the schema record in words, for MCP", () => {
  test("each feature's verdict and the reasons behind it; a deprecated FAQ is said to be no longer shown", () => {
    const html = page(
      jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: { "@type": "Question", name: "Open?", acceptedAnswer: { "@type": "Answer", text: "Yes." } } }) +
        jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Lamp", offers: { "@type": "AggregateOffer", highPrice: "30" } }),
    );
    const record: SchemaRecord = { domain: "shop.example", status: "ok", scannedAt: "2026-11-23T10:00:00.000Z", result: analyzeHtml(html) };
    const text = summarizeSchemaRecord(record, "https://sightline.example/api/report/shop.example.json");
    expect(text).toContain("0 rich result(s) eligible, 1 no longer shown by Google.");
    expect(text).toContain("    FAQ: no longer shown by Google\n      status: FAQ rich results are no longer shown by Google since 7 May 2026.");
    expect(text).toContain("    Product snippet: not eligible\n      required offers.lowPrice: Add `lowPrice` to `offers`: the lowest price of the offers, as a number.");
    expect(text).toContain("      required offers.priceCurrency: Add `priceCurrency` to `offers`");
  });
});
