import { WORD_PATTERN } from "../derive/page-text.ts";
import { hiddenRanges, isRegExpSpace } from "./hidden-ranges.ts";

/**
 * Cheap looks at raw HTML without building a DOM: gatherers use them on every probe and on the homepage's
 * links, where a full parse per response would multiply a large page's memory.
 */

/**
 * Visible words: comments, scripts, styles, noscript, template, svg, the head, tags and entities removed
 * (see hidden-ranges.ts), counted as wordCount counts them. The page is read in place, never copied: a
 * removed part reads as a space, so no word spans two visible pieces and each piece is counted alone.
 */
export function rawWordCount(html: string): number {
  const hidden = hiddenRanges(html);
  const pieces = new EntitySplitter(html);
  let count = 0;
  let from = 0;
  while (hidden.next()) {
    count += pieces.words(from, hidden.start);
    from = hidden.end + 1;
  }
  return count + pieces.words(from, html.length);
}

/**
 * The first `maxChars` characters of the visible text (the same pieces rawWordCount reads), entities as
 * spaces and runs of white space as one: what an agent got to read, for the report's agent view. Copied,
 * so the artifact keeps no slice of the page alive.
 */
export function rawTextStart(html: string, maxChars = 400): string {
  const hidden = hiddenRanges(html);
  let text = "";
  let from = 0;
  const take = (to: number) => {
    if (text.length >= maxChars || to <= from) return;
    // Read at most a few times what is still wanted: a huge visible piece is never copied whole.
    const piece = html.slice(from, Math.min(to, from + (maxChars - text.length) * 8 + 64)).replace(/&[a-z#0-9]+;/gi, " ").replace(/\s+/g, " ");
    text = `${text}${text.endsWith(" ") || piece.startsWith(" ") || text === "" ? "" : " "}${piece}`.replace(/^ /, "");
  };
  while (hidden.next()) {
    take(hidden.start);
    from = hidden.end + 1;
  }
  take(html.length);
  return detached(text.replace(/\s+/g, " ").trim().slice(0, maxChars));
}

/** Removes /&[a-z#0-9]+;/gi from the visible pieces and counts the words left, one "&" search across all pieces. */
class EntitySplitter {
  private readonly word = new RegExp(WORD_PATTERN.source, WORD_PATTERN.flags);
  private ampersand = -1;

  constructor(private readonly html: string) {}

  /** Words in html[from, to) once its entities are removed; calls come in increasing order. */
  words(from: number, to: number): number {
    const html = this.html;
    let count = 0;
    let start = from;
    if (this.ampersand !== Number.POSITIVE_INFINITY && this.ampersand < from) this.ampersand = this.nextAmpersand(from);
    while (this.ampersand < to) {
      const at = this.ampersand;
      let end = at + 1;
      while (end < to && isEntityCharacter(html.charCodeAt(end))) end++;
      if (end > at + 1 && end < to && html.charCodeAt(end) === SEMICOLON) {
        count += this.count(start, at);
        start = end + 1;
      }
      this.ampersand = this.nextAmpersand(at + 1);
    }
    return count + this.count(start, to);
  }

  private nextAmpersand(from: number): number {
    const at = this.html.indexOf("&", from);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  }

  private count(from: number, to: number): number {
    if (to <= from) return 0;
    const piece = this.html.slice(from, to);
    this.word.lastIndex = 0;
    let count = 0;
    while (this.word.test(piece)) count++;
    return count;
  }
}

const SEMICOLON = 0x3b;

/** [a-z#0-9] under the i flag (without u, no non-ASCII letter folds into ASCII). */
function isEntityCharacter(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x23;
}

const TITLE_LENGTH = 200;

/**
 * The first <title>'s text, whitespace collapsed, at most 200 characters. Only that prefix is read, and it
 * is copied out: a slice of the page would keep the whole page alive as long as the title is kept.
 */
export function rawTitle(html: string): string | null {
  // /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i, found in linear time: when the first <title has no ">" or
  // no end tag after it, no later one has either.
  const open = /<title\b/gi.exec(html);
  if (!open) return null;
  const textStart = html.indexOf(">", open.index + 6) + 1;
  if (textStart === 0) return null;
  const close = /<\/title\s*>/gi;
  close.lastIndex = textStart;
  const end = close.exec(html)?.index;
  if (end === undefined) return null;
  return detached(collapsedStart(html, textStart, end, TITLE_LENGTH));
}

/** html[from, to) with runs of whitespace made one space and trimmed, cut at `limit`, reading no more than that needs. */
function collapsedStart(html: string, from: number, to: number, limit: number): string {
  let text = "";
  let at = from;
  while (at < to && text.length <= limit) {
    let end = at;
    while (end < to && !isRegExpSpace(html.charCodeAt(end)) && text.length + (end - at) <= limit) end++;
    text += html.slice(at, end);
    at = end;
    if (at >= to || text.length > limit || !isRegExpSpace(html.charCodeAt(at))) continue;
    while (at < to && isRegExpSpace(html.charCodeAt(at))) at++;
    text += " ";
  }
  return text.trim().slice(0, limit);
}

/** A copy that does not share the page's memory (a slice in JavaScriptCore points into the whole string). */
export function detached(text: string): string {
  return text.split("").join("");
}

export interface RawLink {
  href: string;
  text: string;
}

/**
 * <a href> links with their text, at most `limit` of them: the matches of
 * /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, found in linear time. An <a> with no ">" or no </a> after it means
 * no later one has either, so the search ends there; the regular expression rescanned the rest of the
 * page for each, which took seconds on a page of a few thousand unclosed links.
 */
export function rawLinks(html: string, limit = 500): RawLink[] {
  const links: RawLink[] = [];
  const opening = /<a\b/gi;
  const closing = /<\/a\s*>/gi;
  while (links.length < limit) {
    const open = opening.exec(html);
    const attributesEnd = open ? html.indexOf(">", open.index + 2) : -1;
    if (attributesEnd < 0) break;
    closing.lastIndex = attributesEnd + 1;
    const close = closing.exec(html);
    if (!close) break;
    opening.lastIndex = closing.lastIndex;
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html.slice(open!.index + 2, attributesEnd));
    if (!href) continue;
    links.push({ href: decodeEntities((href[1] ?? href[2] ?? href[3] ?? "").trim()), text: withoutTags(html.slice(attributesEnd + 1, close.index)).replace(/\s+/g, " ").trim() });
  }
  return links;
}

/** text.replace(/<[^>]*>/g, " ") in linear time: after a "<" with no ">" behind it, nothing more is a tag. */
function withoutTags(text: string): string {
  let result = "";
  let at = 0;
  for (let open = text.indexOf("<"); open >= 0; open = text.indexOf("<", at)) {
    const close = text.indexOf(">", open + 1);
    if (close < 0) break;
    result += `${text.slice(at, open)} `;
    at = close + 1;
  }
  return at === 0 ? text : result + text.slice(at);
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/gi, "&").replace(/&#x2f;/gi, "/").replace(/&#47;/g, "/");
}
