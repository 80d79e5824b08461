/**
 * The <img> start tags of a page exactly as its source writes them, so that a fix can name the element to
 * change by its own text. One forward pass: comments and the raw text of script, style, textarea and title
 * are skipped (an `<img` there is no element), a quoted attribute value is skipped whole, and a tag left
 * unclosed ends the scan, so the time is linear in the page however it is written.
 */
export interface ImageTag {
  /** The start tag as written, from `<img` to its `>`. */
  text: string;
  /** The src attribute's value with character references decoded, as the DOM reads it; null without one. */
  src: string | null;
  hasAlt: boolean;
  /** role="presentation" or aria-hidden="true": an image agents are told to skip, which needs no alt. */
  hidden: boolean;
}

/** A page with more images than this is named, not quoted, by the fix. */
const MAX_TAGS = 5000;
const RAW_TEXT = ["script", "style", "textarea", "title"];

export function imageTags(html: string): ImageTag[] {
  const lower = html.toLowerCase();
  const tags: ImageTag[] = [];
  let at = 0;
  while (tags.length < MAX_TAGS) {
    const open = lower.indexOf("<", at);
    if (open < 0) break;
    if (lower.startsWith("<!--", open)) {
      const close = lower.indexOf("-->", open + 4);
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    const name = /^<([a-z][a-z0-9-]*)/.exec(lower.slice(open, open + 12))?.[1];
    if (!name) {
      at = open + 1;
      continue;
    }
    const end = tagEnd(html, open + 1 + name.length);
    if (end < 0) break;
    if (name === "img") tags.push(described(html.slice(open, end + 1)));
    at = end + 1;
    if (RAW_TEXT.includes(name)) {
      const close = lower.indexOf(`</${name}`, at);
      if (close < 0) break;
      at = close;
    }
  }
  return tags;
}

/** The index of the `>` that ends a tag whose name ends before `from`, or -1 when it is never closed. */
function tagEnd(html: string, from: number): number {
  for (let index = from; index < html.length; index++) {
    const char = html[index];
    if (char === ">") return index;
    if (char !== "=") continue;
    let value = index + 1;
    while (value < html.length && /\s/.test(html[value]!)) value++;
    const quote = html[value];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, value + 1);
      if (close < 0) return -1;
      index = close;
    } else index = value - 1;
  }
  return -1;
}

function described(text: string): ImageTag {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
  for (const match of text.slice(4, -1).matchAll(pattern)) {
    const key = match[1]!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decoded(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return { text, src: attributes.get("src") ?? null, hasAlt: attributes.has("alt"), hidden: attributes.get("role") === "presentation" || attributes.get("aria-hidden") === "true" };
}

const NAMED: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

function decoded(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}
