import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { markupDates } from "./date-markup.ts";
import { visibleDates } from "./visible-dates.ts";
import { type DateKind, dated, type PageDate } from "./page-date.ts";
import { type DateProperty, type ParsedPage, structuredDates } from "./structured-data-claims.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * When a page says it was published or updated, and where it says so: structured data, date meta tags,
 * dates in its markup (<time>, microformats, date classes), and dates it shows people without markup
 * (a "Stand: 09.10.2017" dateline, the date line under the headline). A pure function of the parsed
 * page, shared by the audits that need dates.
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
  // Open Graph's video objects (ogp.me, "video.movie"/"video.episode"): a video page's release is its publication.
  ["video:release_date", "published"],
  ["og:video:release_date", "published"],
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

/**
 * Every date the page states about itself, the most explicit kind first: structured data, meta tags,
 * <time> and date classes, then the dates it shows only as text (those the markup already states left out).
 */
export function pageDates(page: ParsedPage): PageDate[] {
  return datesOfDocument(page.document, page);
}

/** Each reading is made once per parsed document, however many audits ask. */
const datesOfDocument = computed((document: HtmlDocument, page: ParsedPage): PageDate[] => {
  const marked = markedDates(page);
  const days = new Set(marked.map((date) => dayOf(date.time)));
  return [...marked, ...shownDates(document).filter((date) => !days.has(dayOf(date.time)))];
});

/**
 * The page's publication date: its most explicit published date, else its creation date, else the first
 * <time> in its content; only when its markup states none, the same read from the dates it shows as text.
 * A page that only says when it was updated has no publication date here.
 */
export function publishedDate(page: ParsedPage): PageDate | null {
  return firstPublication(markedDates(page)) ?? firstPublication(shownDates(page.document));
}

function firstPublication(dates: PageDate[]): PageDate | null {
  return dates.find((date) => date.kind === "published") ?? dates.find((date) => date.kind === "created") ?? dates.find((date) => date.kind === "unlabelled") ?? null;
}

function markedDates(page: ParsedPage): PageDate[] {
  return markedOfDocument(page.document, page);
}

const markedOfDocument = computed((document: HtmlDocument, page: ParsedPage): PageDate[] => [...structuredPageDates(page), ...metaDates(document), ...markupDates(document)]);

const shownDates = computed(visibleDates);

function dayOf(time: number): number {
  return Math.floor(time / 86_400_000);
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
