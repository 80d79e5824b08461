import { termName } from "../../structured-data/schema-org-term.ts";
import { type GraphNode, hasType, propertyNodes, propertyTexts, type StructuredGraph, structuredGraph } from "../../structured-data/structured-graph.ts";
import type { Artifacts } from "../gather/artifacts.ts";
import { readableHomepage } from "./homepage-document.ts";
import { ORGANIZATION_TYPES, WEB_PAGE_TYPES } from "./schema-type-families.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Who the site belongs to, as its homepage's structured data (any format) states it. Pages describe
 * many organisations and people: an article's author, a product's brand, a review's reviewer. The
 * entity behind the site is the one the site itself points at, in this order of trust:
 * 1. the WebSite's `publisher` (what schema.org and Google's site-name docs use to name the owner);
 *    then, for a personal site, the Person a `Blog` or `WebSite` names as its `author` or `creator`;
 * 2. a node whose `url` or `@id` is the site's own homepage;
 * 3. the `about` / `mainEntity` of the homepage's WebPage, or the `publisher` of its article;
 * 4. an Organization stated as an item of its own (a Person on its own is more often a byline).
 * A node that the page names only as an author, creator or contributor is taken for the owner only
 * when the site itself points at it (1 and 3): SEO plugins give authors `@id`s at the homepage
 * (`https://example.com/#/schema/person/…`), which must not make them the site.
 */

export interface SiteEntity {
  node: GraphNode;
  /** Why this node was taken, for evidence ("the WebSite's publisher"). */
  reason: string;
}

export interface HomepageStructure {
  graph: StructuredGraph;
  origin: string;
}

/** The homepage's structured-data graph, or why there is none to read. */
export function homepageStructure(artifacts: Artifacts): ({ ok: true } & HomepageStructure) | { ok: false; reason: string } {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return homepage;
  const url = homepage.response.finalUrl;
  return { ok: true, graph: structuredGraph(homepage.document, homepage.response.html, url), origin: new URL(url).origin };
}

/** Properties whose values are people or organisations other than the site's owner. */
const NOT_THE_OWNER = ["author", "creator", "contributor", "editor", "reviewedBy", "reviewer", "translator", "illustrator", "character", "actor", "performer", "founder", "employee", "member", "alumni", "brand", "manufacturer", "seller", "sponsor", "funder"];

/** Properties by which a Blog or WebSite names the person whose site it is. */
const OWNER_OF_WORK = ["author", "creator", "publisher"];

/** Fixes name the site many times per scan; the owner is found once per page's graph (the structure's origin follows from it). */
const entityOfGraph = computed((_graph: StructuredGraph, structure: HomepageStructure) => findSiteEntity(structure));

export function siteEntity(structure: HomepageStructure): SiteEntity | null {
  return entityOfGraph(structure.graph, structure);
}

function findSiteEntity(structure: HomepageStructure): SiteEntity | null {
  const { graph, origin } = structure;
  const owners = graph.nodes.filter((node) => hasType(node, ORGANIZATION_TYPES));
  const notOnlyAuthors = owners.filter((node) => !isOnlyNamedAs(graph, node, NOT_THE_OWNER));
  if (owners.length === 0) return null;
  const pick = (reason: string, candidates: GraphNode[]): SiteEntity | null => {
    const found = candidates.find((node) => hasType(node, ORGANIZATION_TYPES));
    return found ? { node: found, reason } : null;
  };
  const websites = graph.nodes.filter((node) => hasType(node, "WebSite"));
  // A blog or website as a whole is its owner's work: its author is the person behind a personal site.
  const siteWorks = graph.nodes.filter((node) => hasType(node, ["WebSite", "Blog"]));
  return (
    pick("the WebSite's publisher", websites.flatMap((site) => propertyNodes(graph, site, "publisher"))) ??
    pick("the site's author", siteWorks.flatMap((work) => OWNER_OF_WORK.flatMap((property) => propertyNodes(graph, work, property))).filter((node) => hasType(node, "Person"))) ??
    pick("its url is the homepage", notOnlyAuthors.filter((node) => isHomepageUrl(node, origin))) ??
    pick("the homepage is about it", graph.nodes.filter((node) => hasType(node, WEB_PAGE_TYPES)).flatMap((page) => [...propertyNodes(graph, page, "about"), ...propertyNodes(graph, page, "mainEntity")])) ??
    pick("the publisher of the page's content", graph.nodes.flatMap((node) => propertyNodes(graph, node, "publisher"))) ??
    pick("stated on its own", notOnlyAuthors.filter((node) => node.topLevel && !hasType(node, "Person") && propertyTexts(node, "name").length > 0))
  );
}

/**
 * Whether the node's `url` or `@id` is the site's homepage (`https://example.com/`, `…/#organization`).
 * An `@id` whose fragment is a path (`/#/schema/person/…`) names something else kept at the homepage.
 */
function isHomepageUrl(node: GraphNode, origin: string): boolean {
  const atHomepage = (url: string, isId: boolean) => {
    if (!URL.canParse(url, origin)) return false;
    const parsed = new URL(url, origin);
    if (isId && parsed.hash.includes("/")) return false;
    return sameSite(parsed.origin, origin) && (parsed.pathname === "/" || parsed.pathname === "");
  };
  return propertyTexts(node, "url").some((url) => atHomepage(url, false)) || (node.id !== null && atHomepage(node.id, true));
}

/** example.com and www.example.com are one site. */
function sameSite(a: string, b: string): boolean {
  const host = (origin: string) => new URL(origin).hostname.replace(/^www\./, "");
  return host(a) === host(b);
}

/** Whether every node that points at `target` does so through one of `properties` (and something does). */
function isOnlyNamedAs(graph: StructuredGraph, target: GraphNode, properties: readonly string[]): boolean {
  const names = incomingProperties(graph).get(target);
  return names !== undefined && [...names].every((name) => properties.includes(name));
}

/**
 * For every node, the properties through which other nodes point at it: built in one pass over the
 * graph's links, so that asking it for each candidate owner stays linear on a page of thousands of nodes.
 */
const incomingProperties = computed((graph: StructuredGraph): Map<GraphNode, Set<string>> => {
  const index = new Map<GraphNode, Set<string>>();
  for (const node of graph.nodes) {
    for (const key of Object.keys(node.node)) {
      if (key.startsWith("@")) continue;
      for (const target of propertyNodes(graph, node, key)) {
        const names = index.get(target) ?? new Set<string>();
        names.add(termName(key) ?? key);
        index.set(target, names);
      }
    }
  }
  return index;
});

/** The site's WebSite node, preferring one at the homepage's URL. */
export function siteWebsite(structure: HomepageStructure): GraphNode | null {
  const websites = structure.graph.nodes.filter((node) => hasType(node, "WebSite"));
  return websites.find((node) => isHomepageUrl(node, structure.origin)) ?? websites[0] ?? null;
}
