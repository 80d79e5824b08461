import type { Extraction, LimitNotice } from "./extracted-item.ts";
import { extractJsonLd } from "./json-ld.ts";
import { jsonLdScripts } from "./json-ld-scripts.ts";
import { markupTree } from "./markup-tree.ts";
import { extractMicrodata } from "./microdata.ts";
import { extractRdfa } from "./rdfa.ts";
import { MAX_ITEMS, MAX_MARKUP_ELEMENTS } from "./structured-data-caps.ts";

/**
 * Every structured data item on the page, in all three formats, JSON-LD first (Google's preferred format),
 * all read from the whole page (`html`): JSON-LD from its script blocks, Microdata and RDFa from the tree
 * of the elements that carry them (markup-tree.ts). The formats share one budget of MAX_ITEMS items.
 * `baseUrl` (the page's final URL) makes Microdata and RDFa link values absolute, as HTML defines them.
 */
export function extractStructuredData(html: string, baseUrl: string): Extraction {
  const jsonLd = extractJsonLd(jsonLdScripts(html));
  const tree = markupTree(html);
  const microdata = extractMicrodata(tree, baseUrl, MAX_ITEMS - jsonLd.items.length);
  const rdfa = extractRdfa(tree, baseUrl, MAX_ITEMS - jsonLd.items.length - microdata.items.length);
  const parts = [jsonLd, microdata, rdfa];
  const treeCut: LimitNotice[] = tree.cut
    ? [{ limit: "nodes", message: `The page's Microdata and RDFa markup holds more than ${MAX_MARKUP_ELEMENTS} elements; Microdata and RDFa after that point were not read.` }]
    : [];
  return {
    items: parts.flatMap((part) => part.items),
    problems: parts.flatMap((part) => part.problems),
    jsonLdBlocks: jsonLd.jsonLdBlocks ?? [],
    limits: [...treeCut, ...parts.flatMap((part) => part.limits)],
  };
}

export function megabytes(characters: number): string {
  return `${(characters / (1024 * 1024)).toFixed(1)} MB`;
}
