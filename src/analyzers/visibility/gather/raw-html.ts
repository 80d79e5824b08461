import { wordCount } from "../audits/page-text.ts";

/**
 * Cheap looks at raw HTML without building a DOM: gatherers use them on every probe and on the homepage's
 * links, where a full parse per response would multiply a large page's memory.
 */

/** Visible words: scripts, styles, comments and tags removed. */
export function rawWordCount(html: string): number {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<head\b[\s\S]*?<\/head\s*>/i, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  return wordCount(text);
}

export function rawTitle(html: string): string | null {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return match ? match[1]!.replace(/\s+/g, " ").trim().slice(0, 200) : null;
}

export interface RawLink {
  href: string;
  text: string;
}

/** <a href> links with their text, at most `limit` of them. */
export function rawLinks(html: string, limit = 500): RawLink[] {
  const links: RawLink[] = [];
  const pattern = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
  for (let match = pattern.exec(html); match && links.length < limit; match = pattern.exec(html)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]!);
    if (!href) continue;
    links.push({ href: decodeEntities((href[1] ?? href[2] ?? href[3] ?? "").trim()), text: match[2]!.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() });
  }
  return links;
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/gi, "&").replace(/&#x2f;/gi, "/").replace(/&#47;/g, "/");
}
