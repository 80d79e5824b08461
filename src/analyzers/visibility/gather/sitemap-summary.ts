import type { SitemapArtifact } from "./artifacts.ts";

const SAMPLE_SIZE = 10;

export type SitemapSummary = Pick<Extract<SitemapArtifact, { ok: true }>, "kind" | "entries" | "withLastmod" | "newestLastmod" | "sample">;

/**
 * The kind, entry count, lastmod coverage and first URLs of a sitemap, read in one forward pass: a scanned
 * site controls the file, and the regular expressions this replaces took time quadratic in unclosed
 * `<url>` elements and cubic in whitespace after an unclosed `<loc>`. An entry is a `<url>` (or
 * `<sitemap>`) element closed by its end tag; its first `<loc>` and first text-only `<lastmod>` are read.
 * `visit`, when given, is handed every entry's `<loc>` in the same pass (the site crawl reads all of them).
 */
export function summariseSitemap(xml: string, visit?: (loc: string) => void): SitemapSummary {
  const kind = sitemapKind(xml);
  if (kind === null) return { kind, entries: 0, withLastmod: 0, newestLastmod: null, sample: [] };
  const entryTag = kind === "urlset" ? "url" : "sitemap";
  let entries = 0;
  let withLastmod = 0;
  let newest: { text: string; time: number } | null = null;
  const sample: string[] = [];
  let position = 0;
  for (;;) {
    const open = nextTag(xml, position, entryTag, false, false);
    if (!open) break;
    const close = nextTag(xml, open.end, entryTag, true, true);
    if (!close) break;
    entries++;
    const body = xml.slice(open.end, close.start);
    position = close.end;
    if (sample.length < SAMPLE_SIZE || visit) {
      const text = elementText(body, "loc", false);
      const loc = text ? text.replace(/&amp;/g, "&").replace(/<!\[CDATA\[|\]\]>/g, "").trim() : "";
      if (loc && sample.length < SAMPLE_SIZE) sample.push(loc);
      if (loc && visit) visit(loc);
    }
    const lastmod = elementText(body, "lastmod", true);
    if (!lastmod) continue;
    const time = Date.parse(lastmod);
    if (Number.isNaN(time)) continue;
    withLastmod++;
    if (!newest || time > newest.time) newest = { text: lastmod, time };
  }
  return { kind, entries, withLastmod, newestLastmod: newest?.text ?? null, sample };
}

/** "urlset" or "sitemapindex" by the root element near the start of the file, or null when it is neither. */
export function sitemapKind(xml: string): SitemapSummary["kind"] {
  const head = xml.slice(0, 4096);
  return /<(?:\w+:)?urlset\b/i.test(head) ? "urlset" : /<(?:\w+:)?sitemapindex\b/i.test(head) ? "sitemapindex" : null;
}

interface Tag {
  start: number;
  /** Just after its `>`. */
  end: number;
}

/** A tag's name after `<` or `</`, without a namespace prefix; it cannot run past the tag's `>`. */
const TAG_NAME = /(?:\w+:)?(\w+)/y;

/**
 * The next start tag (or, with `closing`, end tag) named `name` at or after `from`, or null; with `bare`,
 * only one written with nothing but its name (an end tag may have spaces before its `>`). Every `<` is a
 * candidate, as it was for the regular expressions; the position of the next `>` is remembered, so no
 * stretch is searched twice.
 */
function nextTag(xml: string, from: number, name: string, closing: boolean, bare: boolean): Tag | null {
  let position = from;
  let gt = -1;
  for (;;) {
    const start = xml.indexOf("<", position);
    if (start < 0) return null;
    if (gt <= start) gt = xml.indexOf(">", start + 1);
    if (gt < 0) return null;
    position = start + 1;
    if ((xml[start + 1] === "/") !== closing) continue;
    TAG_NAME.lastIndex = start + (closing ? 2 : 1);
    const match = TAG_NAME.exec(xml);
    if (!match || match[1]!.length !== name.length || match[1]!.toLowerCase() !== name) continue;
    const afterName = TAG_NAME.lastIndex;
    // Only a short stretch is looked at: a bare end tag has at most a few spaces before its `>`.
    if (bare && !(closing ? gt - afterName <= 64 && xml.slice(afterName, gt).trim() === "" : afterName === gt)) continue;
    return { start, end: gt + 1 };
  }
}

/**
 * The trimmed text of the first `<name>…</name>` in an entry, both tags bare; with `textOnly`, the first
 * one whose content holds no `<` (a lastmod is a date, never markup).
 */
function elementText(body: string, name: string, textOnly: boolean): string | null {
  let position = 0;
  for (;;) {
    const open = nextTag(body, position, name, false, true);
    if (!open) return null;
    const close = nextTag(body, open.end, name, true, true);
    if (!close) return null;
    const content = body.slice(open.end, close.start);
    const markup = content.lastIndexOf("<");
    if (!textOnly || markup < 0) return content.trim();
    // A later element can only be text-only if it opens at or after the last `<` of this content.
    position = open.end + markup;
  }
}
