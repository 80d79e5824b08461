import type { Artifacts } from "../gather/artifacts.ts";
import { readableHomepage } from "./homepage-document.ts";

/**
 * The relations by which a homepage points agents somewhere, from its `Link` header (RFC 8288) and its
 * `<link>` elements: `describedby` (e.g. llms.txt), `api-catalog` (RFC 9727), `service-desc` and
 * `service-doc` (RFC 8631), `license` (RFC 4946; RSL licences use it too).
 */
export const AGENT_RELATIONS = ["describedby", "api-catalog", "service-desc", "service-doc", "license"] as const;

export interface AgentLink {
  rel: (typeof AGENT_RELATIONS)[number];
  href: string;
  source: "Link header" | "<link>";
}

/** At most this many links are read from each source: a header or head listing thousands is hostile. */
const MAX_LINKS = 50;

export function agentLinks(artifacts: Artifacts): AgentLink[] {
  const homepage = artifacts.homepage;
  if (!homepage.ok) return [];
  const found: AgentLink[] = [];
  const add = (relText: string, target: string, source: AgentLink["source"]) => {
    for (const rel of relText.toLowerCase().split(/\s+/)) {
      if ((AGENT_RELATIONS as readonly string[]).includes(rel) && found.length < MAX_LINKS * 2) found.push({ rel: rel as AgentLink["rel"], href: target.slice(0, 300), source });
    }
  };
  // RFC 8288 section 3: `<target>; rel="a b"; …`, links separated by commas; the target cannot hold `>`.
  const header = (homepage.headers.link ?? "").slice(0, 16 * 1024);
  let count = 0;
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (++count > MAX_LINKS) break;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(match[2]!);
    if (rel) add(rel[1] ?? rel[2]!, match[1]!, "Link header");
  }
  const readable = readableHomepage(artifacts);
  if (readable.ok) {
    for (const link of Array.from(readable.document.querySelectorAll("link[rel][href]")).slice(0, MAX_LINKS)) add(link.getAttribute("rel") ?? "", link.getAttribute("href") ?? "", "<link>");
  }
  return found;
}
