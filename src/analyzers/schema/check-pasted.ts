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

export interface PastedCheck {
  kind: PastedKind;
  result: SchemaResult;
}

export function checkPasted(pasted: PastedMarkup, vocabulary: Vocabulary): PastedCheck {
  const kind = pasted.kind ?? detectPasted(pasted.text);
  const url = pasted.url ?? PASTED_BASE_URL;
  const html = kind === "jsonld" ? jsonLdPage(pasted.text) : pasted.text;
  const result = analyzePage({ ok: true, requestedUrl: url, finalUrl: url, status: 200, contentType: "text/html", html, truncated: false }, vocabulary);
  return { kind, result };
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
