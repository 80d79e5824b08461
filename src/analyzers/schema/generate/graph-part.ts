import type { JsonLdNode } from "../../structured-data/extracted-item.ts";

/** One node of the suggested @graph, with why it is there and the rich results it is built to earn. */
export interface GraphPart {
  /** The node's @type. */
  type: string;
  /** The node's @id (made from the page's canonical URL, or the site's root for site-wide nodes). */
  id: string;
  /** The node as it goes into the @graph: `@type` and `@id` first. */
  node: JsonLdNode;
  /** Why it is suggested and what on the page it was built from. */
  reason: string;
  /** Google rich-result features (`feature` names of the rules) the node meets every requirement of. */
  richResults: string[];
}

/** A reference to another node of the graph, or of the page: `{"@id": …}`. */
export function reference(id: string): { "@id": string } {
  return { "@id": id };
}

/** "the headline, the byline and the date": the parts that are there, in words. */
export function listed(parts: readonly (string | null | false)[]): string {
  const present = parts.filter((part): part is string => typeof part === "string" && part !== "");
  if (present.length <= 1) return present.join("");
  return `${present.slice(0, -1).join(", ")} and ${present.at(-1)}`;
}
