import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import type { SchemaRecord } from "../../../src/analyzers/schema/record-schema.ts";
import { renderSchemaReport } from "../../../src/web/schema/report-page.ts";
import { analyzeHtml } from "../../analyzers/schema/analyze-fixtures.ts";

/**
 * The report's item cards are headed by short type names. Today's extraction already writes schema.org
 * types short; records stored before it hold full IRIs, and other vocabularies' types stay IRIs.
 */

const CONTEXT = { publicUrl: "https://schema.example.org", siteName: "sightline", challenge: { kind: "altcha" as const }, now: Date.parse("2026-11-20T13:00:00Z") };

const PAGE = `<!doctype html><html><head><title>Lamp</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Tide floor lamp"}</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[]}</script>
<script type="application/ld+json">{"@type":"http://xmlns.com/foaf/0.1/Person","http://xmlns.com/foaf/0.1/name":"Ada"}</script>
</head><body></body></html>`;

function headings(result: NonNullable<SchemaRecord["result"]>): string[] {
  const record: SchemaRecord = { domain: "shop.example", status: "ok", scannedAt: "2026-11-20T12:00:00.000Z", result };
  const parts = renderSchemaReport(CONTEXT, { id: 1, domain: "shop.example", status: "ok", score: 0, scannedAt: Date.parse(record.scannedAt), recordJson: JSON.stringify(record) }, false);
  const document = parseHTML(`<!doctype html><html><body>${parts.body}</body></html>`).document;
  return Array.from(document.querySelectorAll("li.schema-item > h3")).map((heading) => heading.childNodes[0]!.textContent!.trim());
}

describe("item titles on the schema report", () => {
  test("items are titled Product, BreadcrumbList and Person, not by IRI", () => {
    const result = analyzeHtml(PAGE, "https://shop.example/lamp");
    expect(result.items.map((item) => item.type)).toEqual(["Product", "BreadcrumbList", "http://xmlns.com/foaf/0.1/Person"]);
    expect(headings(result)).toEqual(["Product", "BreadcrumbList", "Person"]);
  });

  test("a stored record whose types are full schema.org IRIs is titled by short names too", () => {
    const result = analyzeHtml(PAGE, "https://shop.example/lamp");
    const old = { ...result, items: result.items.slice(0, 2).map((item) => ({ ...item, type: `https://schema.org/${item.type}, http://schema.org/Thing` })) };
    expect(headings(old)).toEqual(["Product, Thing", "BreadcrumbList, Thing"]);
  });
});
