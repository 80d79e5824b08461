import { domainToUnicode } from "node:url";
import { parse } from "tldts";

/**
 * Whether an answer names the brand: any of its names or aliases as a whole word, in any case, in any
 * script. "Acme" matches "ACME's tools" and "(acme)" but not "Acmeville"; "Café Zoë" matches "CAFÉ ZOË"
 * and "Cafe\u0301 Zoe\u0308" (text and names are compared in NFC). Letters, digits and "_" of any script
 * join words; everything else (spaces, punctuation, apostrophes) separates them.
 */

export const BRAND_NAMES_MAX = 20;
export const BRAND_NAME_MAX_CHARS = 100;

export function brandMatcher(names: readonly string[]): (text: string) => boolean {
  const patterns = names
    .map((name) => name.normalize("NFC").trim())
    .filter((name) => name.length > 0)
    .map((name) => name.split(/\s+/u).map(escapeRegExp).join("\\s+"));
  if (patterns.length === 0) return () => false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])(?:${patterns.join("|")})(?![\\p{L}\\p{M}\\p{N}_])`, "iu");
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
