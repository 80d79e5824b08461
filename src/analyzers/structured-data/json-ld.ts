import { addProblem, type Extraction, type ExtractedItem, type JsonLdBlockSummary, type JsonLdNode, type LimitNotice, type ProblemSink, problemsOf } from "./extracted-item.ts";
import type { JsonLdScript } from "./json-ld-scripts.ts";
import { normalizeJsonLdNode } from "./normalize-json-ld-node.ts";
import { MAX_DEPTH, MAX_ITEMS } from "./structured-data-caps.ts";

/**
 * The JSON-LD blocks of a page: each top-level object, each member of a top-level array and each
 * member of an @graph becomes an item. A block that does not parse becomes a problem that quotes the
 * parser's complaint and where in the block it is.
 *
 * Blocks are hostile input: arrays and @graph nested thousands deep, items nested thousands deep, a
 * million bare values. Wrappers deeper than MAX_DEPTH are not opened, each item is copied with its
 * nesting cut at MAX_DEPTH levels (so no later step recurses further or serialises a structure whose
 * indentation alone grows quadratically), and problems past MAX_PROBLEMS are only counted.
 */
export function extractJsonLd(scripts: readonly JsonLdScript[]): Extraction {
  const items: ExtractedItem[] = [];
  const problems: ProblemSink = { listed: [], unlisted: 0 };
  const blocks: JsonLdBlockSummary[] = [];
  const state: CollectState = { found: 0, cutDeep: false };
  scripts.forEach((script, blockIndex) => {
    const path = `json-ld[${blockIndex}]`;
    const raw = script.text;
    const parsed = parseBlock(raw);
    blocks.push({ path, excerpt: raw.trim().slice(0, 100).replace(WHITESPACE_RUNS, " "), syntaxError: parsed.ok ? null : parsed.error });
    if (!parsed.ok) {
      addProblem(problems, { format: "json-ld", path, message: parsed.error });
      return;
    }
    collect(parsed.value, path, undefined, 0, items, problems, state);
  });
  const limits: LimitNotice[] = [];
  if (state.found > MAX_ITEMS) limits.push({ limit: "items", message: `The page's JSON-LD holds ${state.found} items; the first ${MAX_ITEMS} are reported and checked.` });
  if (state.cutDeep) limits.push({ limit: "depth", message: `Some JSON-LD items nest values more than ${MAX_DEPTH} levels deep; the deeper values are not read.` });
  return { items, problems: problemsOf(problems, "json-ld"), jsonLdBlocks: blocks, limits };
}

/** Counts across a page's blocks: items found past the cap, and whether any value was cut for depth. */
interface CollectState {
  found: number;
  cutDeep: boolean;
}

function collect(value: unknown, path: string, inheritedContext: unknown, depth: number, items: ExtractedItem[], problems: ProblemSink, state: CollectState): void {
  if (depth > MAX_DEPTH) {
    addProblem(problems, { format: "json-ld", path, message: `Arrays and @graph are nested more than ${MAX_DEPTH} levels deep here; search engines do not read that far, and neither does this check.` });
    return;
  }
  if (Array.isArray(value)) {
    // Loops, not forEach: a closure here would make every item's call allocate its scope.
    for (let index = 0; index < value.length; index++) collect(value[index], `${path}[${index}]`, inheritedContext, depth + 1, items, problems, state);
    return;
  }
  if (!isNode(value)) {
    addProblem(problems, { format: "json-ld", path, message: `Expected a JSON object describing an item, found ${describe(value)}.` });
    return;
  }
  // An @graph's own @context refines the one it sits in (JSON-LD 1.1 §4.1); its members inherit both.
  const context = mergeContexts(inheritedContext, value["@context"]);
  const graph = value["@graph"];
  if (graph !== undefined) {
    const members = Array.isArray(graph) ? graph : [graph];
    for (let index = 0; index < members.length; index++) collect(members[index], `${path} @graph[${index}]`, context, depth + 1, items, problems, state);
    return;
  }
  state.found++;
  // Past the cap an item is only counted: copying ten thousand Products would cost memory for nothing.
  if (items.length >= MAX_ITEMS) return;
  const cut = { happened: false };
  // Keys as the @context in force makes them (`type` → `@type`, `schema:name` → `name`, other vocabularies' terms as IRIs).
  const shallow = nestsWithin(value, 0);
  const normalized = normalizeJsonLdNode(shallow ? value : (cutDeepNesting(value, 0, cut) as JsonLdNode), inheritedContext);
  items.push({ format: "json-ld", path, node: normalized.node, context: normalized.context, unreadContexts: normalized.unreadContexts });
  if (cut.happened) state.cutDeep = true;
}

function mergeContexts(outer: unknown, inner: unknown): unknown {
  if (outer === undefined) return inner;
  if (inner === undefined) return outer;
  return [outer, inner];
}

/**
 * A copy of a parsed value with objects and arrays below MAX_DEPTH nested items replaced by empty
 * ones, as the Microdata and RDFa readers cut theirs. An array of values is the same level as its
 * property, so `"offers": [{…}]` counts one level, not two. Entries are copied with
 * Object.fromEntries, which defines keys such as `__proto__` as plain own properties.
 */
function cutDeepNesting(value: unknown, depth: number, cut: { happened: boolean }): unknown {
  if (Array.isArray(value)) {
    if (depth > MAX_DEPTH) {
      cut.happened ||= value.length > 0;
      return [];
    }
    // A list inside a list is a level of its own (JSON-LD reads its members as more values; the validator warns).
    return value.map((member) => cutDeepNesting(member, Array.isArray(member) ? depth + 1 : depth, cut));
  }
  if (!isNode(value)) return value;
  if (depth > MAX_DEPTH) {
    cut.happened ||= Object.keys(value).length > 0;
    return {};
  }
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, cutDeepNesting(member, depth + 1, cut)]));
}

/**
 * Whether cutDeepNesting would leave `value` as it is (levels counted as it counts them), found without
 * copying: nearly every item is shallow, and normalising it makes the one copy it needs.
 */
function nestsWithin(value: unknown, depth: number): boolean {
  if (Array.isArray(value)) {
    if (depth > MAX_DEPTH) return value.length === 0;
    for (const member of value) if (!nestsWithin(member, Array.isArray(member) ? depth + 1 : depth)) return false;
    return true;
  }
  if (!isNode(value)) return true;
  if (depth > MAX_DEPTH) return Object.keys(value).length === 0;
  for (const key of Object.keys(value)) if (!nestsWithin(value[key], depth + 1)) return false;
  return true;
}

/** Module-wide: a regular expression literal inside a function is a new object on every call (every block here). */
const WHITESPACE_RUNS = /\s+/g;
const WRAPPER_START = /^(?:<!--|\/\/\s*<!\[CDATA\[)/;
const WRAPPER_END = /(?:-->|\/\/\s*\]\]>)$/;

type ParsedBlock = { ok: true; value: unknown } | { ok: false; error: string };

export function parseBlock(raw: string): ParsedBlock {
  // Pages often wrap JSON-LD in an HTML comment or CDATA for old browsers; Google tolerates that, so do we.
  const text = raw.trim().replace(WRAPPER_START, "").replace(WRAPPER_END, "").trim();
  if (text === "") return { ok: false, error: "The JSON-LD block is empty." };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `The JSON-LD block is not valid JSON (${message})${likelyCause(text)}. Search engines ignore the whole block.` };
  }
}

/** Bun's parser gives no position, so name the usual culprits when they are there. */
function likelyCause(text: string): string {
  const trailingComma = /,\s*[}\]]/.exec(text);
  if (trailingComma) return ` near "${excerpt(text, trailingComma.index)}": a comma before a closing bracket is not allowed in JSON`;
  const singleQuoted = /[{,]\s*'[^']*'\s*:/.exec(text);
  if (singleQuoted) return ` near "${excerpt(text, singleQuoted.index)}": JSON needs double quotes`;
  const rawNewline = /"[^"\n]*\n[^"]*"\s*[,}]/.exec(text);
  if (rawNewline && /"\s*:\s*"[^"\n]*\n/.test(text)) return `: a line break inside a string must be written \\n`;
  return "";
}

function excerpt(text: string, index: number): string {
  return text.slice(Math.max(0, index - 20), index + 20).replace(/\s+/g, " ");
}

function isNode(value: unknown): value is JsonLdNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return `the text "${value.slice(0, 40)}"`;
  return `a ${typeof value}`;
}
