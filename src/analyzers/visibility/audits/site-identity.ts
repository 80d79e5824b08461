import type { Artifacts } from "../gather/artifacts.ts";
import { jsonLdBlocks } from "./json-ld-blocks.ts";
import { propertyTexts } from "../../structured-data/structured-graph.ts";
import { homepageStructure, siteEntity, siteWebsite } from "../derive/site-entity.ts";
import { readableHomepage } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { textOf } from "./site-pages.ts";

/**
 * What fixes call the site, in order of trust: the name its WebSite gives itself (the site name search
 * engines show), the name of the entity behind it, og:site_name, the title's first part, the domain.
 */
export function siteName(artifacts: Artifacts): string {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return artifacts.domain;
  const structure = homepageStructure(artifacts);
  if (structure.ok) {
    const website = siteWebsite(structure);
    const entity = siteEntity(structure)?.node;
    const name = [website, entity].flatMap((node) => (node ? propertyTexts(node, "name") : []))[0];
    if (name) return excerpt(name, 80);
  }
  const ogName = homepage.document.querySelector('meta[property="og:site_name"]')?.getAttribute("content")?.trim();
  if (ogName) return excerpt(ogName, 80);
  const title = textOf(homepage.document.querySelector("title")).split(/\s[|–—:-]\s|:\s/)[0]?.trim();
  return title ? excerpt(title, 80) : artifacts.domain;
}

/** The origin pages live at, for fixes that write URLs. */
export function siteOriginOf(artifacts: Artifacts): string {
  return artifacts.homepage.ok ? new URL(artifacts.homepage.finalUrl).origin : `https://${artifacts.domain}`;
}

/** Every object node of a JSON-LD value, @graph members and nested values included. */
export function nodesOf(value: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 8) return [];
  if (Array.isArray(value)) return value.flatMap((item) => nodesOf(item, depth + 1));
  if (!value || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  return [node, ...Object.entries(node).flatMap(([key, child]) => (key === "@context" ? [] : nodesOf(child, depth + 1)))];
}

/** The parsed JSON-LD nodes of the homepage. */
export function homepageNodes(artifacts: Artifacts): Record<string, unknown>[] {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return [];
  return jsonLdBlocks(homepage.document).flatMap((block) => (block.ok ? nodesOf(block.value) : []));
}
