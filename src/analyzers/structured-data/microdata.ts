import type { HtmlDocument, HtmlElement } from "./html-document.ts";
import { graphTerm } from "./schema-org-term.ts";
import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode, type LimitNotice, MAX_DEPTH, MAX_ITEMS } from "./extracted-item.ts";

/**
 * Microdata (WHATWG HTML §5): every `itemscope` element that is not itself a property value is an
 * item; its `itemprop` descendants, up to the next nested `itemscope`, are its properties, and so are
 * the elements its `itemref` names by id (and their descendants), each visited once so that a loop
 * of references ends.
 */
export function extractMicrodata(document: HtmlDocument, baseUrl: string): Extraction {
  const items: ExtractedItem[] = [];
  const budget = textBudget();
  const topLevel = (Array.from(document.querySelectorAll("[itemscope]")) as HtmlElement[]).filter(isTopLevel);
  for (const element of topLevel.slice(0, MAX_ITEMS)) {
    items.push({ format: "microdata", path: `microdata[${items.length}]`, node: readItem(element, 0, baseUrl, budget) });
  }
  return { items, problems: [], limits: itemLimit("Microdata", topLevel.length) };
}

/**
 * An item is top-level when it is no other item's property value: it has no itemprop, or it has one
 * but no enclosing item to belong to (schema.org's own examples write `<p itemscope itemprop="Person">`).
 */
function isTopLevel(element: HtmlElement): boolean {
  if (!element.hasAttribute("itemprop")) return true;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (parent.hasAttribute("itemscope")) return false;
  return true;
}

function readItem(scope: HtmlElement, depth: number, baseUrl: string, budget: TextBudget): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("itemtype")).map(graphTerm);
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute("itemid");
  if (id) node["@id"] = id.trim();
  const referenced = words(scope.getAttribute("itemref"))
    .map((refId) => scope.ownerDocument.getElementById(refId) as HtmlElement | null)
    .filter((element): element is HtmlElement => element !== null && element !== scope);
  forEachPropertyElement(scope, isItemScope, (child) => {
    const names = words(child.getAttribute("itemprop"));
    if (names.length === 0) return;
    const value = child.hasAttribute("itemscope") ? (depth < MAX_DEPTH ? readItem(child, depth + 1, baseUrl, budget) : {}) : propertyValue(child, baseUrl, budget);
    for (const name of names) addProperty(node, graphTerm(name), value);
  }, referenced);
  return node;
}

function isItemScope(element: HtmlElement): boolean {
  return element.hasAttribute("itemscope");
}

/**
 * Visits the descendants of `scope` in document order, not descending into nested items (elements
 * for which `isNestedScope` holds: their properties belong to them). A loop with its own stack rather than
 * recursion: a hostile page nests plain elements tens of thousands deep, past the call stack.
 */
export function forEachPropertyElement(scope: HtmlElement, isNestedScope: (element: HtmlElement) => boolean, visit: (element: HtmlElement) => void, referenced: readonly HtmlElement[] = []): void {
  const pending: HtmlElement[] = [];
  const pushChildren = (parent: HtmlElement) => {
    const children = parent.children;
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index] as HtmlElement);
  };
  // Referenced elements come after the item's own descendants, as in HTML's "crawl the properties".
  for (let index = referenced.length - 1; index >= 0; index--) pending.push(referenced[index]!);
  pushChildren(scope);
  // Only references can lead back to an element already seen (or to the item itself).
  const seen = referenced.length > 0 ? new Set<HtmlElement>([scope]) : null;
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (seen) {
      if (seen.has(element)) continue;
      seen.add(element);
    }
    visit(element);
    if (!isNestedScope(element)) pushChildren(element);
  }
}

/**
 * How much text the property values of one page may read, in nodes visited. An element's text is its
 * whole subtree, so property elements nested inside each other (thousands deep on a hostile page)
 * would each re-read everything below them: quadratic. Real pages stay far below this budget.
 */
export interface TextBudget {
  nodesLeft: number;
}

const TEXT_NODE_BUDGET = 2_000_000;
/** One property value longer than this is cut: no schema.org value needs more, and the record shows less. */
export const MAX_VALUE_CHARS = 10_000;

/** The notice for a format whose top-level items passed MAX_ITEMS, or none. */
export function itemLimit(format: string, found: number): LimitNotice[] {
  return found > MAX_ITEMS ? [{ limit: "items", message: `The page holds ${found} ${format} items; the first ${MAX_ITEMS} are reported and checked.` }] : [];
}

export function textBudget(): TextBudget {
  return { nodesLeft: TEXT_NODE_BUDGET };
}

/** The value of a non-item property element, by the element's kind (HTML's "property value" rules; URLs made absolute). */
export function propertyValue(element: HtmlElement, baseUrl: string, budget: TextBudget): string {
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
      // HTML reads `datetime`; Google also reads `content`, which schema.org's own examples use on <time>.
      if (element.hasAttribute("datetime")) return attribute("datetime");
      return element.hasAttribute("content") ? attribute("content") : text(element, budget);
    default:
      return element.hasAttribute("content") ? attribute("content") : text(element, budget);
  }
}

function absoluteUrl(value: string, baseUrl: string): string {
  return value !== "" && URL.canParse(value, baseUrl) ? new URL(value, baseUrl).href : value;
}

/** The element's text content, as `textContent` gives it, read within the page's budget and cut at MAX_VALUE_CHARS. */
function text(element: HtmlElement, budget: TextBudget): string {
  let out = "";
  const pending: ChildNode[] = [element as unknown as ChildNode];
  while (pending.length > 0 && budget.nodesLeft > 0 && out.length < MAX_VALUE_CHARS) {
    const node = pending.pop()!;
    budget.nodesLeft--;
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) out += (node as Text).data;
    else if (node.nodeType === ELEMENT_NODE) {
      const children = node.childNodes;
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
    }
  }
  return out.slice(0, MAX_VALUE_CHARS).replace(/\s+/g, " ").trim();
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

function words(value: string | null): string[] {
  return (value ?? "").split(/\s+/).filter((word) => word !== "");
}
