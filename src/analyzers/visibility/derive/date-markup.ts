import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import type { DateOrder } from "./date-text.ts";
import { dateOrderOf } from "./date-order.ts";
import { type DateKind, dated, type PageDate } from "./page-date.ts";
import { findDescendant, isOutsideContent, isReaderContribution, markupWords, type PageElement, readableText } from "./page-regions.ts";

/**
 * Dates in a page's markup, as real pages write them: <time> (its datetime, else its text), the
 * microformats' published and updated classes (hAtom's `<abbr class="published" title="2017-07-23…">`),
 * and elements whose class names a date (`<span class="date">26.10.2023</span>`), read only when their
 * text is a date and nothing else of length.
 */

/** Classes that carry a microformat date, whose datetime or title holds it in ISO 8601. */
const MICROFORMAT_CLASSES = new Set(["published", "updated", "dt-published", "dt-updated"]);
/** Words of class names and ids that label an element as a date. */
const DATE_WORDS = new Set(["date", "dates", "datum", "pubdate", "postdate", "datetime", "dateline", "published", "updated", "timestamp", "fecha"]);
/** A quick test before class names are split into words: most elements of a page carry none of these. */
export const ANY_DATE_WORD = /date|datum|published|updated|timestamp|fecha/i;
/** Words, in class names or the text's label, that mark an update rather than a publication. */
const UPDATED_WORDS = new Set(["updated", "update", "modified", "aktualisiert", "actualizado", "aggiornato", "stand"]);
const PUBLISHED_WORDS = new Set(["published", "publish", "pubdate", "posted", "veröffentlicht", "erstellt", "publié", "publicado", "pubblicato", "created"]);
export const MICRODATA_DATE = /date(?:Published|Modified|Created)/;
/** Longer than this, a date-classed element holds more than a date (a teaser, a whole header). */
const MAX_DATE_TEXT = 80;

/**
 * Date elements examined per page. Pages list dates by the dozen (archives, teasers); a hostile page can
 * mark thousands of nested elements, and each costs a walk up its ancestors and through its text.
 */
const MAX_CANDIDATES = 120;

/** Every date the page's markup states, in document order. */
export function markupDates(document: HtmlDocument): PageDate[] {
  const found: PageDate[] = [];
  const order = dateOrderOf(document);
  let examined = 0;
  for (const element of Array.from(document.querySelectorAll("time,[class],[id],[itemprop]"))) {
    const itemprop = otherMicrodataDate(element);
    if (element.tagName !== "TIME" && !itemprop && !mayBeDate(element)) continue;
    if (++examined > MAX_CANDIDATES) break;
    const read =
      element.tagName === "TIME" ? timeElement(element, order) : itemprop ? microdataDate(element, itemprop, order) : isMicroformatDate(element) ? microformatDate(element, order) : dateClassed(element, order);
    if (read && !isOutsideContent(element) && !isReaderContribution(element)) found.push(read);
  }
  return found;
}

/**
 * Microdata properties that date the page besides datePublished, dateModified and dateCreated (read with
 * the structured data): a VideoObject's uploadDate (schema.org/uploadDate), which video pages state alone.
 */
const OTHER_MICRODATA_DATES: Record<string, DateKind> = { uploaddate: "published" };

function otherMicrodataDate(element: PageElement): string | null {
  const itemprop = element.getAttribute("itemprop");
  if (!itemprop) return null;
  return itemprop.trim().split(/\s+/).find((name) => name.toLowerCase() in OTHER_MICRODATA_DATES) ?? null;
}

function microdataDate(element: PageElement, itemprop: string, order: DateOrder | null): PageDate | null {
  const kind = OTHER_MICRODATA_DATES[itemprop.toLowerCase()]!;
  const value = (element.getAttribute("content") ?? element.getAttribute("datetime") ?? readableText(element)).trim();
  return value.length <= MAX_DATE_TEXT ? dated(kind, value, `Microdata itemprop="${excerpt(itemprop, 40)}"`, order) : null;
}

/** A cheap first look at the class and id: most elements of a page name no date. */
function mayBeDate(element: PageElement): boolean {
  return ANY_DATE_WORD.test(`${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`);
}

function timeElement(time: PageElement, order: DateOrder | null): PageDate | null {
  // A <time itemprop="datePublished"> is Microdata, already read with the structured data.
  if (MICRODATA_DATE.test(time.getAttribute("itemprop") ?? "")) return null;
  const kind = kindOf(time, time.parentElement);
  const attribute = time.getAttribute("datetime")?.trim();
  return (attribute ? dated(kind, attribute, "<time datetime>") : null) ?? dated(kind, time.textContent ?? "", "<time> text", order);
}

export const MICROFORMAT_WORD = /published|updated/i;

function isMicroformatDate(element: PageElement): boolean {
  if (!MICROFORMAT_WORD.test(element.getAttribute("class") ?? "")) return false;
  return (element.getAttribute("class") ?? "").split(/\s+/).some((name) => MICROFORMAT_CLASSES.has(name.toLowerCase()));
}

/** hAtom's `<abbr class="published" title="2017-07-23T17:06:45+0000">`, or its text alone: `<abbr class="published">16.12.2012</abbr>`. */
function microformatDate(element: PageElement, order: DateOrder | null): PageDate | null {
  const kind = kindOf(element, null);
  const source = `class="${excerpt((element.getAttribute("class") ?? "").trim(), 40)}"`;
  for (const attribute of ["datetime", "title"]) {
    const value = element.getAttribute(attribute)?.trim();
    const date = value ? dated(kind, value, `${source} ${attribute}`) : null;
    if (date) return date;
  }
  return dated(kind, element.textContent ?? "", `${source} text`, order);
}

/** An element whose class or id says it is a date, holding a date as its own short text. */
function dateClassed(element: PageElement, order: DateOrder | null): PageDate | null {
  const names = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`.trim();
  if (!ANY_DATE_WORD.test(names)) return null;
  const token = names.split(/\s+/).find((name) => markupWords(name).some((word) => DATE_WORDS.has(word)));
  if (!token || element.tagName === "META") return null;
  // A date element wrapping a <time> or microformat date has been read through that.
  if (findDescendant(element, (candidate) => candidate.tagName === "TIME" || isMicroformatDate(candidate))) return null;
  const kind = kindOf(element, null);
  const source = `class="${excerpt(token, 40)}"`;
  const attribute = element.getAttribute("datetime")?.trim();
  if (attribute) {
    const date = dated(kind, attribute, `${source} datetime`);
    if (date) return date;
  }
  const text = readableText(element);
  return text.length <= MAX_DATE_TEXT ? dated(kind, text, `${source} text`, order) : null;
}

/** Published or updated, as the class names (the element's and its parent's) or the text's label say. */
function kindOf(element: PageElement, parent: PageElement | null): DateKind {
  const words = markupWords(`${element.getAttribute("class") ?? ""} ${parent?.getAttribute("class") ?? ""} ${(element.textContent ?? "").slice(0, 30)}`);
  if (words.some((word) => UPDATED_WORDS.has(word))) return "modified";
  if (element.hasAttribute("pubdate") || words.some((word) => PUBLISHED_WORDS.has(word))) return "published";
  return "unlabelled";
}
