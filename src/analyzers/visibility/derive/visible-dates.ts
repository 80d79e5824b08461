import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import type { DateOrder } from "./date-text.ts";
import { dateOrderOf } from "./date-order.ts";
import { LEADING_LABEL } from "./byline-name.ts";
import { type DateKind, dated, type PageDate } from "./page-date.ts";
import { isOutsideContent, isReaderContribution, type PageElement, readableText } from "./page-regions.ts";

/**
 * Dates a page shows people without any date markup: a labelled dateline ("Stand: 09.10.2017",
 * "Datum: <a>13. April 2017</a>", "Updated: Dec 15, 2016", "Publié le 30 septembre 2018", "投稿日：2020年07月12日"),
 * and a line that is only a date right under the headline ("29.04.2020, 12:01 Uhr", "2020年07月12日").
 * Only short texts count, so that a date quoted in prose is not taken for the page's.
 */

/**
 * Labels that put the page's date after them, in the languages scanned most, each with the kind of date
 * it names. Bounded words only, so the pattern stays linear on any text.
 */
const LABELS: ReadonlyArray<readonly [RegExp, DateKind]> = [
  [/^(?:(?:last\s)?(?:updated|modified|revised|edited)|stand|aktualisiert|geändert|mis\sà\sjour|actualizado|aggiornato|bijgewerkt)(?!\p{L})|^(?:更新日時?|最終更新日?)/iu, "modified"],
  [/^(?:published|posted|released|release\sdate|veröffentlicht|publié|publicado|pubblicato|gepubliceerd)(?!\p{L})|^(?:投稿日時?|公開日時?|掲載日時?|配信日時?)/iu, "published"],
  [/^(?:created|erstellt)(?!\p{L})|^作成日/iu, "created"],
  [/^(?:datum|date|fecha|data|reviewed)(?=\s?[:：])/iu, "unlabelled"],
];
/** A label starts the text, or follows a separator inside it: "John Pullen, TIME Updated: Dec 15, 2016". */
export const LABEL_START = /(?:^|[\s|·•,(–—-])(?=(?:last\s)?(?:updated|modified|revised|edited|stand|aktualisiert|geändert|mis\sà\sjour|actualizado|aggiornato|bijgewerkt|published|posted|released|release\sdate|veröffentlicht|publié|publicado|pubblicato|gepubliceerd|created|erstellt|datum|date|fecha|data|reviewed)(?!\p{L})|[更最投公掲配作])/giu;
/** What may stand between a label and its date: "on", "am", "le", and a colon. */
export const LABEL_TAIL = /^\s?(?:on|at|am|le|el|il|op)?\s?[:：]?\s?/i;
export const LABEL_PATTERNS = LABELS.map(([pattern]) => pattern);
export const COLON_AFTER = /^\s?[:：]/;
export const LEADING_PREPOSITION = /^(?:on|am|le|el|il|op|den|the)\s/i;
/** Longer than this, a text is prose, not a dateline. */
const MAX_LINE = 120;
/** Words between a label and its date at most ("Published in FrontBurner December 14, 2016"); "Stand" is a common word, so its date follows at once. */
const MAX_GAP_WORDS = 3;
/** A date written for people fits in this many characters from its first word ("Wednesday, 30 September 2020"). */
const DATE_SPAN = 30;
/** Labelled datelines read per page: the page's own come first; later ones date teasers and archives. */
const MAX_DATELINES = 3;
/** Text runs after the headline in which an unlabelled date line is looked for. */
const HEADLINE_WINDOW = 12;
/** Words besides the date a date-only line may hold: a weekday, the month, "Uhr", "PM", "at". */
const MAX_OTHER_WORDS = 4;
/** Text runs examined per page: each costs a look at its text; a hostile page has millions. */
const MAX_RUNS = 5000;
const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "NAV", "SELECT", "BUTTON", "SVG", "TIME"]);
/** Deeper than this, markup is broken or hostile; the walk (recursive) stops rather than exhaust the stack. */
const MAX_DEPTH = 256;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
/** What a date-only line may hold besides the date: digits and the punctuation of dates and times. */
export const DATE_PUNCTUATION = /[\d\s.,:/\-–|()年月日時分년월일]+/g;

type TreeNode = PageElement & { nodeType: number; nodeName: string };

interface Walk {
  order: DateOrder | null;
  headline: PageElement | null;
  /** Text runs seen since the headline; null before it. */
  sinceHeadline: number | null;
  headlineDate: PageDate | null;
  /** The last date-only line before the headline, its element and how many runs ago: read when it sits beside the headline. */
  before: { date: PageDate; element: PageElement; runsAgo: number } | null;
  datelines: PageDate[];
  /** The first date that closes a byline ("Beitrag von r23 » 21.01.2009, 05:42"), wherever it stands. */
  bylineDate: PageDate | null;
  runs: number;
}

/** The labelled datelines of the page, then the date line under (or right above) its headline, in that order. */
export function visibleDates(document: HtmlDocument): PageDate[] {
  const root = (document.body ?? document.documentElement) as TreeNode | null;
  if (!root) return [];
  const walk: Walk = { order: dateOrderOf(document), headline: headlineOf(document), sinceHeadline: null, headlineDate: null, before: null, datelines: [], bylineDate: null, runs: 0 };
  visit(root, walk, 0);
  const found = [...walk.datelines];
  for (const date of [walk.headlineDate, walk.bylineDate]) if (date && !found.some((known) => known.time === date.time)) found.push(date);
  return found;
}

/** The page's headline: its first <h1> in the content, else its first <h2> there; never the site's name linked to its front page. */
function headlineOf(document: HtmlDocument): PageElement | null {
  for (const selector of ["h1", "h2"]) {
    const found = Array.from(document.querySelectorAll(selector)).find((heading) => !isOutsideContent(heading) && !isReaderContribution(heading) && !isSiteName(heading));
    if (found) return found;
  }
  return null;
}

/** A masthead heading: its whole text is one link to a front page (`<h1><a href="https://www.regards.fr/">regards.fr</a></h1>`). */
function isSiteName(heading: PageElement): boolean {
  const links = Array.from(heading.querySelectorAll("a[href]"));
  if (links.length !== 1 || readableText(links[0]!).trim() !== readableText(heading).trim()) return false;
  const href = links[0]!.getAttribute("href") ?? "";
  if (!URL.canParse(href, "https://page.invalid/x/y")) return false;
  const url = new URL(href, "https://page.invalid/x/y");
  return /^\/(?:index\.\w{2,5})?$/.test(url.pathname) && url.search === "";
}

function visit(node: TreeNode, walk: Walk, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const children = Array.from(node.childNodes) as unknown as TreeNode[];
  for (let index = 0; index < children.length && walk.runs < MAX_RUNS && !isDone(walk); index++) {
    const child = children[index]!;
    if (child.nodeType === ELEMENT_NODE) {
      if (child === walk.headline) {
        walk.sinceHeadline = 0;
        walk.headlineDate = besideHeadline(walk, child);
      } else if (!SKIPPED_TAGS.has(child.nodeName.toUpperCase())) visit(child, walk, depth + 1);
      continue;
    }
    if (child.nodeType !== TEXT_NODE) continue;
    // The parser may split one text into several nodes (at character references): read the run as one.
    let text = child.textContent ?? "";
    let last = child;
    while (index + 1 < children.length && children[index + 1]!.nodeType === TEXT_NODE) {
      last = children[++index]!;
      text += last.textContent ?? "";
    }
    const flat = text.replace(/\s+/g, " ").trim();
    if (flat === "") continue;
    walk.runs++;
    read(flat, last, node, walk);
  }
}

function isDone(walk: Walk): boolean {
  return walk.datelines.length >= MAX_DATELINES && (walk.headlineDate !== null || (walk.sinceHeadline ?? 0) > HEADLINE_WINDOW);
}

function read(flat: string, text: TreeNode, parent: TreeNode, walk: Walk): void {
  const nearHeadline = walk.sinceHeadline !== null && walk.sinceHeadline < HEADLINE_WINDOW && walk.headlineDate === null;
  if (walk.sinceHeadline !== null) walk.sinceHeadline++;
  if (flat.length > MAX_LINE) return;
  if (walk.datelines.length < MAX_DATELINES) {
    const dateline = datelineIn(flat, text, parent, walk.order);
    if (dateline && isPagesOwn(parent)) {
      if (!walk.datelines.some((date) => date.time === dateline.time && date.kind === dateline.kind)) walk.datelines.push(dateline);
      return;
    }
  }
  if (nearHeadline && isPagesOwn(parent)) walk.headlineDate = dateOnlyLine(flat, walk.order);
  if (walk.bylineDate === null && isPagesOwn(parent)) walk.bylineDate = closingByline(flat, parent, walk.order);
  if (walk.sinceHeadline === null) {
    const line = dateOnlyLine(flat, walk.order);
    const date = line && isPagesOwn(parent) ? line : null;
    if (date) walk.before = { date, element: parent, runsAgo: 0 };
    else if (walk.before) walk.before.runsAgo++;
  }
}

/** How deep below the headline's container the line above it may sit: a meta line beside the title, not a header wrapping the whole page. */
const MAX_LEVELS_ABOVE = 2;

function withinLevels(element: PageElement, container: PageElement, levels: number): boolean {
  let current: PageElement | null = element;
  for (let level = 0; current && level <= levels; level++, current = current.parentElement) if (current === container) return true;
  return false;
}

/** Runs between a date-only line above the headline and the headline, at most ("Par Loïc Le Clerc | 30 septembre 2018" over the title). */
const MAX_RUNS_ABOVE = 3;

/**
 * The date-only line right above the headline, when it sits inside the headline's own container (a
 * kicker or meta line of the article header); a date in the site's masthead is elsewhere on the page.
 */
function besideHeadline(walk: Walk, headline: PageElement): PageDate | null {
  const before = walk.before;
  const container = headline.parentElement;
  if (!before || before.runsAgo > MAX_RUNS_ABOVE || !container || container.tagName === "BODY" || !withinLevels(before.element, container, MAX_LEVELS_ABOVE)) return null;
  return { ...before.date, source: before.date.source.replace("under the headline", "above the headline") };
}

/** A labelled dateline in the text: the label, and the date after it in the same text or in the next element. */
function datelineIn(flat: string, text: TreeNode, parent: TreeNode, order: DateOrder | null): PageDate | null {
  LABEL_START.lastIndex = 0;
  for (let match = LABEL_START.exec(flat); match; match = LABEL_START.exec(flat)) {
    // An empty match is the start of the text; otherwise the match is the separator before the label.
    if (match[0] === "") LABEL_START.lastIndex++;
    const rest = flat.slice(match.index + match[0].length);
    const labelled = LABELS.map(([pattern, kind]) => ({ label: pattern.exec(rest)?.[0], kind })).find((entry) => entry.label !== undefined);
    if (!labelled?.label) continue;
    const after = rest.slice(labelled.label.length).replace(LABEL_TAIL, "");
    // Inside a sentence a label is a dateline only with its colon ("…, TIME Updated: Dec 15, 2016"); "was released on 3 December 2008" is prose.
    if (match[0] === " " && !COLON_AFTER.test(rest.slice(labelled.label.length))) continue;
    const shown = after === "" ? nextElementText(text, parent, flat) : after;
    if (shown === null) continue;
    const date = dateNearStart(shown, labelled.kind, /^stand$/i.test(labelled.label) ? 0 : MAX_GAP_WORDS, order);
    if (!date) continue;
    const quote = after === "" ? `${rest.trim()} ${shown}` : rest;
    return { ...date, text: excerpt(quote, 60), source: `the visible dateline "${excerpt(quote, 60)}"` };
  }
  return null;
}

/** The date that begins within the first few words after the label, not somewhere down a sentence. */
function dateNearStart(shown: string, kind: DateKind, maxGap: number, order: DateOrder | null): PageDate | null {
  const words = shown.split(" ");
  for (let skipped = 0; skipped <= maxGap && skipped < words.length; skipped++) {
    const date = dated(kind, words.slice(skipped).join(" ").slice(0, DATE_SPAN), "", order);
    if (date) return date;
  }
  return null;
}

/** A line that is a date and little else: "29.04.2020, 12:01 Uhr", "Monday, 6 January 2020", "2020年07月12日". */
function dateOnlyLine(flat: string, order: DateOrder | null): PageDate | null {
  const date = dated("unlabelled", flat, "", order);
  if (!date) return null;
  // "on 1 June 2019 at 08:34 PM EDT." closes a byline: the preposition is no word of its own.
  const others = flat.replace(LEADING_PREPOSITION, "").replace(DATE_PUNCTUATION, " ").trim();
  if (others !== "" && others.split(" ").length > MAX_OTHER_WORDS) return null;
  return { ...date, source: `the date under the headline "${excerpt(flat, 60)}"` };
}

/** Levels above the date's text at which the byline's element may start: `<p class="author">Beitrag <span>von <a>r23</a> » </span>21.01.2009</p>`. */
const BYLINE_LEVELS = 2;
/** The longest first word before a byline's label ("Beitrag", "Posted"). */
const FIRST_WORD = 16;

/**
 * A date-only text that ends a short byline: the element around it reads "[a word] by|von|par <name>
 * <separator or on> <date>", as forum posts and article meta lines print it. Read once per page, the first.
 */
function closingByline(flat: string, parent: TreeNode, order: DateOrder | null): PageDate | null {
  const line = dateOnlyLine(flat, order);
  if (!line) return null;
  let element: PageElement | null = parent;
  for (let level = 0; element && level <= BYLINE_LEVELS; level++, element = element.parentElement) {
    const text = readableText(element).replace(/\s+/g, " ").trim();
    if (text.length > MAX_LINE) return null;
    if (!text.endsWith(flat) || text === flat) continue;
    const before = text.slice(0, -flat.length).trim();
    // The label starts the text or follows its first word, even glued to it where an icon's hidden text was ("Beitragvon r23 »").
    let labelAt = -1;
    for (let at = 0; at <= Math.min(FIRST_WORD, before.length) && labelAt < 0; at++) if (/^\S*\s?$/u.test(before.slice(0, at)) && LEADING_LABEL.test(before.slice(at))) labelAt = at;
    // The name, then what closes it: a separator ("»", "|", "-", "·") or "on", "am", "le".
    if (labelAt >= 0 && (LEADING_PREPOSITION.test(flat) || /^[»|·•–—-]/u.test(flat) || /\S\s?(?:[»|·•–—-]|,|\s(?:on|am|le|el|il|op))$/iu.test(before))) return { ...line, kind: "published", source: `the date closing the byline "${excerpt(text.slice(labelAt), 60)}"` };
  }
  return null;
}

/** Dates of the page, not of its navigation, its readers' comments or the site's footer. */
function isPagesOwn(element: PageElement): boolean {
  if (isOutsideContent(element) || isReaderContribution(element)) return false;
  const footer = element.closest("footer");
  return !footer || footer.closest("article,main") !== null;
}

/** The short text of the element right after the label (`Datum: <a>13. April 2017</a>`), beside the text or beside its element. */
function nextElementText(text: TreeNode, parent: TreeNode, flat: string): string | null {
  const next = nextElement(text) ?? (readableText(parent) === flat ? nextElement(parent) : null);
  if (!next) return null;
  const shown = readableText(next);
  return shown.length <= MAX_LINE ? shown : null;
}

function nextElement(node: TreeNode): PageElement | null {
  let sibling = node.nextSibling as TreeNode | null;
  while (sibling && sibling.nodeType !== ELEMENT_NODE) {
    if ((sibling.textContent ?? "").trim() !== "") return null;
    sibling = sibling.nextSibling as TreeNode | null;
  }
  return sibling;
}
