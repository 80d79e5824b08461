/**
 * Issue 30, finding 1: a 174 KB page of 5,000 minimal Products was stored as a 19.1 MB record, each item
 * carrying 3.8 KB of its rules' words. A rule's words are now written once per record (`result.rules`),
 * and items are listed while the record is under MAX_RECORD_ITEMS_CHARS; the rest are counted, and the
 * record says so. The report page shows ITEMS_PER_PAGE items with links to the others.
 */
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";
import { MAX_RECORD_ITEMS_CHARS } from "../../../src/analyzers/structured-data/structured-data-caps.ts";
import { SchemaRecordSchema, type SchemaRecord } from "../../../src/analyzers/schema/record-schema.ts";
import { verdictTexts } from "../../../src/analyzers/schema/verdict-texts.ts";
import { richResultEligibility } from "../../../src/analyzers/schema/rich-results/eligibility.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { renderSchemaReport } from "../../../src/web/schema/report-page.ts";
import { ITEMS_PER_PAGE } from "../../../src/web/schema/result-sections.ts";
import type { PageContext } from "../../../src/web/page-context.ts";

const products = (count: number) => page(jsonLd(Array.from({ length: count }, (_, index) => ({ "@context": "https://schema.org", "@type": "Product", name: `p${index}` }))));

function recordOf(html: string): SchemaRecord {
  return { domain: "shop.example", status: "ok", scannedAt: "2026-11-28T10:00:00.000Z", result: analyzeHtml(html) };
}

describe("a record's size follows its content", () => {
  test("5,000 minimal Products: every item counted, the record within its cap and the rules' words written once", () => {
    const html = products(5000);
    const record = recordOf(html);
    const json = JSON.stringify(record);
    const result = record.result!;
    expect([...Value.Errors(SchemaRecordSchema, record)]).toEqual([]);
    // Before: 19.1 MB, 57 times the page. Now at most the cap plus one item and the record's bounded parts.
    expect(json.length).toBeLessThan(MAX_RECORD_ITEMS_CHARS + 64 * 1024);
    expect(result.summary.items).toBe(5000);
    expect(result.summary.eligible).toBe(0);
    expect(result.summary.listed).toBe(result.items.length);
    expect(result.items.length).toBeGreaterThan(1000);
    expect(result.items.length).toBeLessThan(5000);
    const notice = result.limits!.find((limit) => limit.limit === "record-size");
    expect(notice?.message).toBe(
      `The record lists the first ${result.items.length} of the page's 5000 items (2.0 MB of items a record); the other ${5000 - result.items.length} were checked and are counted in the summary, but not listed.`,
    );
    // Each rule's documentation and reasons appear once however many items it judged.
    expect(json.split("https://developers.google.com/search/docs/appearance/structured-data/merchant-listing").length - 1).toBe(1);
    expect(json.split("Add `image`: the URL of a photo of the product.").length - 1).toBe(1);
    expect(Object.keys(result.rules!).sort()).toEqual(["merchant-listing", "product-snippet"]);
  }, 120_000);

  test("a page of 200 such items is listed whole, at a fraction of the old size per item", () => {
    const record = recordOf(products(200));
    const result = record.result!;
    expect(result.items).toHaveLength(200);
    expect(result.summary.listed).toBeUndefined();
    expect(result.limits!.some((limit) => limit.limit === "record-size")).toBe(false);
    // Was 3.8 KB an item; the verdicts now hold positions, and missing property names.
    expect(JSON.stringify(record).length / 200).toBeLessThan(1300);
  });

  test("each verdict's reasons resolve to exactly what the rule said of the item", () => {
    const node = { "@context": "https://schema.org", "@type": "Product", name: "Lamp", offers: { "@type": "Offer", price: "x" } };
    const result = analyzeHtml(page(jsonLd([node, { ...node, name: "Desk" }])));
    const vocabulary = schemaVocabulary();
    const expected = richResultEligibility(node, { hasErrors: result.items[0]!.errors.length > 0, context: vocabulary });
    for (const item of result.items) {
      const resolved = item.eligibility.map((entry) => ({ rule: entry.rule, ...verdictTexts(entry, result.rules) }));
      expect(resolved).toEqual(
        expected.map((verdict) => ({
          rule: verdict.rule,
          reasons: verdict.reasons,
          note: verdict.note,
          documentation: verdict.documentation,
          checked: verdict.checked,
          status: verdict.status,
        })),
      );
      for (const entry of item.eligibility) expect(entry.reasons).toBeUndefined();
    }
  });

  test("a record stored before rules were written once still resolves its verdicts' own texts", () => {
    const entry = { feature: "FAQ", eligible: false, missingRequired: [], missingRecommended: [], documentation: "https://d.example/", reasons: [{ level: "status" as const, property: null, check: "feature-status", message: "Gone." }] };
    expect(verdictTexts(entry, undefined)).toMatchObject({ documentation: "https://d.example/", reasons: entry.reasons });
  });
});

describe("the report page shows a page of items and links to the rest", () => {
  const context = { siteName: "Schema", publicUrl: "https://schema.test", challenge: { kind: "none" }, now: () => Date.parse("2026-11-28T10:00:00Z") } as unknown as PageContext;
  const record = recordOf(products(120));
  const scan = { id: 1, domain: "shop.example", pageUrl: null, status: "ok" as const, score: 0, scannedAt: 0, recordJson: JSON.stringify(record) };

  test("the first page holds the first ITEMS_PER_PAGE items and a link to the next", () => {
    const body = String(renderSchemaReport(context, scan, false, { running: null, timeline: null }).body);
    expect(body.match(/<li class="card schema-item">/g)).toHaveLength(ITEMS_PER_PAGE);
    expect(body).toContain(`Items 1–${ITEMS_PER_PAGE} of 120 listed.`);
    expect(body).toContain(`href="/report/shop.example?items=2#items-title"`);
    expect(body).toContain("Page 1 of 3");
  });

  test("the last page holds the rest, numbered on, with a link back", () => {
    const body = String(renderSchemaReport(context, scan, false, { running: null, timeline: null, itemsPage: 3 }).body);
    expect(body.match(/<li class="card schema-item">/g)).toHaveLength(120 - 2 * ITEMS_PER_PAGE);
    expect(body).toContain(`<ol class="schema-items" start="${2 * ITEMS_PER_PAGE + 1}">`);
    expect(body).toContain(`href="/report/shop.example?items=2#items-title"`);
    expect(body).not.toContain("Next items");
    // A page past the last shows the last.
    expect(String(renderSchemaReport(context, scan, false, { running: null, timeline: null, itemsPage: 99 }).body)).toContain("Page 3 of 3");
  });

  test("items the record counts but does not list are said to be so", () => {
    const big = recordOf(products(5000));
    const bigScan = { ...scan, recordJson: JSON.stringify(big) };
    const body = String(renderSchemaReport(context, bigScan, false, { running: null, timeline: null }).body);
    const unlisted = 5000 - big.result!.items.length;
    expect(body).toContain(`${unlisted} more items were checked and counted above, but not listed: the record lists the first ${big.result!.items.length}.`);
    expect(body.match(/<li class="card schema-item">/g)).toHaveLength(ITEMS_PER_PAGE);
  }, 120_000);
});
