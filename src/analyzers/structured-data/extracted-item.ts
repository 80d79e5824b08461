import { MAX_PROBLEMS } from "./structured-data-caps.ts";

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
  /**
   * JSON-LD only: context URLs in force that are not read here (another vocabulary's). A term outside
   * schema.org may be theirs, so it is "not checked" rather than wrong.
   */
  unreadContexts?: readonly string[];
}

export interface ExtractionProblem {
  format: StructuredFormat;
  path: string;
  message: string;
}

export interface Extraction {
  items: ExtractedItem[];
  problems: ExtractionProblem[];
  /** Every JSON-LD script block, read or not: what a syntax check reports on. */
  jsonLdBlocks?: JsonLdBlockSummary[];
  /** Every cap that was hit, so that nothing is cut silently. */
  limits: LimitNotice[];
}

/** A cap that was hit while reading the page's structured data, stated in the record and on the report page. */
export interface LimitNotice {
  limit: "items" | "depth" | "page-size" | "nodes" | "record-size";
  message: string;
}

export interface JsonLdBlockSummary {
  /** `json-ld[0]`, as item paths start. */
  path: string;
  /** The block's first characters, for evidence. */
  excerpt: string;
  /** Why it could not be read as JSON; null when it parsed. */
  syntaxError: string | null;
}

/**
 * Adds `value` under `name`, turning a second value into an array, as JSON-LD writes repeated properties.
 * Names come from the page (`itemprop="constructor"`, `property="__proto__"`), so only own properties
 * count as "already there" and values are defined, never assigned: assigning `__proto__` would swap
 * the node's prototype, and `constructor` would find Object's and store `[Object, value]`.
 */
export function addProperty(node: JsonLdNode, name: string, value: unknown): void {
  const existing = Object.hasOwn(node, name) ? node[name] : undefined;
  if (existing === undefined) defineOwn(node, name, value);
  else if (Array.isArray(existing)) existing.push(value);
  else defineOwn(node, name, [existing, value]);
}

function defineOwn(node: JsonLdNode, name: string, value: unknown): void {
  // Only `__proto__` needs defining: every other name Object.prototype has is a writable data property, so
  // assigning it makes an own property as defining does, at a fraction of the cost (this runs per value).
  if (name === "__proto__") Object.defineProperty(node, name, { value, writable: true, enumerable: true, configurable: true });
  else node[name] = value;
}

/**
 * Problems as they are found: the first MAX_PROBLEMS are kept, the rest only counted, so that a block of
 * a million bare numbers costs a counter rather than a million messages in memory and in the record.
 */
export interface ProblemSink {
  listed: ExtractionProblem[];
  unlisted: number;
}

export function addProblem(sink: ProblemSink, problem: ExtractionProblem): void {
  if (sink.listed.length < MAX_PROBLEMS) sink.listed.push(problem);
  else sink.unlisted++;
}

/** The kept problems, and one more line that counts those not listed. */
export function problemsOf(sink: ProblemSink, format: StructuredFormat): ExtractionProblem[] {
  if (sink.unlisted === 0) return sink.listed;
  return [...sink.listed, { format, path: `${format}[…]`, message: `${sink.unlisted} more problem(s) like these were found and are not listed.` }];
}
