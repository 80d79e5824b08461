import { AI_CRAWLERS } from "../crawlers.ts";
import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";

/**
 * Page-level indexing directives: <meta name="robots"> or a crawler's own name (<meta name="googlebot">),
 * and the X-Robots-Tag header, whose values may be prefixed by a crawler's name ("googlebot: noindex").
 * Shared by page-directives (which reports them) and the platform reach (which applies each to the
 * agents that honour it).
 */

export interface Directive {
  /** "all", or the lower-cased crawler token it is addressed to. */
  scope: string;
  /** Lower-cased, spaces removed: "noindex", "max-snippet:0". */
  directive: string;
  /** The tag or header it was read from, quoted for evidence. */
  source: string;
}

/** Tokens a directive can be addressed to, lower-cased; "robots" in a meta name means every crawler. */
const CRAWLER_NAMES = new Set(["robots", ...AI_CRAWLERS.map((crawler) => crawler.token.toLowerCase())]);
/** Directives whose own syntax contains a colon, so "name: value" is not a user-agent prefix for them. */
const VALUED_DIRECTIVES = new Set(["max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"]);

export function metaDirectives(document: HtmlDocument): Directive[] {
  const directives: Directive[] = [];
  for (const meta of Array.from(document.querySelectorAll("meta[name][content]"))) {
    const name = (meta.getAttribute("name") ?? "").trim().toLowerCase();
    if (!CRAWLER_NAMES.has(name)) continue;
    const content = meta.getAttribute("content") ?? "";
    const source = excerpt(`<meta name="${name}" content="${content}">`, 120);
    for (const part of content.split(",")) {
      const directive = part.trim().toLowerCase().replace(/\s+/g, "");
      if (directive) directives.push({ scope: name === "robots" ? "all" : name, directive, source });
    }
  }
  return directives;
}

/** X-Robots-Tag: "noindex, nofollow" or "googlebot: noindex"; a crawler prefix holds for the directives after it. */
export function headerDirectives(header: string | undefined): Directive[] {
  if (!header) return [];
  const source = excerpt(`X-Robots-Tag: ${header}`, 120);
  const directives: Directive[] = [];
  let scope = "all";
  for (const part of header.split(",")) {
    let directive = part.trim().toLowerCase();
    const prefix = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(directive);
    if (prefix && !VALUED_DIRECTIVES.has(prefix[1]!)) {
      scope = prefix[1]!;
      directive = prefix[2]!.trim();
    }
    directive = directive.replace(/\s+/g, "");
    if (directive) directives.push({ scope, directive, source });
  }
  return directives;
}

/** What a directive does to an agent that honours it, or null when it does not keep the page out of AI answers. */
export function directiveEffect(directive: string): "noindex" | "nosnippet" | "noarchive" | null {
  if (directive === "noindex" || directive === "none") return "noindex";
  if (directive === "nosnippet" || directive === "max-snippet:0") return "nosnippet";
  if (directive === "noarchive") return "noarchive";
  return null;
}
