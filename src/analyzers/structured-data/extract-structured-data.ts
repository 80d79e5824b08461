import type { HtmlDocument } from "./html-document.ts";
import type { Extraction } from "./extracted-item.ts";
import { extractJsonLd } from "./json-ld.ts";
import { extractMicrodata } from "./microdata.ts";
import { extractRdfa } from "./rdfa.ts";

/** Every structured data item on the page, in all three formats, JSON-LD first (Google's preferred format). */
/** `baseUrl` (the page's final URL) makes Microdata and RDFa link values absolute, as HTML defines them. */
export function extractStructuredData(document: HtmlDocument, baseUrl: string): Extraction {
  const jsonLd = extractJsonLd(document);
  const parts = [jsonLd, extractMicrodata(document, baseUrl), extractRdfa(document, baseUrl)];
  return { items: parts.flatMap((part) => part.items), problems: parts.flatMap((part) => part.problems), jsonLdBlocks: jsonLd.jsonLdBlocks ?? [] };
}
