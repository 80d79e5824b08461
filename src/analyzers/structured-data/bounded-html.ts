import { Parser, Tokenizer } from "htmlparser2";

/**
 * linkedom's DOM costs tens of bytes per byte of HTML; the facts the generator and the visibility audits
 * read sit well within the first megabytes, so larger pages are judged on that part. Structured data is
 * read from the whole page without a DOM (json-ld-scripts.ts, markup-tree.ts).
 */
export const PARSE_MAX_CHARS = 8 * 1024 * 1024;

/**
 * The most elements of one DOM. An element costs about 310 bytes of heap in linkedom (measured on 200,000
 * nested <div>s: 62 MB retained, +161 MB RSS while parsing), so a hostile page of small tags would pass a
 * scan's memory share (32 MB) many times over well before PARSE_MAX_CHARS. Real pages are far smaller:
 * Lighthouse's "Avoid an excessive DOM size" flags pages over 1,400 elements
 * (https://developer.chrome.com/docs/lighthouse/performance/dom-size), and the largest of the 286 real
 * pages in our corpus holds 2,700. 30,000 is ten times that, yet costs about 9 MB of heap.
 *
 * Depth is bounded apart (MAX_DOM_DEPTH).
 */
export const MAX_DOM_ELEMENTS = 30_000;

/**
 * The deepest an element may be nested; a page of more than DEPTH_CHECKED_ABOVE tags is cut at its first
 * element deeper. Chromium's parser stops nesting at the same depth (kMaximumHTMLParserDOMTreeDepth = 512
 * in html_construction_site.h: deeper elements become siblings), so no page that renders as its author
 * meant needs more; the deepest of the 286 real pages in our corpus nests 34. Without it, a page of nested <div>s costs time squared
 * in its depth: htmlparser2's open-element stack grows at its front (Array#unshift), and 30,000 nested
 * elements took 0.5 s to parse against 0.22 s for as many siblings, for every page of a scan that serves
 * it (measured: 170 ms of CPU a scan in the parser alone, and 40-80 MB of RSS for its documents).
 */
export const MAX_DOM_DEPTH = 512;

/**
 * Pages whose elementUpperBound is at most this are not looked at for their depth: so few elements
 * parse in milliseconds at any depth, and the pass that measures depth is spared the ordinary page
 * (by that bound the largest of the 286 real pages counts 5,214, and 5 of them more than 4,000).
 */
const DEPTH_CHECKED_ABOVE = 4_000;

/** What was left out of a page's DOM, for the verdicts that read it to say so. */
export interface HtmlCut {
  /**
   * Which bound cut the page: its characters (PARSE_MAX_CHARS or a caller's; not stated to readers, see
   * elementCut), its elements (MAX_DOM_ELEMENTS) or its depth (MAX_DOM_DEPTH).
   */
  limit: "characters" | "elements" | "depth";
  /** Characters of HTML given to the parser, and of the page. */
  keptChars: number;
  totalChars: number;
  /** Elements given to the parser (with `limit` "elements" or "depth"). */
  keptElements?: number;
  /** With `limit` "depth": the depth past which the page was cut. */
  maxDepth?: number;
  /** Elements counted in the page; when its characters were cut too, only those before that cut (`totalIsLowerBound`). */
  totalElements?: number;
  totalIsLowerBound?: boolean;
}

/** The HTML to build a DOM from, and what was cut from it (null when nothing was). */
export interface BoundedHtml {
  html: string;
  cut: HtmlCut | null;
}

/**
 * The start of a page that a DOM is built from: at most `maxChars` characters, at most `maxElements`
 * elements, and no element nested deeper than `maxDepth`, each cut at a tag boundary so no tag is split.
 */
export function boundedHtml(html: string, maxChars = PARSE_MAX_CHARS, maxElements = MAX_DOM_ELEMENTS, maxDepth = MAX_DOM_DEPTH): BoundedHtml {
  const part = parsedPart(html, maxChars);
  const charCut: HtmlCut | null = part.length < html.length ? { limit: "characters", keptChars: part.length, totalChars: html.length } : null;
  // Almost every page is decided here, by one pass of indexOf: the parser's count is needed only above the bounds.
  const upperBound = elementUpperBound(part);
  if (upperBound <= maxElements && (upperBound <= DEPTH_CHECKED_ABOVE || upperBound <= maxDepth)) return { html: part, cut: charCut };
  const stop = firstElementPast(part, maxElements, maxDepth);
  if (stop === null) return { html: part, cut: charCut };
  return {
    html: part.slice(0, stop.at),
    cut: {
      limit: stop.limit,
      keptChars: stop.at,
      totalChars: html.length,
      keptElements: stop.kept,
      totalElements: stop.kept + startTagsIn(part.slice(stop.at)),
      totalIsLowerBound: charCut !== null,
      ...(stop.limit === "depth" ? { maxDepth } : {}),
    },
  };
}

/** The start of the HTML to parse: at most `limit` characters, cut at a tag boundary so no tag is split. */
export function parsedPart(html: string, limit = PARSE_MAX_CHARS): string {
  if (html.length <= limit) return html;
  const cut = html.lastIndexOf("<", limit);
  return html.slice(0, cut > 0 ? cut : limit);
}

/**
 * At least as many as the elements the parser creates: each comes from a start tag (`<` and a letter) or
 * from a stray end tag (`</p>`, `</br>`), so `<` followed by a letter or `/` is counted. Comments and
 * script text that look like tags count too, so this can only overestimate.
 */
export function elementUpperBound(html: string): number {
  let count = 0;
  for (let index = html.indexOf("<"); index !== -1; index = html.indexOf("<", index + 1)) {
    const next = html.charCodeAt(index + 1);
    if (next === 47 /* / */ || ((next | 32) >= 97 && (next | 32) <= 122)) count++;
  }
  return count;
}

interface ElementStop {
  /** Where the element that passed a bound begins. */
  at: number;
  /** Elements before it. */
  kept: number;
  limit: "elements" | "depth";
}

/**
 * Where the first element past either bound begins: the (maxElements + 1)-th, or the first nested deeper
 * than maxDepth. Elements are counted as linkedom counts them: it builds one element per `onopentag` of
 * htmlparser2's Parser with these options (linkedom/esm/shared/parse-from-string.js), so tags in
 * comments, scripts and attribute values are not elements, and a stray `</p>` is. The depth is the
 * Parser's own stack of open elements, followed through its callbacks: it reports every close, implied
 * ones (a `<p>` closed by the next `<p>`, before that `<p>` opens) and void elements (right after they
 * open) included. Null when no element passes. The parser is paused there, so its cost ends at the bounds.
 */
function firstElementPast(html: string, maxElements: number, maxDepth: number): ElementStop | null {
  let seen = 0;
  let depth = 0;
  let stop: ElementStop | null = null;
  const parser: Parser = new Parser(
    {
      onopentag() {
        if (stop) return;
        seen++;
        depth++;
        if (seen > maxElements || depth > maxDepth) {
          stop = { at: parser.startIndex, kept: seen - 1, limit: seen > maxElements ? "elements" : "depth" };
          parser.pause();
        }
      },
      onclosetag() {
        depth--;
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: true },
  );
  parser.write(html);
  if (stop === null) parser.end();
  return stop;
}

/**
 * Start tags in the rest of a page, for the reader's "of N": htmlparser2's Tokenizer alone, whose cost
 * is linear; the Parser's open-element stack grows at its front (Array#unshift), which is quadratic on a
 * deep page. Stray end tags the Parser would turn into elements are not counted, so this is a lower bound.
 */
function startTagsIn(html: string): number {
  let count = 0;
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onopentagname: () => count++,
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return count;
}

/**
 * The cuts a reader is told of: the element budget's. The character cut alone is not stated, as it was not
 * before: sampled pages are read for their first 256 KiB by design, and a homepage past
 * PARSE_MAX_CHARS (8 MiB) is past FETCH_MAX_BYTES unless that is raised.
 */
export function elementCut(cut: HtmlCut | null): HtmlCut | null {
  return cut?.limit === "elements" || cut?.limit === "depth" ? cut : null;
}

/**
 * The part of a reader's note that says where the DOM ends: "after its first 30,000 elements (of
 * 200,004)", or for a page nested too deep "at its first element nested more than 512 deep, after 514
 * elements (of 200,004)".
 */
export function cutExtent(cut: HtmlCut): string {
  const total = `${cut.totalIsLowerBound ? "more than " : ""}${(cut.totalElements ?? 0).toLocaleString("en-US")}`;
  const kept = (cut.keptElements ?? 0).toLocaleString("en-US");
  if (cut.limit === "depth") return `at its first element nested more than ${cut.maxDepth ?? MAX_DOM_DEPTH} deep, after ${kept} elements (of ${total})`;
  return `after its first ${kept} elements (of ${total})`;
}
