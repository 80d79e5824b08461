import { resolveTerm } from "../validate/resolve-term.ts";
import { isNode, type JudgedNode } from "./node-values.ts";

/**
 * The judge reads schema.org terms as bare names (`Product`, `price`). Microdata and RDFa items
 * arrive with full IRIs (`https://schema.org/Product`) and JSON-LD may write `schema:price`; this
 * rewrites them, keeping other vocabularies' terms as written. Shared and cyclic nodes (references
 * embedded by @id) are rewritten once and stay shared.
 */
export function withBareNames(node: JudgedNode): JudgedNode {
  return rewrite(node, new Map()) as JudgedNode;
}

function rewrite(value: unknown, seen: Map<object, unknown>): unknown {
  if (Array.isArray(value)) return value.map((member) => rewrite(member, seen));
  if (!isNode(value)) return value;
  const done = seen.get(value);
  if (done) return done;
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, member] of Object.entries(value)) {
    const name = key === "@type" || key.startsWith("@") ? key : bare(key);
    const rewritten = key === "@type" ? rewriteTypes(member) : rewrite(member, seen);
    // Defined, not assigned: a page may name a property `__proto__`.
    Object.defineProperty(copy, name, { value: rewritten, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function rewriteTypes(types: unknown): unknown {
  if (typeof types === "string") return bare(types);
  return Array.isArray(types) ? types.map((type) => (typeof type === "string" ? bare(type) : type)) : types;
}

function bare(term: string): string {
  const resolved = resolveTerm(term);
  return resolved.ok ? resolved.name : term;
}
