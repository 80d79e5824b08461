import { domainToUnicode } from "node:url";
import { parse } from "tldts";

/**
 * Whether an answer names the brand: any of its names or aliases as a whole word, in any case, in any
 * script. "Acme" matches "ACME's tools" and "(acme)" but not "Acmeville"; "Café Zoë" matches "CAFÉ ZOË"
 * and "Cafe\u0301 Zoe\u0308" (text and names are compared in NFC). Letters, marks, digits and "_" of
 * any script join words; everything else (spaces, punctuation, apostrophes) separates them. At an edge
 * written in a script without spaces between words (Han, Kana, Hangul, Thai…) no word edge is required.
 */

export const BRAND_NAMES_MAX = 20;
export const BRAND_NAME_MAX_CHARS = 100;

const WORD_EDGE_BEFORE = "(?<![\\p{L}\\p{M}\\p{N}_])";
const WORD_EDGE_AFTER = "(?![\\p{L}\\p{M}\\p{N}_])";
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]$/u;

export function brandMatcher(names: readonly string[]): (text: string) => boolean {
  const patterns = names
    .map((name) => name.normalize("NFC").trim())
    .filter((name) => name.length > 0)
    .map((name) => {
      const body = name.split(/\s+/u).map(escapeRegExp).join("\\s+");
      // Scripts written without spaces between words have no word edge to look for: 東京ガスの料金 names 東京ガス.
      const codePoints = [...name];
      const before = UNSPACED.test(codePoints[0]!) ? "" : WORD_EDGE_BEFORE;
      const after = UNSPACED.test(codePoints.at(-1)!) ? "" : WORD_EDGE_AFTER;
      return `${before}${body}${after}`;
    });
  if (patterns.length === 0) return () => false;
  const pattern = new RegExp(patterns.join("|"), "iu");
  return (text) => pattern.test(text.normalize("NFC"));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The names used when none are given: the domain's name without its public suffix, in Unicode ("acme"
 * for acme.com, "münchen" for xn--mnchen-3ya.de, "acme-tools" for acme-tools.co.uk) and with its hyphens
 * as spaces ("acme tools"), plus the domain itself.
 */
export function defaultBrandNames(domain: string): string[] {
  const unicode = domainToUnicode(domain) || domain;
  const label = (parse(unicode).domainWithoutSuffix ?? unicode).split(".").pop() ?? unicode;
  const names = new Set([label, label.replace(/-+/g, " "), unicode]);
  return [...names].filter((name) => name.trim().length > 0);
}
