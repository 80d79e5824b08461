import { decodeArtifacts } from "../scans/stored-artifacts.ts";
import type { Artifacts } from "../analyzers/visibility/gather/artifacts.ts";
import { homepageStructure, siteEntity } from "../analyzers/visibility/derive/site-entity.ts";
import { propertyNodes, propertyTexts, type StructuredGraph } from "../analyzers/structured-data/structured-graph.ts";
import type { SiteFacts } from "./prompt-suggestions.ts";

/**
 * The facts prompt suggestions start from, read from a visibility scan's stored artifacts: the site
 * owner's name, description and address locality as its homepage's structured data states them
 * (derive/site-entity.ts decides which entity is the owner); without one, the first description in that data.
 */
export function siteFactsOf(domain: string, artifactsJson: string): SiteFacts {
  const artifacts = decodeArtifacts(artifactsJson) as Artifacts;
  const facts: SiteFacts = { domain, name: null, offers: null, locality: null };
  const structure = homepageStructure(artifacts);
  if (!structure.ok) return facts;
  const owner = siteEntity(structure);
  if (owner) {
    facts.name = propertyTexts(owner.node, "name")[0] ?? null;
    facts.offers = propertyTexts(owner.node, "description")[0] ?? null;
    const address = propertyNodes(structure.graph, owner.node, "address")[0];
    facts.locality = (address ? propertyTexts(address, "addressLocality")[0] : propertyTexts(owner.node, "address")[0]?.split(",")[0]) ?? null;
  }
  facts.offers ??= anyDescription(structure.graph);
  return facts;
}

/** Without an owner entity: the first description any node of the homepage's graph gives (its WebPage's, usually). */
function anyDescription(graph: StructuredGraph): string | null {
  for (const node of graph.nodes) {
    const description = propertyTexts(node, "description")[0];
    if (description) return description;
  }
  return null;
}
