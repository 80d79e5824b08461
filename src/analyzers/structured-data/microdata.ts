import { addProperty, type Extraction, type ExtractedItem, type JsonLdNode, type LimitNotice } from "./extracted-item.ts";
import type { MarkupElement, MarkupTree } from "./markup-tree.ts";
import { graphTerm } from "./schema-org-term.ts";
import { MAX_DEPTH, MAX_ITEMS, MAX_VALUE_CHARS, TEXT_NODE_BUDGET } from "./structured-data-caps.ts";

/**
 * Microdata (WHATWG HTML §5): every `itemscope` element that is not itself a property value is an
 * item; its `itemprop` descendants, up to the next nested `itemscope`, are its properties, and so are
 * the elements its `itemref` names by id (and their descendants), each visited once so that a loop
 * of references ends.
 */
export function extractMicrodata(tree: MarkupTree, baseUrl: string, maxItems = MAX_ITEMS): Extraction {
  const items: ExtractedItem[] = [];
  const reading: Reading = { tree, baseUrl, budget: textBudget() };
  const topLevel = tree.elements.filter((element) => element.hasAttribute("itemscope") && isTopLevel(element));
  for (const element of topLevel.slice(0, maxItems)) {
    items.push({ format: "microdata", path: `microdata[${items.length}]`, node: readItem(element, 0, reading) });
  }
  return { items, problems: [], limits: itemLimit("Microdata", topLevel.length, maxItems) };
}

/** What one page's reading shares. */
interface Reading {
  tree: MarkupTree;
  baseUrl: string;
  budget: TextBudget;
}

/**
 * An item is top-level when it is no other item's property value: it has no itemprop, or it has one
 * but no enclosing item to belong to (schema.org's own examples write `<p itemscope itemprop="Person">`).
 */
function isTopLevel(element: MarkupElement): boolean {
  if (!element.hasAttribute("itemprop")) return true;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (parent.hasAttribute("itemscope")) return false;
  return true;
}

function readItem(scope: MarkupElement, depth: number, reading: Reading): JsonLdNode {
  const node: JsonLdNode = {};
  const types = words(scope.getAttribute("itemtype")).map(graphTerm);
  if (types.length > 0) node["@type"] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute("itemid");
  if (id) node["@id"] = id.trim();
  const referenced = scope.hasAttribute("itemref") ? referencedElements(scope, reading.tree) : NO_ELEMENTS;
  forEachPropertyElement(scope, isItemScope, (child) => {
    const names = words(child.getAttribute("itemprop"));
    if (names.length === 0) return;
    const value = child.hasAttribute("itemscope") ? (depth < MAX_DEPTH ? readItem(child, depth + 1, reading) : {}) : propertyValue(child, reading.baseUrl, reading.budget);
    for (const name of names) addProperty(node, graphTerm(name), value);
  }, referenced);
  return node;
}

const NO_ELEMENTS: readonly MarkupElement[] = Object.freeze([]);

/** The elements an item's `itemref` names by id (other than itself). */
function referencedElements(scope: MarkupElement, tree: MarkupTree): MarkupElement[] {
  return words(scope.getAttribute("itemref"))
    .map((refId) => tree.byId.get(refId))
    .filter((element): element is MarkupElement => element !== undefined && element !== scope);
}

function isItemScope(element: MarkupElement): boolean {
  return element.hasAttribute("itemscope");
}

/**
 * Visits the descendants of `scope` in document order, not descending into nested items (elements
 * for which `isNestedScope` holds: their properties belong to them). A loop with its own stack rather than
 * recursion: a hostile page nests plain elements tens of thousands deep, past the call stack.
 */
export function forEachPropertyElement(scope: MarkupElement, isNestedScope: (element: MarkupElement) => boolean, visit: (element: MarkupElement) => void, referenced: readonly MarkupElement[] = NO_ELEMENTS): void {
  const pending: MarkupElement[] = [];
  // Referenced elements come after the item's own descendants, as in HTML's "crawl the properties".
  for (let index = referenced.length - 1; index >= 0; index--) pending.push(referenced[index]!);
  pushChildren(pending, scope);
  // Only references can lead back to an element already seen (or to the item itself).
  const seen = referenced.length > 0 ? new Set<MarkupElement>([scope]) : null;
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (seen) {
      if (seen.has(element)) continue;
      seen.add(element);
    }
    visit(element);
    if (!isNestedScope(element)) pushChildren(pending, element);
  }
}

function pushChildren(pending: MarkupElement[], parent: MarkupElement): void {
  const children = parent.children;
  for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
}

/** How much text the property values of one page may still read, in nodes visited (see TEXT_NODE_BUDGET). */
export interface TextBudget {
  nodesLeft: number;
}

/** The notice for a format whose top-level items passed what was left of MAX_ITEMS, or none. */
export function itemLimit(format: string, found: number, maxItems: number): LimitNotice[] {
  return found > maxItems ? [{ limit: "items", message: `The page holds ${found} ${format} items; the first ${maxItems} are reported and checked (at most ${MAX_ITEMS} items a page).` }] : [];
}

export function textBudget(): TextBudget {
  return { nodesLeft: TEXT_NODE_BUDGET };
}

/** The value of a non-item property element, by the element's kind (HTML's "property value" rules; URLs made absolute). */
export function propertyValue(element: MarkupElement, baseUrl: string, budget: TextBudget): string {
  switch (element.tagName) {
    case "meta":
      return attribute(element, "content");
    case "audio":
    case "embed":
    case "iframe":
    case "img":
    case "source":
    case "track":
    case "video":
      return absoluteUrl(attribute(element, "src"), baseUrl);
    case "a":
    case "area":
    case "link":
      return absoluteUrl(attribute(element, "href"), baseUrl);
    case "object":
      return absoluteUrl(attribute(element, "data"), baseUrl);
    case "data":
    case "meter":
      return attribute(element, "value");
    case "time":
      // HTML reads `datetime`; Google also reads `content`, which schema.org's own examples use on <time>.
      if (element.hasAttribute("datetime")) return attribute(element, "datetime");
      return element.hasAttribute("content") ? attribute(element, "content") : text(element, budget);
    default:
      return element.hasAttribute("content") ? attribute(element, "content") : text(element, budget);
  }
}

/** An attribute's value trimmed, empty when the element lacks it. */
function attribute(element: MarkupElement, name: string): string {
  return (element.getAttribute(name) ?? "").trim();
}

function absoluteUrl(value: string, baseUrl: string): string {
  // One parse: URL.parse is null where URL.canParse is false.
  return value === "" ? value : (URL.parse(value, baseUrl)?.href ?? value);
}

/** The element's text content, as `textContent` gives it, read within the page's budget and cut at MAX_VALUE_CHARS. */
function text(element: MarkupElement, budget: TextBudget): string {
  let out = "";
  const pending: (MarkupElement | string)[] = [element];
  while (pending.length > 0 && budget.nodesLeft > 0 && out.length < MAX_VALUE_CHARS) {
    const node = pending.pop()!;
    budget.nodesLeft--;
    if (typeof node === "string") out += node;
    else if (node.content !== null) {
      const children = node.content;
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
    }
  }
  return out.slice(0, MAX_VALUE_CHARS).replace(WHITESPACE_RUNS, " ").trim();
}

/** Module-wide, as a literal in a function is a new RegExp object on every call. */
const WHITESPACE = /\s/;
const WHITESPACE_RUN = /\s+/;
/** Only used with replace, which starts a global pattern from the beginning every time. */
const WHITESPACE_RUNS = /\s+/g;
const NO_WORDS: readonly string[] = Object.freeze([]);

function words(value: string | null): readonly string[] {
  // Most elements lack the attribute asked for, or hold one word: no splitting for them.
  if (value === null || value === "") return NO_WORDS;
  if (!WHITESPACE.test(value)) return [value];
  return value.split(WHITESPACE_RUN).filter((word) => word !== "");
}
