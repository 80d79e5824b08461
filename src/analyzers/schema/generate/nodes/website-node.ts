import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { type GraphPart, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";

/** The site itself: its name for search results (Google's site names), published by the Organization. */
export function websitePart(facts: PageFacts, id: string, name: string, publisher: string | null): GraphPart {
  const node: JsonLdNode = { "@type": "WebSite", "@id": id, name, url: `${facts.origin}/` };
  if (facts.language) node.inLanguage = facts.language;
  if (publisher) node.publisher = reference(publisher);
  return {
    type: "WebSite",
    id,
    node,
    reason: `The site has no WebSite markup. It gives the site's name for search results (Google's site names)${publisher ? " and links the site to who publishes it" : ""}. Built from the name "${name}".`,
    richResults: [],
  };
}
