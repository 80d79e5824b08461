import type { HtmlElement } from "../../structured-data/html-document.ts";

/** Small readers of page text shared by the fact readers: whitespace, URLs and dates as the page writes them. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The text with runs of whitespace made one space, trimmed; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/** An element's text, or null when it has none or more than `maxChars` (then it is not a short fact). */
export function elementText(element: HtmlElement | null | undefined, maxChars: number): string | null {
  const text = cleanText(element?.textContent);
  return text && text.length <= maxChars ? text : null;
}

/** `value` resolved against `base`, when it is an http(s) URL; fragments are kept. */
export function absoluteUrl(value: string | null | undefined, base: URL): string | null {
  const text = cleanText(value);
  if (!text || !URL.canParse(text, base)) return null;
  const resolved = new URL(text, base);
  return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : null;
}

/** An ISO 8601 date or date-time as written (a space before the time becomes "T"); null for anything else. */
export function isoDateAsWritten(value: string | null | undefined): string | null {
  const text = cleanText(value);
  return text && ISO_DATE.test(text) ? text.replace(" ", "T") : null;
}

/**
 * An ISO 8601 date, or another date text with its own time zone turned into one ("Fri, 17 May 2024
 * 09:30:00 GMT"). Text without a zone would be read in this server's zone, which the page never said.
 */
export function isoDate(value: string | null | undefined): string | null {
  const text = cleanText(value);
  if (!text) return null;
  const iso = isoDateAsWritten(text);
  if (iso) return iso;
  if (!/(?:\b(?:GMT|UTC|Z)\b|[+-]\d{2}:?\d{2}\b)/.test(text)) return null;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** A host name without a leading "www.", lowercase: `www.shop.example` and `shop.example` are one site. */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, "");
}
