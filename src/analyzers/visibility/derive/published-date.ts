import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { markupDates } from "./date-markup.ts";
import { type DateKind, dated, type PageDate } from "./page-date.ts";
import { type DateProperty, type ParsedPage, structuredDates } from "./structured-data-claims.ts";

/**
 * When a page says it was published or updated, and where it says so: structured data, date meta tags,
 * and dates in its markup (<time>, microformats, date classes). A pure function of the parsed page,
 * shared by the audits that need dates.
 */

export type { DateKind, PageDate } from "./page-date.ts";

const KIND_OF_PROPERTY: Record<DateProperty, DateKind> = { datePublished: "published", dateModified: "modified", dateCreated: "created" };

/**
 * Meta tags that date a page, lower-cased, whether given as name= or property=, most trusted first:
 * Open Graph's article times, Dublin Core, the plain "date" and "pubdate" tags, then the date fields of
 * citation and analytics tags (Google Scholar, Parse.ly, cXense, Sailthru), as real pages use them.
 * Sailthru's date is last: sites often fill it with the update time.
 */
const DATE_META: ReadonlyArray<readonly [string, DateKind]> = [
  ["article:published_time", "published"],
  ["og:article:published_time", "published"],
  ["article:published", "published"],
  ["datepublished", "published"],
  ["dc.date.issued", "published"],
  ["dcterms.issued", "published"],
  ["dc.date", "published"],
  ["dcterms.date", "published"],
  ["date", "published"],
  ["pubdate", "published"],
  ["publishdate", "published"],
  ["publish-date", "published"],
  ["publish_date", "published"],
  ["publication_date", "published"],
  ["publication-date", "published"],
  ["publisheddate", "published"],
  ["citation_publication_date", "published"],
  ["citation_date", "published"],
  ["bepress_citation_date", "published"],
  ["parsely-pub-date", "published"],
  ["cxenseparse:recs:publishtime", "published"],
  ["sailthru.date", "published"],
  ["dc.date.created", "created"],
  ["dcterms.created", "created"],
  ["article:modified_time", "modified"],
  ["og:article:modified_time", "modified"],
  ["og:updated_time", "modified"],
  ["article:modified", "modified"],
  ["datemodified", "modified"],
  ["dc.date.modified", "modified"],
  ["dcterms.modified", "modified"],
  ["last-modified", "modified"],
];
const META_RANK = new Map(DATE_META.map(([key], rank) => [key, rank]));
const META_KIND = new Map(DATE_META);

const datesOf = new WeakMap<HtmlDocument, PageDate[]>();

/** Every date the page states about itself, the most explicit kind first: structured data, meta tags, then <time>. */
export function pageDates(page: ParsedPage): PageDate[] {
  const document = page.document;
  let found = datesOf.get(document);
  if (!found) {
    found = [...structuredPageDates(page), ...metaDates(document), ...markupDates(document)];
    datesOf.set(document, found);
  }
  return found;
}

/**
 * The page's publication date: its most explicit published date, else its creation date, else the first
 * <time> in its content. A page that only says when it was updated has no publication date here.
 */
export function publishedDate(page: ParsedPage): PageDate | null {
  const dates = pageDates(page);
  return dates.find((date) => date.kind === "published") ?? dates.find((date) => date.kind === "created") ?? dates.find((date) => date.kind === "unlabelled") ?? null;
}

function structuredPageDates(page: ParsedPage): PageDate[] {
  return structuredDates(page)
    .map((date) => dated(KIND_OF_PROPERTY[date.property], date.value, date.source))
    .filter((date): date is PageDate => date !== null);
}

function metaDates(document: HtmlDocument): PageDate[] {
  const found: { date: PageDate; rank: number }[] = [];
  for (const meta of Array.from(document.querySelectorAll("meta[name],meta[property]"))) {
    const attribute = meta.hasAttribute("property") ? "property" : "name";
    const key = (meta.getAttribute(attribute) ?? "").trim();
    // Dublin Core is written "DC.date" and "DC:date" alike.
    const normalised = key.toLowerCase().replace(/^(dc|dcterms):/, "$1.");
    const kind = META_KIND.get(normalised);
    if (!kind) continue;
    const date = dated(kind, meta.getAttribute("content") ?? "", `meta ${attribute}="${excerpt(key, 40)}"`);
    if (date) found.push({ date, rank: META_RANK.get(normalised)! });
  }
  return found.sort((a, b) => a.rank - b.rank).map((entry) => entry.date);
}
