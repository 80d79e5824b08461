import { analyzePage } from "../../../src/analyzers/schema/analyze-page.ts";
import type { SchemaResult } from "../../../src/analyzers/schema/record-schema.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";

/** Runs the pure analysis on an HTML string as if fetched from `url`. */
export function analyzeHtml(html: string, url = "https://shop.example/p/item"): SchemaResult {
  return analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, schemaVocabulary());
}

export function page(head: string, body = ""): string {
  return `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`;
}

export function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}
