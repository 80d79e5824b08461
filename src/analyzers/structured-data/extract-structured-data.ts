import type { Extraction, LimitNotice } from "./extracted-item.ts";
import { type HtmlDocument, PARSE_MAX_CHARS } from "./html-document.ts";
import { extractJsonLd } from "./json-ld.ts";
import { jsonLdScripts } from "./json-ld-scripts.ts";
import { extractMicrodata } from "./microdata.ts";
import { extractRdfa } from "./rdfa.ts";

/**
 * Every structured data item on the page, in all three formats, JSON-LD first (Google's preferred format).
 * JSON-LD is read from the whole page (`html`); Microdata and RDFa live in the markup itself, so they are
 * read from the parsed `document`, which holds the first PARSE_MAX_CHARS of it. `baseUrl` (the page's
 * final URL) makes Microdata and RDFa link values absolute, as HTML defines them.
 */
export function extractStructuredData(document: HtmlDocument, html: string, baseUrl: string): Extraction {
  const jsonLd = extractJsonLd(jsonLdScripts(html));
  const parts = [jsonLd, extractMicrodata(document, baseUrl), extractRdfa(document, baseUrl)];
  const pageCut: LimitNotice[] =
    html.length > PARSE_MAX_CHARS
      ? [{ limit: "page-size", message: `The page is ${megabytes(html.length)}: JSON-LD was read from all of it, Microdata and RDFa from its first ${megabytes(PARSE_MAX_CHARS)}.` }]
      : [];
  return {
    items: parts.flatMap((part) => part.items),
    problems: parts.flatMap((part) => part.problems),
    jsonLdBlocks: jsonLd.jsonLdBlocks ?? [],
    limits: [...pageCut, ...parts.flatMap((part) => part.limits)],
  };
}

export function megabytes(characters: number): string {
  return `${(characters / (1024 * 1024)).toFixed(1)} MB`;
}
