import type { HtmlDocument, HtmlElement } from "./html-document.ts";
import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode, MAX_DEPTH, MAX_ITEMS } from "./extracted-item.ts";

/**
 * Microdata (WHATWG HTML §5): every `itemscope` element that is not itself a property value is an
 * item; its `itemprop` descendants, up to the next nested `itemscope`, are its properties. `itemref`
 * is not followed (rare, and a loop risk on hostile pages).
 */
export function extractMicrodata(document: HtmlDocument, baseUrl: string): Extraction {
  const items: ExtractedItem[] = [];
  const topLevel = Array.from(document.querySelectorAll("[itemscope]")).filter((element) => !element.hasAttribute("itemprop"));
  for (const element of topLevel.slice(0, MAX_ITEMS)) {
    items.push({ format: "microdata", path: `microdata[${items.length}]`, node: readItem(element, 0, baseUrl) });
  }
  return { items, problems: [] };
}

function readItem(scope: HtmlElement, depth: number, baseUrl: string): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("itemtype"));
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute("itemid");
  if (id) node["@id"] = id.trim();
  collectProperties(scope, node, depth, baseUrl);
  return node;
}

function collectProperties(parent: HtmlElement, node: JsonLdNode, depth: number, baseUrl: string): void {
  for (const child of Array.from(parent.children) as HtmlElement[]) {
    const names = words(child.getAttribute("itemprop"));
    const isScope = child.hasAttribute("itemscope");
    if (names.length > 0) {
      const value = isScope ? (depth < MAX_DEPTH ? readItem(child, depth + 1, baseUrl) : {}) : propertyValue(child, baseUrl);
      for (const name of names) addProperty(node, name, value);
    }
    // A nested item's own properties belong to it, not to this item.
    if (!isScope) collectProperties(child, node, depth, baseUrl);
  }
}

/** The value of a non-item property element, by the element's kind (HTML's "property value" rules; URLs made absolute). */
export function propertyValue(element: HtmlElement, baseUrl: string): string {
  const tag = element.tagName.toLowerCase();
  const attribute = (name: string) => (element.getAttribute(name) ?? "").trim();
  const url = (name: string) => absoluteUrl(attribute(name), baseUrl);
  switch (tag) {
    case "meta":
      return attribute("content");
    case "audio":
    case "embed":
    case "iframe":
    case "img":
    case "source":
    case "track":
    case "video":
      return url("src");
    case "a":
    case "area":
    case "link":
      return url("href");
    case "object":
      return url("data");
    case "data":
    case "meter":
      return attribute("value");
    case "time":
      return element.hasAttribute("datetime") ? attribute("datetime") : text(element);
    default:
      return element.hasAttribute("content") ? attribute("content") : text(element);
  }
}

function absoluteUrl(value: string, baseUrl: string): string {
  return value !== "" && URL.canParse(value, baseUrl) ? new URL(value, baseUrl).href : value;
}

function text(element: HtmlElement): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

function words(value: string | null): string[] {
  return (value ?? "").split(/\s+/).filter((word) => word !== "");
}
