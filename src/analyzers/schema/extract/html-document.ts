import { parseHTML } from "linkedom";

export type HtmlDocument = ReturnType<typeof parseHTML>["document"];
export type HtmlElement = NonNullable<ReturnType<HtmlDocument["querySelector"]>>;

/**
 * linkedom's DOM costs tens of bytes per byte of HTML; structured data and the facts the generator
 * reads sit well within the first megabyte, so larger pages are judged on that part.
 */
export const PARSE_MAX_CHARS = 1024 * 1024;

const parsed = new WeakMap<object, HtmlDocument>();

/** Parses a page once per artifact, however many steps read it. */
export function pageDocument(owner: object, html: string): HtmlDocument {
  let document = parsed.get(owner);
  if (!document) {
    document = parseHTML(html.length > PARSE_MAX_CHARS ? html.slice(0, PARSE_MAX_CHARS) : html).document;
    parsed.set(owner, document);
  }
  return document;
}
