import { parseHTML } from "linkedom";

export type HtmlDocument = ReturnType<typeof parseHTML>["document"];
export type HtmlElement = NonNullable<ReturnType<HtmlDocument["querySelector"]>>;

/**
 * linkedom's DOM costs tens of bytes per byte of HTML; the facts the generator and the visibility audits
 * read sit well within the first megabyte, so larger pages are judged on that part. Structured data is
 * read from the whole page without a DOM (json-ld-scripts.ts, markup-tree.ts).
 */
export const PARSE_MAX_CHARS = 8 * 1024 * 1024;

/** The start of the HTML to parse: at most `limit` characters, cut at a tag boundary so no tag is split. */
export function parsedPart(html: string, limit = PARSE_MAX_CHARS): string {
  if (html.length <= limit) return html;
  const cut = html.lastIndexOf("<", limit);
  return html.slice(0, cut > 0 ? cut : limit);
}

/**
 * The one HTML parser of both analyzers. HTML attribute names are case-insensitive (`itemScope`,
 * `typeOf` and `itemtype` are the same attribute), but linkedom keeps them as written and matches
 * selectors and getAttribute case-sensitively, so mixed-case names are lower-cased once here.
 * linkedom also builds no <html> element around a fragment, which breaks document.head; wrap it.
 */
export function parseHtml(html: string): HtmlDocument {
  let { document } = parseHTML(html);
  if (document.documentElement?.tagName !== "HTML") document = parseHTML(`<!doctype html><html>${html}</html>`).document;
  lowerCaseAttributeNames(document);
  return document;
}

function lowerCaseAttributeNames(document: HtmlDocument): void {
  for (const element of Array.from(document.querySelectorAll("*")) as HtmlElement[]) {
    const mixed = (element.getAttributeNames() as string[]).filter((name) => name !== name.toLowerCase());
    for (const name of mixed) {
      const value = element.getAttribute(name) ?? "";
      element.removeAttribute(name);
      // The first spelling wins, as HTML's tokenizer keeps the first of duplicate attributes.
      if (!element.hasAttribute(name.toLowerCase())) element.setAttribute(name.toLowerCase(), value);
    }
  }
}

const parsed = new WeakMap<object, HtmlDocument>();

/** Parses a page once per artifact, however many steps read it. */
export function pageDocument(owner: object, html: string): HtmlDocument {
  let document = parsed.get(owner);
  if (!document) {
    document = parseHtml(parsedPart(html));
    parsed.set(owner, document);
  }
  return document;
}
