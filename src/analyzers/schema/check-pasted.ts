import { parseHtml } from "../structured-data/html-document.ts";
import { analyzePage } from "./analyze-page.ts";
import { detectPasted, type PastedKind } from "./detect-pasted.ts";
import type { SchemaResult } from "./record-schema.ts";
import type { Vocabulary } from "./vocabulary/vocabulary.ts";

/**
 * The one-off check of pasted markup: the same analysis as a scan (extraction, validation, rich-result
 * eligibility, suggestions), on text that was pasted rather than fetched. Pure: nothing is fetched,
 * nothing is stored. The caller enforces the size limit before (check-api.ts).
 */

/**
 * Where pasted markup is taken to live when the caller names no page: relative links and `@id`s resolve
 * against it. `.invalid` is reserved (RFC 2606) so that it can never be a real site.
 */
export const PASTED_BASE_URL = "https://pasted.invalid/";

export interface PastedMarkup {
  text: string;
  /** What the text is; detected from it when not given. */
  kind?: PastedKind;
  /** The page's address, for relative links; never fetched. */
  url?: string;
}

/**
 * Which address the check took the pasted page to have, and from where: the `url` sent, else the page's
 * own `<link rel="canonical">`, else its `og:url`. With none, `url` and `source` are null and nothing that
 * is built on the address (the suggested graph's `@id`s and `url`s) is suggested: `notice` asks for it.
 */
export interface PastedAddress {
  url: string | null;
  source: "given" | "canonical" | "og:url" | null;
  notice: string | null;
}

export interface PastedCheck {
  kind: PastedKind;
  result: SchemaResult;
  address: PastedAddress;
}

/** The notice when the paste states no address and none was sent, and something would have been suggested. */
export const ADDRESS_NEEDED =
  "The pasted page states no address (no <link rel=\"canonical\"> and no og:url) and none was given: the suggested markup is built on the page's address (its @ids and urls), so send the page's address as `url` to get it.";

export function checkPasted(pasted: PastedMarkup, vocabulary: Vocabulary): PastedCheck {
  const kind = pasted.kind ?? detectPasted(pasted.text);
  const html = kind === "jsonld" ? jsonLdPage(pasted.text) : pasted.text;
  const stated = pasted.url ? null : kind === "html" ? statedAddress(html) : null;
  const url = pasted.url ?? stated?.url ?? PASTED_BASE_URL;
  const result = analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, vocabulary);
  if (pasted.url) return { kind, result, address: { url: pasted.url, source: "given", notice: null } };
  if (stated) return { kind, result, address: { url: stated.url, source: stated.source, notice: null } };
  // Never a graph for an invented host: what would be suggested waits for the address.
  const notice = result.generated.length > 0 ? ADDRESS_NEEDED : null;
  return { kind, result: { ...result, generated: [] }, address: { url: null, source: null, notice } };
}

/** Where a page's head ends at the latest: the canonical link and og:url are read there (Google reads rel=canonical in the head only). */
const MAX_HEAD_CHARS = 256 * 1024;
const HEAD_END = /<\/head\s*>|<body[\s>]/i;
const MAX_URL_CHARS = 2048;

/**
 * The address the pasted page states for itself: its `<link rel="canonical">`, else its `og:url` (as
 * property= or name=), when that is an absolute http(s) URL. Only the head is parsed, so a large paste
 * costs a bounded extra read.
 */
function statedAddress(html: string): { url: string; source: "canonical" | "og:url" } | null {
  const start = html.slice(0, MAX_HEAD_CHARS);
  const end = HEAD_END.exec(start)?.index ?? start.length;
  const head = parseHtml(start.slice(0, end));
  const canonical = head.querySelector('link[rel~="canonical" i][href]')?.getAttribute("href");
  const openGraph = head.querySelector('meta[property="og:url"][content], meta[name="og:url"][content]')?.getAttribute("content");
  for (const [value, source] of [[canonical, "canonical"], [openGraph, "og:url"]] as const) {
    const url = absoluteHttpUrl(value);
    if (url) return { url, source };
  }
  return null;
}

function absoluteHttpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.length > MAX_URL_CHARS || !URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.hash = "";
  return url.href;
}

/**
 * Pasted JSON-LD as the one script block of an empty page, the way a page would carry it. A script
 * ends at the first `</script` whatever it holds, so `</` becomes `<\/`: the same string once parsed
 * (`\/` is a JSON escape for `/`), and `<` can stand nowhere else in valid JSON.
 */
function jsonLdPage(text: string): string {
  const block = text.replace(/^\uFEFF/, "").replaceAll("</", "<\\/");
  return `<!doctype html><html><head><script type="application/ld+json">\n${block}\n</script></head><body></body></html>`;
}
