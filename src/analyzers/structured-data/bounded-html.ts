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
 * There is no separate depth bound (Chromium caps DOM depth at 512), because this one bounds deep pages
 * enough. Measured on 29,990 nested <div>s against as many sibling ones: all 39 visibility audits took
 * 0.19 s against 0.66 s, and none threw, on the main thread or in a Worker; parsing took 0.5 s against
 * 0.22 s (htmlparser2's open-element stack grows with Array#unshift). Knowing a page's depth needs a
 * tokenizer pass, which would add about 25% to the parse of every ordinary page (the 286 real pages:
 * 0.69 s on 2.8 s; their deepest nesting is 34), where the indexOf bound below adds under 1%.
 */
export const MAX_DOM_ELEMENTS = 30_000;

/** What was left out of a page's DOM, for the verdicts that read it to say so. */
export interface HtmlCut {
  /** Which bound cut the page: its characters (PARSE_MAX_CHARS or a caller's; not stated to readers, see elementCut) or its elements (MAX_DOM_ELEMENTS). */
  limit: "characters" | "elements";
  /** Characters of HTML given to the parser, and of the page. */
  keptChars: number;
  totalChars: number;
  /** Elements given to the parser (with `limit` "elements"). */
  keptElements?: number;
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
 * The start of a page that a DOM is built from: at most `maxChars` characters and at most `maxElements`
 * elements, each cut at a tag boundary so no tag is split.
 */
export function boundedHtml(html: string, maxChars = PARSE_MAX_CHARS, maxElements = MAX_DOM_ELEMENTS): BoundedHtml {
  const part = parsedPart(html, maxChars);
  const charCut: HtmlCut | null = part.length < html.length ? { limit: "characters", keptChars: part.length, totalChars: html.length } : null;
  // Almost every page is decided here, by one pass of indexOf: the precise count is needed only above the budget.
  if (elementUpperBound(part) <= maxElements) return { html: part, cut: charCut };
  const cutAt = startOfElement(part, maxElements + 1);
  if (cutAt === null) return { html: part, cut: charCut };
  return {
    html: part.slice(0, cutAt),
    cut: {
      limit: "elements",
      keptChars: cutAt,
      totalChars: html.length,
      keptElements: maxElements,
      totalElements: maxElements + startTagsIn(part.slice(cutAt)),
      totalIsLowerBound: charCut !== null,
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

/**
 * Where the `ordinal`-th element begins, counted as linkedom counts them: it builds one element per
 * `onopentag` of htmlparser2's Parser with these options (linkedom/esm/shared/parse-from-string.js), so
 * tags in comments, scripts and attribute values are not elements, and a stray `</p>` is. Null when the
 * page has fewer. The parser is paused there, so its cost ends at the budget.
 */
function startOfElement(html: string, ordinal: number): number | null {
  let seen = 0;
  let found: number | null = null;
  const parser: Parser = new Parser(
    {
      onopentag() {
        seen++;
        if (seen === ordinal && found === null) {
          found = parser.startIndex;
          parser.pause();
        }
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: true },
  );
  parser.write(html);
  if (found === null) parser.end();
  return found;
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
  return cut?.limit === "elements" ? cut : null;
}

/** "after its first 30,000 elements (of 200,004)", the part of a reader's note that says where the DOM ends. */
export function cutExtent(cut: HtmlCut): string {
  const total = `${cut.totalIsLowerBound ? "more than " : ""}${(cut.totalElements ?? 0).toLocaleString("en-US")}`;
  return `after its first ${(cut.keptElements ?? 0).toLocaleString("en-US")} elements (of ${total})`;
}
