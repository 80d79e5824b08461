import type { HtmlDocument } from "./homepage-document.ts";

export type JsonLdBlock = { index: number; raw: string } & ({ ok: true; value: unknown } | { ok: false; error: string });

const blocks = new WeakMap<HtmlDocument, JsonLdBlock[]>();

/** Every <script type="application/ld+json"> in the page, parsed once per document. */
export function jsonLdBlocks(document: HtmlDocument): JsonLdBlock[] {
  let found = blocks.get(document);
  if (!found) {
    found = Array.from(document.querySelectorAll("script")).filter(isJsonLd).map((script, index) => parseBlock(index + 1, script.textContent ?? ""));
    blocks.set(document, found);
  }
  return found;
}

function isJsonLd(script: { getAttribute(name: string): string | null }): boolean {
  return (script.getAttribute("type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/ld+json";
}

function parseBlock(index: number, raw: string): JsonLdBlock {
  // Pages often wrap JSON-LD in an HTML comment or CDATA for old browsers; consumers tolerate that, so do we.
  const text = raw.trim().replace(/^(?:<!--|\/\/\s*<!\[CDATA\[)/, "").replace(/(?:-->|\/\/\s*\]\]>)$/, "").trim();
  if (text === "") return { index, raw, ok: false, error: "the block is empty" };
  try {
    return { index, raw, ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { index, raw, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The schema.org types a parsed block declares, including those inside an @graph. */
export function declaredTypes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(declaredTypes);
  if (!value || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  const own = node["@type"];
  const types = typeof own === "string" ? [own] : Array.isArray(own) ? own.filter((type): type is string => typeof type === "string") : [];
  return [...types, ...declaredTypes(node["@graph"])];
}
