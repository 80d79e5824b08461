/**
 * The text of every `<script type="application/ld+json">` in a whole page, found by scanning the HTML
 * rather than a DOM. The DOM is built from the first megabyte only (its cost is tens of bytes per byte
 * of HTML), but pages put JSON-LD anywhere, often at the very end after megabytes of markup, and a
 * block that crosses the DOM's cut would read as broken JSON. Scanning costs one pass and no copies
 * beyond the blocks themselves.
 *
 * It follows the HTML tokenizer where it matters: comments hide what they enclose, a script's content
 * runs to the first `</script` whatever it holds, and attribute names and values are case-insensitive.
 */

export interface JsonLdScript {
  /** The block's text, as the script element holds it. */
  text: string;
  /** Where the script's content starts in the page, in characters: for "the block at 20.1 MB". */
  offset: number;
}

const TAG_OR_COMMENT = /<!--|<script\b/gi;
const SCRIPT_END = /<\/script/gi;

export function jsonLdScripts(html: string): JsonLdScript[] {
  const scripts: JsonLdScript[] = [];
  TAG_OR_COMMENT.lastIndex = 0;
  for (let match = TAG_OR_COMMENT.exec(html); match; match = TAG_OR_COMMENT.exec(html)) {
    if (match[0] === "<!--") {
      const end = html.indexOf("-->", match.index + 4);
      if (end < 0) break;
      TAG_OR_COMMENT.lastIndex = end + 3;
      continue;
    }
    const tagEnd = endOfStartTag(html, match.index + match[0].length);
    if (tagEnd < 0) break;
    SCRIPT_END.lastIndex = tagEnd;
    const close = SCRIPT_END.exec(html);
    const contentEnd = close ? close.index : html.length;
    if (isJsonLdType(typeAttribute(html.slice(match.index, tagEnd)))) scripts.push({ text: html.slice(tagEnd, contentEnd), offset: tagEnd });
    TAG_OR_COMMENT.lastIndex = close ? close.index + close[0].length : html.length;
  }
  return scripts;
}

/**
 * The index just after the `>` that ends a start tag, skipping quoted attribute values; -1 when the page
 * ends first. As in the HTML tokenizer, a quote opens a value only right after `=` (and whitespace): a stray
 * one (`src="a.js""`) is part of an attribute name and must not swallow the rest of the page.
 */
function endOfStartTag(html: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let index = from; index < html.length; index++) {
    const char = html[index]!;
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === ">") return index + 1;
    if ((char === '"' || char === "'") && afterEquals) quote = char;
    if (char === "=") afterEquals = true;
    else if (char !== " " && char !== "\t" && char !== "\n" && char !== "\r" && char !== "\f") afterEquals = false;
  }
  return -1;
}

function typeAttribute(startTag: string): string | null {
  const match = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(startTag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
}

export function isJsonLdType(type: string | null): boolean {
  return (type ?? "").split(";")[0]!.trim().toLowerCase() === "application/ld+json";
}
