import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { looksLikeName, nameFromByline } from "./byline-name.ts";
import { parseDateText } from "./date-text.ts";
import { isOutsideContent, isReaderContribution, markupWords, type PageElement, readableText } from "./page-regions.ts";

/**
 * A byline without a label or a byline class, on the line right under the headline (or under the
 * headline's <hgroup>): a date and a name, "11.12.2019 - Amelie Loevenich" (it-for-kids.org) or "Jane Doe |
 * March 3, 2020", or a credit line naming a wire service, `<p class="credit">JIJI</p>` (japantimes.co.jp).
 * Only that line is read, and only when it holds nothing but these, so that a headline's standfirst or a
 * dated teaser is not taken for a name.
 */

export interface HeadlineByline {
  name: string;
  source: string;
}

/** Longer than this, the line under the headline is a standfirst, not a byline. */
const MAX_LINE = 80;
/** The separators such lines put between the date and the name. */
export const SEPARATOR = /\s{1,3}[-–—|·•]\s{1,3}/;
/** What may remain of a date part once its digits and punctuation are gone: a month's name, "Uhr", "am". */
const MAX_DATE_WORDS = 2;
/** An unlabelled name is believed from two words on: one capitalised word alone is as often a section or a tag. */
const MIN_NAME_WORDS = 2;
const MAX_NAME_WORDS = 4;

export function headlineByline(document: HtmlDocument): HeadlineByline | null {
  const headline = document.querySelector("h1");
  if (!headline || isOutsideContent(headline)) return null;
  const group = headline.parentElement?.tagName === "HGROUP" ? headline.parentElement : null;
  const line = nextElementSibling(headline) ?? (group ? nextElementSibling(group) : null);
  if (!line || isReaderContribution(line)) return null;
  const text = readableText(line).replace(/\s+/g, " ").trim();
  if (text.length > MAX_LINE) return null;
  if (isCreditLine(line)) {
    const credited = nameFromByline(text);
    return credited && text.split(/\s+/).length <= MAX_NAME_WORDS && looksLikeName(credited) ? { name: credited, source: `the credit line under the headline "${excerpt(text, 60)}"` } : null;
  }
  const parts = text.split(SEPARATOR);
  if (parts.length !== 2) return null;
  const [first, second] = parts as [string, string];
  const name = isDateOnly(first) ? second : isDateOnly(second) ? first : null;
  if (name === null || !isPlainName(name)) return null;
  const found = nameFromByline(name);
  return found ? { name: found, source: `the line under the headline "${excerpt(text, 60)}"` } : null;
}

/** A line the page marks as the story's credit, as news sites credit a wire service: `<p class="credit">JIJI</p>` (japantimes.co.jp). */
function isCreditLine(element: PageElement): boolean {
  return markupWords(element.getAttribute("class") ?? "").includes("credit");
}

export const DATE_CHARACTERS = /[\d.,:/-]+/g;

function isDateOnly(text: string): boolean {
  if (parseDateText(text) === null) return false;
  const words = text.replace(DATE_CHARACTERS, " ").trim();
  return words === "" || words.split(/\s+/).length <= MAX_DATE_WORDS;
}

function isPlainName(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= MIN_NAME_WORDS && words.length <= MAX_NAME_WORDS && !/\d/.test(text) && looksLikeName(text);
}

/** The element right after this one, when only blank text lies between them. */
function nextElementSibling(element: PageElement): PageElement | null {
  let sibling = element.nextSibling as (PageElement & { nodeType: number; textContent: string | null }) | null;
  while (sibling && sibling.nodeType !== 1) {
    if ((sibling.textContent ?? "").trim() !== "") return null;
    sibling = sibling.nextSibling as typeof sibling;
  }
  return sibling;
}
