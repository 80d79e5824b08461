import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { markupBylines } from "./byline-markup.ts";
import { nameFromByline } from "./byline-name.ts";
import { headlineByline } from "./headline-byline.ts";
import { labelledBylines } from "./labelled-bylines.ts";
import { type ParsedPage, structuredAuthors } from "./structured-data-claims.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Who a page says wrote it, and where it says so: structured data, author meta tags, author links and
 * bylines. A pure function of the parsed page, shared by the audits that need an author.
 */

export interface Byline {
  name: string;
  /** Where the page states it, for evidence: `meta name="author"`, `JSON-LD NewsArticle "author"`, `class="byline"`. */
  source: string;
}

/**
 * Meta tags that name a page's author, lower-cased, whether given as name= or property=: the HTML
 * standard's "author"; the New York Times' "byl"; Dublin Core's creator; Open Graph's article:author
 * (often a profile URL); and the author fields of analytics and citation tags that sites fill from the
 * same byline (Parse.ly, Sailthru, cXense, Google Scholar).
 */
const AUTHOR_META = new Set([
  "author",
  "byl",
  "byline",
  "dc.creator",
  "dcterms.creator",
  "dc:creator",
  "article:author",
  "og:article:author",
  "article:author_name",
  "parsely-author",
  "sailthru.author",
  "cxenseparse:author",
  "citation_author",
]);

/** Every author statement in the page, the most explicit kind first: structured data, meta tags, byline markup, bylines in plain text, then (alone) a date-and-name line under the headline. */
export function bylines(page: ParsedPage): Byline[] {
  return bylinesOfDocument(page.document, page);
}

/** Read once per parsed document, however many audits ask. */
const bylinesOfDocument = computed((document: HtmlDocument, page: ParsedPage): Byline[] => {
  const markup = markupBylines(document);
  // A text byline inside a byline element is the same statement: quoted once.
  const shown = new Set(markup.map((entry) => entry.name.toLowerCase()));
  const text = labelledBylines(document).filter((entry) => !shown.has(entry.name.toLowerCase()));
  // The unlabelled line under the headline is the weakest statement: read only when nothing else names anyone.
  const stated = [...structuredAuthors(page), ...metaAuthors(document), ...markup, ...text];
  const underHeadline = stated.length === 0 ? headlineByline(document) : null;
  return underHeadline ? [underHeadline] : stated;
});

/** The page's author as its most explicit statement names them, or null when it names none. */
export function byline(page: ParsedPage): Byline | null {
  return bylines(page)[0] ?? null;
}

function metaAuthors(document: HtmlDocument): Byline[] {
  const found: Byline[] = [];
  for (const meta of Array.from(document.querySelectorAll("meta[name],meta[property]"))) {
    const attribute = meta.hasAttribute("name") ? "name" : "property";
    const key = (meta.getAttribute(attribute) ?? "").trim();
    if (!AUTHOR_META.has(key.toLowerCase())) continue;
    const name = nameFromByline(meta.getAttribute("content") ?? "");
    if (name) found.push({ name, source: `meta ${attribute}="${excerpt(key, 40)}"` });
  }
  return found;
}
