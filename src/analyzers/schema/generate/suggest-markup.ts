import type { GeneratedMarkup } from "../record-schema.ts";
import type { ExistingMarkup } from "./existing-markup.ts";
import { jsonLdScript, jsonLdText } from "./json-ld-text.ts";
import { buildMarkupGraph } from "./markup-graph.ts";
import type { PageFacts } from "./page-facts.ts";

/**
 * The record's suggestion: at most one entry, holding the whole graph as one block to paste, with each
 * node's reason and the rich results it is built for. Empty when the page shows nothing its markup lacks.
 */
export function suggestMarkup(facts: PageFacts, existing: ExistingMarkup): GeneratedMarkup[] {
  const graph = buildMarkupGraph(facts, existing);
  if (!graph) return [];
  const jsonLd = jsonLdText({ "@context": "https://schema.org", "@graph": graph.parts.map((part) => part.node) });
  const linked = graph.linksTo.length > 0 ? `, and links to ${graph.linksTo.length} node(s) the page already declares (${graph.linksTo.join(", ")}), so paste it into this page` : "";
  const summary = `One @graph for ${facts.canonicalUrl}: ${graph.parts.length} node(s) joined by @id${linked}.`;
  return [
    {
      type: graph.parts.map((part) => part.type).join(", "),
      reason: [summary, ...graph.parts.map((part) => part.reason)].join(" "),
      jsonLd,
      script: jsonLdScript(jsonLd),
      nodes: graph.parts.map(({ type, id, reason, richResults }) => ({ type, id, reason, richResults })),
      linksTo: graph.linksTo,
    },
  ];
}
