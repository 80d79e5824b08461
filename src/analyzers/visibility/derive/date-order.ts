import type { HtmlDocument } from "./homepage-document.ts";
import type { DateOrder } from "./date-text.ts";

/**
 * The order in which a page writes numeric dates (03/04/2016), from the language it declares: `<html lang>` (or `xml:lang`),
 * else `<meta http-equiv="content-language">`, else `og:locale`. The United States (and the few places
 * that follow it: the Philippines, Micronesia, Palau, the Marshall Islands) write the month first; the
 * languages of the rest of the world's web write the day first (CLDR's short date patterns, e.g. en-GB
 * "dd/MM/y", de "dd.MM.yy", fr "dd/MM/y", es "d/M/yy"). Plain "en" names no country, and Chinese,
 * Japanese and Korean write the year first, so neither says which of two small numbers is the day: null.
 */

const MONTH_FIRST_REGIONS = new Set(["us", "ph", "fm", "pw", "mh"]);
const DAY_FIRST_LANGUAGES = new Set(["de", "fr", "es", "it", "nl", "pt", "ru", "pl", "cs", "sk", "da", "no", "nb", "nn", "sv", "fi", "is", "tr", "el", "ro", "hu", "hr", "sl", "sr", "bg", "uk", "lt", "lv", "et", "id", "ms", "vi", "th", "ar", "he", "ca", "eu", "gl"]);
/** Language tags as pages write them: "en-US", "en_GB", "de". */
export const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?(?:[-_]|$)/i;

export function dateOrderOf(document: HtmlDocument): DateOrder | null {
  const declared =
    document.documentElement?.getAttribute("lang") ??
    // XHTML pages state it as xml:lang only (msn.com's <html xml:lang="en-GB">).
    document.documentElement?.getAttribute("xml:lang") ??
    Array.from(document.querySelectorAll("meta[http-equiv]")).find((meta) => meta.getAttribute("http-equiv")?.trim().toLowerCase() === "content-language")?.getAttribute("content") ??
    document.querySelector('meta[property="og:locale"]')?.getAttribute("content") ??
    "";
  return dateOrderOfTag(declared.trim());
}

export function dateOrderOfTag(tag: string): DateOrder | null {
  const match = LANGUAGE_TAG.exec(tag);
  if (!match) return null;
  const language = match[1]!.toLowerCase();
  const region = match[2]?.toLowerCase();
  if (language === "en") return region === undefined ? null : MONTH_FIRST_REGIONS.has(region) ? "mdy" : "dmy";
  return DAY_FIRST_LANGUAGES.has(language) ? "dmy" : null;
}
