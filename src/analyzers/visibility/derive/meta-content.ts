import type { HtmlDocument } from "./homepage-document.ts";

/**
 * The content of the first `<meta>` named one of `names`, by `name` or `property` and in any letter case:
 * pages write `<meta name="og:site_name">` as often as `property=`, and `<meta name="Description">`;
 * HTML attribute names are case-insensitive and readers treat these values the same way.
 */
export function metaContent(document: HtmlDocument, names: readonly string[]): string | null {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  for (const meta of Array.from(document.querySelectorAll("meta[name],meta[property]"))) {
    const key = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim().toLowerCase();
    const alternate = (meta.getAttribute("name") ?? "").trim().toLowerCase();
    if (!wanted.has(key) && !wanted.has(alternate)) continue;
    const content = (meta.getAttribute("content") ?? "").replace(/\s+/g, " ").trim();
    if (content !== "") return content;
  }
  return null;
}
