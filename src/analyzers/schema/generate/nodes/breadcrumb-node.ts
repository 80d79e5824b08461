import { BREADCRUMB } from "../../rich-results/rules/breadcrumb.ts";
import type { GraphPart } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";

/** The trail the page shows, crumb by crumb, each with the page it links to (the last one is this page). */
export function breadcrumbPart(facts: PageFacts, id: string): GraphPart {
  const itemListElement = facts.breadcrumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url }));
  return {
    type: "BreadcrumbList",
    id,
    node: { "@type": "BreadcrumbList", "@id": id, itemListElement },
    reason: `The page shows a breadcrumb trail (${facts.breadcrumbs.map((crumb) => crumb.name).join(" › ")}) without BreadcrumbList markup; with it, search results show the trail instead of the bare URL.`,
    richResults: [BREADCRUMB.feature],
  };
}
