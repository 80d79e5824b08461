import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { nameFromByline } from "./byline-name.ts";
import { findDescendant, isOutsideContent, isReaderContribution, markupWords, type PageElement, readableText } from "./page-regions.ts";

/**
 * Bylines in the page's visible markup: author links (rel="author") and the class names sites give
 * bylines. On the real-pages corpus (test/corpora), "byline", "author", "author-name", "by-author",
 * "article__author", "c-byline__author-name", "BylineName-cKrVJj", "autor", "auteur", "writer",
 * "contributor" and their compounds ("authorname", "autorenzeile") cover what sites use.
 */

export interface MarkupByline {
  name: string;
  /** `rel="author"`, `class="c-byline__author-name"`, `id="byline"`. */
  source: string;
}

/** Word stems that name a byline in class names and ids, in the languages scanned most. */
const BYLINE_STEMS = ["byline", "author", "autor", "auteur", "writer", "contributor", "verfasser"];
/** A quick test before the class is split into words: most elements of a page carry none of the stems. */
export const ANY_STEM = new RegExp(BYLINE_STEMS.join("|"), "i");
/** Words that start like a byline stem but mean something else ("authority", "autorisation", "autorité"). */
export const LOOKALIKES = /^(?:authori[sztu]|autori[sztu]|autorit|autorid)/;
/**
 * Parts of an author block that hold no name: the photo, social links, a bio or job title, a list of the
 * author's other headlines (thefederalistpapers.org's "author-headline"). A class with
 * one of these words beside "author" (author-avatar, author-social, author-bio) is skipped; the name
 * element next to it is found on its own.
 */
const NOT_A_NAME = new Set(["avatar", "image", "img", "photo", "picture", "pic", "thumb", "thumbnail", "icon", "social", "share", "follow", "twitter", "facebook", "fb", "linkedin", "rss", "feed", "email", "mail", "theme", "has", "bio", "biography", "description", "desc", "about", "job", "role", "position", "count", "more", "archive", "tooltip", "popup", "modal", "title", "headline", "headlines", "posts", "articles", "stories"]);
/** A link to the site's authors: "humans.txt" credits the people who built the site, not the page's writer. */
const CREDITS_FILE = /humans\.txt$/i;
/**
 * Byline-marked elements examined per page. A page has a handful; a hostile one can mark thousands of
 * nested elements, and each costs a walk up its ancestors and through its text.
 */
const MAX_CANDIDATES = 60;
/** Longer than this, an element is a page region that merely carries a byline-like class (a body class, an author archive). */
const MAX_BYLINE_TEXT = 600;

/** Every byline the page's markup shows, in document order, without duplicates of the same name. */
export function markupBylines(document: HtmlDocument): MarkupByline[] {
  const found: MarkupByline[] = [];
  const seen = new Set<string>();
  const add = (name: string | null, source: string) => {
    if (!name || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    found.push({ name, source });
  };
  for (const link of Array.from(document.querySelectorAll('link[rel~="author"]'))) {
    const href = (link.getAttribute("href") ?? "").trim();
    if (href && !CREDITS_FILE.test(href)) add(excerpt(href, 100), 'rel="author" link');
  }
  let examined = 0;
  for (const element of Array.from(document.querySelectorAll('a[rel~="author"],[class],[id]'))) {
    const source = bylineMarker(element);
    if (!source) continue;
    if (++examined > MAX_CANDIDATES) break;
    if (isOutsideContent(element) || isReaderContribution(element)) continue;
    add(nameIn(element), source);
  }
  return found;
}

/** How the element marks itself as a byline (`rel="author"`, `class="…"`), or null when it does not. */
function bylineMarker(element: PageElement): string | null {
  if (element.tagName === "META" || element.tagName === "LINK") return null;
  if (element.tagName === "A" && /(?:^|\s)author(?:\s|$)/i.test(element.getAttribute("rel") ?? "")) return 'rel="author"';
  for (const attribute of ["class", "id"] as const) {
    const value = element.getAttribute(attribute);
    if (!value || !ANY_STEM.test(value)) continue;
    const token = value.trim().split(/\s+/).find(isBylineToken);
    if (token) return `${attribute}="${excerpt(token, 60)}"`;
  }
  return null;
}

function isBylineToken(token: string): boolean {
  const words = markupWords(token);
  if (words.some((word) => NOT_A_NAME.has(word))) return false;
  return words.some((word) => !LOOKALIKES.test(word) && BYLINE_STEMS.some((stem) => word.startsWith(stem)));
}

/** The name a byline element states: its name part when it has one, else its own text, else its first link's. */
function nameIn(element: PageElement): string | null {
  if ((element.textContent ?? "").length > MAX_BYLINE_TEXT) return null;
  const part = findDescendant(element, isNamePart);
  const fromPart = part && !isNotAName(part) ? nameFromByline(readableText(part)) : null;
  if (fromPart) return fromPart;
  const own = nameFromByline(readableText(element));
  if (own) return own;
  const link = findDescendant(element, (candidate) => candidate.tagName === "A" && candidate.hasAttribute("href"));
  return link ? nameFromByline(readableText(link)) : null;
}

/** Inside a byline element, the part that holds the name itself: itemprop="name", an author link, hCard's "fn", a "…name" class. */
function isNamePart(element: PageElement): boolean {
  if (/(?:^|\s)name(?:\s|$)/.test(element.getAttribute("itemprop") ?? "")) return true;
  if (element.tagName === "A" && /(?:^|\s)author(?:\s|$)/i.test(element.getAttribute("rel") ?? "")) return true;
  const names = element.getAttribute("class") ?? "";
  return /(?:^|\s)fn(?:\s|$)/.test(names) || /name/i.test(names);
}

function isNotAName(element: PageElement): boolean {
  return markupWords(element.getAttribute("class") ?? "").some((word) => NOT_A_NAME.has(word));
}
