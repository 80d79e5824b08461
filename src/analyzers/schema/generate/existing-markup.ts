import type { GraphNode, StructuredGraph } from "../../structured-data/structured-graph.ts";
import type { Vocabulary } from "../vocabulary/vocabulary.ts";
import { bareHost } from "./page-text.ts";

/**
 * What the page already marks up, as the generator needs it: whether a type is there (in any format,
 * top-level or nested), so that it is not suggested again, and the @id of a node of this site to link
 * to instead of inventing one.
 */
export interface ExistingMarkup {
  /** True when some node on the page is of `type` or one of its subtypes. */
  has(type: string): boolean;
  /** The @id of the page's node of `type` (or a subtype) that belongs to this site (and meets `where`), or null. */
  idOf(type: string, where?: (id: string) => boolean): string | null;
  /** Every @id the page declares, absolute. */
  ids: ReadonlySet<string>;
  /** The `name` of the page's first node of `type` (or a subtype) that states one as text, or null. */
  nameOf(type: string): string | null;
}

export function existingMarkup(graph: StructuredGraph, vocabulary: Vocabulary, siteUrl: string): ExistingMarkup {
  const site = bareHost(new URL(siteUrl).hostname);
  const isOf = (node: GraphNode, type: string) => node.types.some((declared) => declared === type || vocabulary.isA(declared, type));
  // Top-level nodes first: a site's own Organization is stated at the top, a publisher nested in an article repeats it.
  const linkable = [...graph.nodes.filter((node) => node.topLevel), ...graph.nodes.filter((node) => !node.topLevel)].filter((node) => node.id !== null && onSite(node.id, site));
  return {
    has: (type) => graph.nodes.some((node) => isOf(node, type)),
    idOf: (type, where = () => true) => linkable.find((node) => isOf(node, type) && where(node.id!))?.id ?? null,
    ids: new Set(graph.byId.keys()),
    nameOf: (type) => {
      for (const node of graph.nodes) {
        if (!isOf(node, type)) continue;
        const names = node.node.name;
        const name = (Array.isArray(names) ? names : [names]).find((value): value is string => typeof value === "string" && value.trim() !== "");
        if (name) return name.trim().slice(0, 200);
      }
      return null;
    },
  };
}

/** An http(s) @id on this site (give or take "www."): blank nodes are local to their block, other sites' ids are theirs. */
function onSite(id: string, site: string): boolean {
  if (!URL.canParse(id)) return false;
  const url = new URL(id);
  return (url.protocol === "https:" || url.protocol === "http:") && bareHost(url.hostname) === site;
}
