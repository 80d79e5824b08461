import { type ExtractedItem, type Extraction, type ExtractionProblem, type JsonLdBlockSummary, type JsonLdNode, type LimitNotice, type StructuredFormat } from "./extracted-item.ts";
import { extractStructuredData } from "./extract-structured-data.ts";
import { normalizeTypes, termName } from "./schema-org-term.ts";
import { EMBED_BUDGET, MAX_DEPTH, MAX_GRAPH_NODES } from "./structured-data-caps.ts";
import { computed } from "../../lib/computed.ts";

/**
 * One graph of the structured data on a page, whatever its format: every node (top-level items and the
 * nodes nested in them), with nodes that share an `@id` joined into one, and references
 * (`{"@id": "…"}`) resolvable to the node they name. Both analyzers read it: the schema service to
 * validate and judge items, the visibility audits to find the entity behind a site, its authors and dates.
 * `@graph` is a container, never a node: its members are nodes of their own.
 */

export interface NodeSource {
  format: StructuredFormat;
  /** Where the node sits on the page, e.g. `json-ld[2] @graph[1] publisher` or `microdata[0]`. */
  path: string;
}

export interface GraphNode {
  /** The node's `@id`, made absolute against the page's URL; null for a node that has none. */
  id: string | null;
  /** Its types: schema.org types by their short name ("Product"), other vocabularies' as written. */
  types: string[];
  /**
   * Its properties as written (every occurrence joined when several nodes share the `@id`): the
   * extracted object itself while only one states the node, a copy once a second is joined into it.
   */
  node: JsonLdNode;
  /** Every place on the page that states something about this node, in page order. */
  sources: NodeSource[];
  /** True when one of its sources is a top-level item rather than a nested value. */
  topLevel: boolean;
}

export interface StructuredGraph {
  /** The top-level items of every format, in page order, as extracted. */
  items: ExtractedItem[];
  /** Every node, top-level and nested, in page order; nodes sharing an `@id` appear once. */
  nodes: GraphNode[];
  problems: ExtractionProblem[];
  /** Every JSON-LD script block, with its syntax error if it has one. */
  jsonLdBlocks: JsonLdBlockSummary[];
  /** Every cap that was hit while reading the page's structured data. */
  limits: LimitNotice[];
  /** The node an `@id` names, when the page describes it. */
  byId: ReadonlyMap<string, GraphNode>;
  /** The graph node for a value: a reference is looked up by its `@id`, an embedded object by identity. */
  resolve(value: unknown): GraphNode | null;
}

/**
 * The structured-data graph of a page (`html`, the whole page), built once per `owner` however many
 * readers ask: the page's parsed document, or the fetched page itself. The graph is read from the HTML,
 * not from the document, so a reader that needs no DOM need not build one.
 */
export const structuredGraph = computed((_owner: object, html: string, baseUrl: string): StructuredGraph => buildGraph(extractStructuredData(html, baseUrl), baseUrl));

export function buildGraph(extraction: Extraction, baseUrl: string): StructuredGraph {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  // A Map, not a WeakMap: every object it holds is held by the graph anyway, and a WeakMap of thousands of
  // entries costs each garbage collection that runs meanwhile (its entries are ephemerons).
  const byObject = new Map<object, GraphNode>();
  // Nodes whose `node` is already a copy of their first statement, so joining more into it changes no extracted object.
  const copied = new Set<GraphNode>();

  // Each written id is made absolute once: references are resolved many times over.
  const absoluteIds = new Map<string, string | null>();
  const absoluteId = (raw: unknown): string | null => {
    if (typeof raw !== "string") return null;
    let id = absoluteIds.get(raw);
    if (id === undefined) {
      id = absoluteIdOf(raw, baseUrl);
      if (absoluteIds.size < 2 * MAX_GRAPH_NODES) absoluteIds.set(raw, id);
    }
    return id;
  };

  const register = (object: JsonLdNode, source: NodeSource, topLevel: boolean): void => {
    if (byObject.has(object) || nodes.length >= MAX_GRAPH_NODES) return;
    const id = absoluteId(object["@id"]);
    const existing = id === null ? undefined : byId.get(id);
    if (existing) {
      if (!copied.has(existing)) {
        existing.node = copyOf(existing.node);
        copied.add(existing);
      }
      mergeInto(existing, object, source, topLevel);
      byObject.set(object, existing);
      return;
    }
    const entry: GraphNode = { id, types: typesOf(object), node: object, sources: [source], topLevel };
    nodes.push(entry);
    byObject.set(object, entry);
    if (id !== null) byId.set(id, entry);
  };

  // Depth-first with an explicit stack and MAX_DEPTH, so hostile nesting cannot recurse for ever. The stack
  // is kept in parallel arrays, and a value's path as its parent's path and its key, joined only for the
  // nodes registered: an object and a path string for every value pushed was most of what joining allocated.
  const values: unknown[] = [];
  const parentPaths: string[] = [];
  const keysOf: (string | null)[] = [];
  const depths: number[] = [];
  const push = (value: unknown, parentPath: string, key: string | null, depth: number): void => {
    // Only objects and arrays can hold nodes: literals (most values) are not put on the stack at all.
    if (typeof value !== "object" || value === null) return;
    values.push(value);
    parentPaths.push(parentPath);
    keysOf.push(key);
    depths.push(depth);
  };
  for (const item of extraction.items) {
    push(item.node, item.path, null, 0);
    while (values.length > 0) {
      const value = values.pop();
      const parentPath = parentPaths.pop()!;
      const key = keysOf.pop()!;
      const depth = depths.pop()!;
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--) push(value[index], parentPath, key, depth);
        continue;
      }
      if (!isDescribedNode(value)) continue;
      const path = key === null ? parentPath : `${parentPath} ${key}`;
      register(value, { format: item.format, path }, depth === 0);
      if (depth >= MAX_DEPTH) continue;
      // Pushed last first, so that nodes come off the stack in page order. `@reverse` holds nodes that
      // point at this one (RDFa `rev`, JSON-LD reverse properties); they come after the node's own.
      const reverse = value["@reverse"];
      if (isObject(reverse)) {
        const reverseKeys = Object.keys(reverse);
        for (let index = reverseKeys.length - 1; index >= 0; index--) push(reverse[reverseKeys[index]!], path, `@reverse ${reverseKeys[index]}`, depth + 1);
      }
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const member = keys[index]!;
        if (!member.startsWith("@")) push(value[member], path, member, depth + 1);
      }
    }
  }

  const resolve = (value: unknown): GraphNode | null => {
    if (!isObject(value)) return null;
    const own = byObject.get(value);
    if (own) return own;
    const id = absoluteId(value["@id"]);
    return id === null ? null : (byId.get(id) ?? null);
  };
  const limits = [...extraction.limits];
  if (nodes.length >= MAX_GRAPH_NODES) limits.push({ limit: "nodes", message: `The page's structured data states more than ${MAX_GRAPH_NODES} nodes; the rest are not joined by @id.` });
  return { items: extraction.items, nodes, problems: extraction.problems, jsonLdBlocks: extraction.jsonLdBlocks ?? [], limits, byId, resolve };
}

function absoluteIdOf(raw: string, baseUrl: string): string | null {
  const id = raw.trim();
  if (id === "") return null;
  if (id.startsWith("_:")) return id;
  return URL.parse(id, baseUrl)?.href ?? id;
}

const TYPE_NAME_OR_IRI = /^(?:https?:\/\/\S+|schema:[A-Z]\w*|[A-Z][A-Za-z0-9]*)$/;

/**
 * A node's types: its `@type`, and the types its `additionalType` names (schema.org's way, used by
 * Microdata and RDFa where one element carries one type attribute, to give a second type, often from
 * another vocabulary such as productontology.org).
 */
function typesOf(object: JsonLdNode): string[] {
  const types = normalizeTypes(object["@type"]);
  const additional = object.additionalType;
  if (additional === undefined || additional === null) return types;
  for (const written of asArray(additional)) {
    const value = isObject(written) ? written["@id"] : written;
    // An IRI, or a bare type name ("Product"), as pages and schema.org's own examples write it in JSON-LD.
    if (typeof value !== "string" || !TYPE_NAME_OR_IRI.test(value.trim())) continue;
    const name = termName(value) ?? value.trim();
    if (name && !types.includes(name)) types.push(name);
  }
  return types;
}

/**
 * Whether a value describes a node rather than only pointing at one (`{"@id": …}`) or being a literal
 * (`{"@value": …}`): it has a type or a property of its own.
 */
function isDescribedNode(value: unknown): value is JsonLdNode {
  if (!isObject(value) || Object.hasOwn(value, "@value")) return false;
  for (const key in value) if (Object.hasOwn(value, key) && (key === "@type" || !key.startsWith("@"))) return true;
  return false;
}

function isObject(value: unknown): value is JsonLdNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A shallow copy, for merging to add to without changing the extracted object. */
function copyOf(object: JsonLdNode): JsonLdNode {
  // Spreading defines every own key, `__proto__` included, as a plain property.
  return { ...object };
}

function mergeInto(target: GraphNode, object: JsonLdNode, source: NodeSource, topLevel: boolean): void {
  target.sources.push(source);
  target.topLevel ||= topLevel;
  for (const type of typesOf(object)) if (!target.types.includes(type)) target.types.push(type);
  for (const [key, value] of Object.entries(object)) {
    if (key === "@id") continue;
    if (key === "@type") {
      target.node["@type"] = target.types.length === 1 ? target.types[0] : [...target.types];
      continue;
    }
    const existing = Object.hasOwn(target.node, key) ? target.node[key] : undefined;
    if (existing === undefined) Object.defineProperty(target.node, key, { value, writable: true, enumerable: true, configurable: true });
    else target.node[key] = [...asArray(existing), ...asArray(value)];
  }
}

/**
 * The top-level items with those that share an `@id` joined into one: the first item stands for the
 * node, holding every statement made about it (its type may come from a second block or format, as in
 * RDFa's `<span resource="#periodical">` beside a typed `#periodical`). What a reader of items judges.
 */
export function joinedItems(graph: StructuredGraph): ExtractedItem[] {
  const seen = new Set<GraphNode>();
  const joined: ExtractedItem[] = [];
  for (const item of graph.items) {
    const node = graph.resolve(item.node);
    if (node === null) {
      joined.push(item);
      continue;
    }
    if (seen.has(node)) continue;
    seen.add(node);
    joined.push(node.sources.length > 1 ? { ...item, node: node.node } : item);
  }
  return joined;
}

/**
 * A node with every reference (`{"@id": …}`) replaced by the node it names, nested as far as
 * MAX_DEPTH: what a reader of one item needs, e.g. a Product whose `offers` point at an Offer stated
 * elsewhere on the page. A reference back to a node already on the way stays a reference (cycles end),
 * and so does every reference past EMBED_BUDGET embeddings: nodes that each point at the next many times
 * would otherwise multiply into an exponential copy. Objects and arrays in which nothing changes are
 * shared with the graph rather than copied (most items reference nothing), so readers must not change it.
 */
export function embedReferences(graph: StructuredGraph, node: JsonLdNode): JsonLdNode {
  let budget = EMBED_BUDGET;
  const embedArray = (value: readonly unknown[], depth: number, onPath: PathLink | null): unknown => {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const member = value[index];
      const embedded = embed(member, depth, onPath);
      if (copy === null && embedded !== member) copy = value.slice(0, index);
      if (copy !== null) copy.push(embedded);
    }
    return copy ?? value;
  };
  const embed = (value: unknown, depth: number, onPath: PathLink | null): unknown => {
    if (Array.isArray(value)) return embedArray(value, depth, onPath);
    if (!isObject(value) || Object.hasOwn(value, "@value")) return value;
    const target = graph.resolve(value);
    if (target && isOnPath(onPath, target)) return value;
    if (budget-- <= 0) return value;
    const source = target ? target.node : value;
    if (depth >= MAX_DEPTH) return source;
    const path = target ? { node: target, up: onPath } : onPath;
    const keys = Object.keys(source);
    let copy: JsonLdNode | null = null;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const member = source[key];
      const embedded = key.startsWith("@") && key !== "@reverse" ? member : typeof member === "object" && member !== null ? embed(member, depth + 1, path) : member;
      if (copy === null && embedded !== member) {
        copy = {};
        for (let before = 0; before < index; before++) defineKey(copy, keys[before]!, source[keys[before]!]);
      }
      if (copy !== null) defineKey(copy, key, embedded);
    }
    return copy ?? source;
  };
  return embed(node, 0, null) as JsonLdNode;
}

/**
 * The object embedReferences(graph, node) copies from at its top: the graph's node for it (with what other
 * statements about the same @id add), or the node itself. Its @type is the embedded node's, so a reader can
 * tell from it whether the node is worth embedding at all.
 */
export function embeddingRoot(graph: StructuredGraph, node: JsonLdNode): JsonLdNode {
  if (Object.hasOwn(node, "@value")) return node;
  return graph.resolve(node)?.node ?? node;
}

/** The nodes on the way down to a value, innermost first: at most MAX_DEPTH of them, so a list walked is enough. */
interface PathLink {
  node: GraphNode;
  up: PathLink | null;
}

function isOnPath(path: PathLink | null, node: GraphNode): boolean {
  for (let link = path; link !== null; link = link.up) if (link.node === node) return true;
  return false;
}

function defineKey(object: JsonLdNode, key: string, value: unknown): void {
  // Assigning `__proto__` would set the object's prototype: that one key is defined instead.
  if (key === "__proto__") Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

function asArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

/** Whether a node is of `type` or, given a family of types (a type and its subtypes), of any of them. */
export function hasType(node: GraphNode, family: string | readonly string[]): boolean {
  const wanted = typeof family === "string" ? [family] : family;
  return node.types.some((type) => wanted.includes(type));
}

/** The values of a property, whichever way its name was written (`name`, `schema:name`, `https://schema.org/name`). */
export function propertyValues(node: GraphNode, property: string): unknown[] {
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(node.node)) {
    if (key === property || termName(key) === property) values.push(...asArray(value));
  }
  return values;
}

/** The text values of a property (a `{"@value": …}` literal counts), trimmed, empty ones left out. */
export function propertyTexts(node: GraphNode, property: string): string[] {
  return propertyValues(node, property)
    .map((value) => (isObject(value) && Object.hasOwn(value, "@value") ? value["@value"] : value))
    .filter((value): value is string | number => typeof value === "string" || typeof value === "number")
    .map((value) => String(value).trim())
    .filter((value) => value !== "");
}

/**
 * The nodes a property points at: embedded, referenced by `{"@id": …}`, or linked by a URL that is
 * another node's `@id` on the page, as Microdata and RDFa link items (`<link itemprop="author" href="#author">`).
 */
export function propertyNodes(graph: StructuredGraph, node: GraphNode, property: string): GraphNode[] {
  return propertyValues(node, property)
    .map((value) => (typeof value === "string" ? linkedNode(graph, node, value) : graph.resolve(value)))
    .filter((found): found is GraphNode => found !== null);
}

function linkedNode(graph: StructuredGraph, from: GraphNode, value: string): GraphNode | null {
  const source = from.sources[0]!;
  if (!/^(?:https?:|#)/i.test(value.trim())) return null;
  const target = graph.resolve({ "@id": value.trim() });
  return target && target !== from && source ? target : null;
}
