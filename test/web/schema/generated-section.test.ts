import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import type { SchemaRecord } from "../../../src/analyzers/schema/record-schema.ts";
import { renderSchemaReport } from "../../../src/web/schema/report-page.ts";
import { analyzeHtml } from "../../analyzers/schema/analyze-fixtures.ts";
import { ARTICLE_WITH_ORGANIZATION } from "../../fixtures/schema-pages/pages.ts";

/** The report page's "Suggested JSON-LD": one card, each node with its reason, one block whose copy button copies only the code. */

const CONTEXT = { publicUrl: "https://schema.example.org", siteName: "sightline", challenge: { kind: "altcha" as const }, now: Date.parse("2026-11-20T13:00:00Z") };

function rendered(result: NonNullable<SchemaRecord["result"]>) {
  const record: SchemaRecord = { domain: "news.example", status: "ok", scannedAt: "2026-11-20T12:00:00.000Z", result };
  const parts = renderSchemaReport(CONTEXT, { id: 1, domain: "news.example", status: "ok", score: 0, scannedAt: Date.parse(record.scannedAt), recordJson: JSON.stringify(record) }, false);
  return parseHTML(`<!doctype html><html><body>${parts.body}</body></html>`).document;
}

describe("the suggested JSON-LD on the report page", () => {
  test("one card: each node's type, @id, reason and rich results; the linked node; one code block that is the script to paste", () => {
    const result = analyzeHtml(ARTICLE_WITH_ORGANIZATION, "https://news.example/2025/bruecke");
    const entry = result.generated[0]!;
    const document = rendered(result);
    const cards = document.querySelectorAll("ol.generated > li");
    expect(cards.length).toBe(1);
    const card = cards[0]!;
    expect(card.querySelector("h3")!.textContent).toBe("WebSite, WebPage, Article");
    const nodes = Array.from(card.querySelectorAll("ul.generated-nodes > li")).map((node) => node.textContent!);
    expect(nodes).toHaveLength(3);
    expect(nodes[2]).toStartWith("Article (https://news.example/2025/bruecke#article): The page reads as an article");
    expect(nodes[2]).toEndWith("Built for: Article.");
    expect(card.textContent).toContain("It links to 1 node the page already declares (https://news.example/#org)");
    const codes = card.querySelectorAll("code");
    expect(codes.length).toBe(1);
    expect(codes[0]!.textContent).toBe(entry.script!);
    expect(card.querySelector("button.copy")!.getAttribute("data-copy-target")).toBe(codes[0]!.getAttribute("id"));
  });

  test("a record stored before the graph (one entry per type, no script or nodes) still shows each block", () => {
    const result = analyzeHtml(ARTICLE_WITH_ORGANIZATION, "https://news.example/2025/bruecke");
    const old = { ...result, generated: [{ type: "BreadcrumbList", reason: "The page shows a trail.", jsonLd: '{\n  "@type": "BreadcrumbList"\n}' }] };
    const card = rendered(old).querySelector("ol.generated > li")!;
    expect(card.querySelector("p")!.textContent).toBe("The page shows a trail.");
    expect(card.querySelector("code")!.textContent).toBe('<script type="application/ld+json">\n{\n  "@type": "BreadcrumbList"\n}\n</script>');
  });
});
