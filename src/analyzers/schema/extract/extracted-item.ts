/**
 * What the extractors produce: every format is turned into the same JSON-LD-shaped node
 * (`@type`, `@id`, property → value or array of values, nested nodes as objects), so one validator
 * and one set of rich-result rules serve JSON-LD, Microdata and RDFa alike.
 */

export type StructuredFormat = "json-ld" | "microdata" | "rdfa";

export type JsonLdNode = Record<string, unknown>;

export interface ExtractedItem {
  format: StructuredFormat;
  /** Where the item sits on the page, e.g. `json-ld[2] @graph[1]` or `microdata[0]`. */
  path: string;
  node: JsonLdNode;
  /**
   * For JSON-LD only: whether the item's @context makes its terms schema.org terms. `missing` when it
   * has none, `other` when it names another vocabulary. Microdata and RDFa carry full type URLs instead.
   */
  context?: "schema.org" | "missing" | "other";
}

export interface ExtractionProblem {
  format: StructuredFormat;
  path: string;
  message: string;
}

export interface Extraction {
  items: ExtractedItem[];
  problems: ExtractionProblem[];
}

/** No page needs more; a hostile one could hold thousands, and each costs validation and record space. */
export const MAX_ITEMS = 100;
/** Nesting deeper than this is cut, so a hostile page cannot make extraction or validation recurse for ever. */
export const MAX_DEPTH = 12;

/** Adds `value` under `name`, turning a second value into an array, as JSON-LD writes repeated properties. */
export function addProperty(node: JsonLdNode, name: string, value: unknown): void {
  const existing = node[name];
  if (existing === undefined) node[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[name] = [existing, value];
}
