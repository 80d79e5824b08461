/**
 * What counts as a false finding of the scanner on a corpus page: a claim the page contradicts, given
 * the value the corpus expects and where the page states it (expected-on-page.ts).
 *
 * Each check first decides whether it applies. A page without an expected value is not counted. A page
 * whose expected value is not where the audit reads (an author the page never shows, a title that is
 * only the headline, a date in prose) is excluded, with the reason, because the scanner cannot be wrong
 * about something the page does not state.
 */
import { bylines } from "../../src/analyzers/visibility/derive/byline.ts";
import { readableHomepage } from "../../src/analyzers/visibility/derive/homepage-document.ts";
import { pageDates } from "../../src/analyzers/visibility/derive/published-date.ts";
import { siteName } from "../../src/analyzers/visibility/derive/site-identity.ts";
import type { Signal } from "../../src/analyzers/visibility/record-schema.ts";
import type { ScannedPage } from "./corpus-sites.ts";
import {
  bylineShownInText,
  dayShownInText,
  decodeEntities,
  expectedAuthors,
  expectedDate,
  markupDateStatingExpectedDay,
  normalise,
  type PageView,
  whereAuthorIsStated,
} from "./expected-on-page.ts";

export type Verdict =
  /** The corpus gives no value for this check. */
  | { kind: "not-given" }
  /** The corpus gives a value, but the page does not state it where the audit reads. */
  | { kind: "excluded"; reason: string }
  /** The check applies; `falseClaim` quotes the contradicted claim, or is null when the finding holds. */
  | { kind: "judged"; falseClaim: string | null };

export interface FalseFindingCheck {
  /** The audit id, or what is checked when it spans audits. */
  id: string;
  /** A false finding, in one sentence. */
  definition: string;
  judge(scanned: ScannedPage, view: PageView): Verdict;
}

const DAY_MS = 24 * 3600 * 1000;
/** The meta-description audit calls shorter descriptions too short. */
const DESCRIPTION_MIN_LENGTH = 50;

export function signalOf(scanned: ScannedPage, id: string): Signal {
  const found = scanned.record.result?.pillars.flatMap((pillar) => pillar.signals).find((signal) => signal.id === id);
  if (!found) throw new Error(`${scanned.page.id}: the record has no ${id} signal (status ${scanned.record.status})`);
  return found;
}

const claim = (signal: Signal) => `${signal.status}: ${signal.detail}`;

export const FALSE_FINDING_CHECKS: FalseFindingCheck[] = [
  {
    id: "authorship",
    definition: "authorship does not pass although the page states the expected author in its text, a meta tag or JSON-LD",
    judge(scanned, view) {
      const { page } = scanned;
      if (page.expected.author === undefined) return { kind: "not-given" };
      if (page.foundInPage.author === false) return { kind: "excluded", reason: "expected author not in the page (foundInPage false)" };
      const where = whereAuthorIsStated(page, view);
      if (!where) return { kind: "excluded", reason: "expected author only in scripts or attributes, not in text, meta tags or JSON-LD" };
      const signal = signalOf(scanned, "authorship");
      return { kind: "judged", falseClaim: signal.status === "pass" ? null : `${claim(signal)} (the author is in the page's ${where})` };
    },
  },
  {
    id: "content-dates",
    definition: "content-dates finds no date although the page states the expected day in date markup, or names a newest date older than that day",
    judge(scanned, view) {
      const { page } = scanned;
      const expected = expectedDate(page);
      if (!expected) return { kind: "not-given" };
      const stated = markupDateStatingExpectedDay(page, view);
      if (!stated) {
        const reason = page.artefacts.includes("no-script-elements") ? "expected day not in date markup (scripts, so JSON-LD, were stripped when saving)" : "expected day not in date markup (meta, <time>, itemprop, JSON-LD)";
        return { kind: "excluded", reason };
      }
      const signal = signalOf(scanned, "content-dates");
      if (signal.status !== "pass" && signal.status !== "warn") return { kind: "judged", falseClaim: `${claim(signal)} (the page states ${stated})` };
      if (/No publication or update date was found/.test(signal.detail)) return { kind: "judged", falseClaim: `${claim(signal)} (the page states ${stated})` };
      const claimedAgeDays = claimedNewestAgeDays(signal.detail);
      if (claimedAgeDays === null) return { kind: "judged", falseClaim: `${claim(signal)} (no age of the newest date in the detail)` };
      const scanTime = Date.parse(scanned.artifacts.gatheredAt ?? scanned.record.scannedAt);
      const expectedAgeDays = (scanTime - (expected.instant ?? Date.parse(`${expected.day}T00:00:00Z`))) / DAY_MS;
      // Two days' slack: time zones, and a day given without a time.
      return { kind: "judged", falseClaim: claimedAgeDays > expectedAgeDays + 2 ? `${claim(signal)} (the page states ${stated})` : null };
    },
  },
  {
    id: "dates-shown-in-text",
    definition: "the scanner reads no date on the expected day (nor does content-dates pass on one) although the page's text shows that day to a reader: a dateline, the date under the headline",
    judge(scanned, view) {
      const { page } = scanned;
      const expected = expectedDate(page);
      if (!expected) return { kind: "not-given" };
      const shown = dayShownInText(page, view);
      if (!shown) return { kind: "excluded", reason: "expected day not shown in the page's text" };
      const read = readDays(scanned);
      if (read === null) return { kind: "excluded", reason: "the homepage was not read" };
      const days = expectedDays(expected);
      const signal = signalOf(scanned, "content-dates");
      if (/No publication or update date was found/.test(signal.detail)) return { kind: "judged", falseClaim: `${claim(signal)} (the page shows "${shown}")` };
      return { kind: "judged", falseClaim: read.some((day) => days.has(day)) ? null : `no date on ${[...days].join(" or ")} read (read: ${read.slice(0, 4).join(", ") || "none"}); the page shows "${shown}"` };
    },
  },
  {
    id: "bylines-shown-in-text",
    definition: "the scanner names none of the expected authors although the page's text shows one in a byline (By, Von, Par, Por, Posted by, Written by, Author: …)",
    judge(scanned, view) {
      const { page } = scanned;
      const names = expectedAuthors(page);
      if (names.length === 0) return { kind: "not-given" };
      const shown = bylineShownInText(page, view);
      if (!shown) return { kind: "excluded", reason: "no expected author after a byline label in the page's text" };
      const found = readBylines(scanned);
      if (found === null) return { kind: "excluded", reason: "the homepage was not read" };
      return { kind: "judged", falseClaim: found.some((name) => namesAgree(name, names)) ? null : `names ${found.length === 0 ? "no one" : found.map((name) => `"${name}"`).join(", ")}; the page shows "${shown}"` };
    },
  },
  {
    id: "title-present",
    definition: "title-present does not pass although the page's <title> contains the expected title",
    judge(scanned, view) {
      const { page } = scanned;
      if (page.expected.title === undefined) return { kind: "not-given" };
      const expected = normalise(decodeEntities(page.expected.title));
      if (view.title === null || !view.title.includes(expected)) return { kind: "excluded", reason: "expected title not in the page's <title> (a headline only)" };
      const signal = signalOf(scanned, "title-present");
      return { kind: "judged", falseClaim: signal.status === "pass" ? null : claim(signal) };
    },
  },
  {
    id: "html-lang",
    definition: "html-lang does not pass although <html lang> states the expected language",
    judge(scanned, view) {
      const { page } = scanned;
      if (page.expected.lang === undefined) return { kind: "not-given" };
      if (view.htmlLang === null || !view.htmlLang.toLowerCase().startsWith(page.expected.lang.toLowerCase())) {
        return { kind: "excluded", reason: "expected language not in <html lang> (stated in a meta tag, or not at all)" };
      }
      const signal = signalOf(scanned, "html-lang");
      return { kind: "judged", falseClaim: signal.status === "pass" ? null : claim(signal) };
    },
  },
  {
    id: "meta-description",
    definition: "meta-description says the description is missing although <meta name=description> holds the expected one, or too short although it is long enough",
    judge(scanned, view) {
      const { page } = scanned;
      if (page.expected.description === undefined) return { kind: "not-given" };
      if (page.foundInPage.description === false) return { kind: "excluded", reason: "expected description not in the page (foundInPage false: the annotator's own words)" };
      const expected = normalise(decodeEntities(page.expected.description));
      if (!view.descriptions.some((content) => content.includes(expected))) return { kind: "excluded", reason: "expected description not in <meta name=description> (an og: or twitter: tag only)" };
      const signal = signalOf(scanned, "meta-description");
      if (signal.status === "pass") return { kind: "judged", falseClaim: null };
      const tooShortClaimContradicted = signal.status === "warn" && expected.length >= DESCRIPTION_MIN_LENGTH;
      return { kind: "judged", falseClaim: signal.status === "fail" || signal.status === "unknown" || tooShortClaimContradicted ? claim(signal) : null };
    },
  },
  {
    id: "site-name",
    definition: "the site name fixes use (siteName) is not the expected site name: neither contains the other, nor do they start alike (letters and digits only)",
    judge(scanned) {
      const { page } = scanned;
      if (page.expected.siteName === undefined) return { kind: "not-given" };
      if (page.foundInPage.siteName === false) return { kind: "excluded", reason: "expected site name not in the page (foundInPage false)" };
      const used = siteName(scanned.artifacts);
      return { kind: "judged", falseClaim: sameSiteName(used, decodeEntities(page.expected.siteName)) ? null : `fixes call the site "${used}", the page calls itself "${page.expected.siteName}"` };
    },
  },
  {
    id: "json-ld-present",
    definition: "json-ld-present says the homepage has no structured data although its HTML holds a JSON-LD block with an @type, an itemscope or a typeof attribute (an itemtype without itemscope is no Microdata item)",
    judge(scanned) {
      const html = servedHtml(scanned);
      if (html === null) return { kind: "excluded", reason: "the homepage was not read" };
      const signal = signalOf(scanned, "json-ld-present");
      const stated = /\sitemscope\b|\stypeof\s*=/i.test(html) || jsonLdTexts(html).some((text) => /"@type"\s*:/.test(text));
      return { kind: "judged", falseClaim: stated && signal.status === "fail" && /no structured data/.test(signal.detail) ? claim(signal) : null };
    },
  },
  {
    id: "website-schema",
    definition: "website-schema says the homepage has no WebSite node although a JSON-LD block or an itemtype/typeof names WebSite",
    judge(scanned) {
      const html = servedHtml(scanned);
      if (html === null) return { kind: "excluded", reason: "the homepage was not read" };
      const stated = jsonLdTexts(html).some((text) => /"@type"\s*:\s*\[?[^\]]*"(?:schema:|https?:\/\/schema\.org\/)?WebSite"/.test(text)) || /(?:itemtype|typeof)\s*=\s*["'][^"']*\bWebSite\b/i.test(html);
      if (!stated) return { kind: "not-given" };
      const signal = signalOf(scanned, "website-schema");
      return { kind: "judged", falseClaim: /has no WebSite node/.test(signal.detail) ? claim(signal) : null };
    },
  },
  {
    id: "open-graph",
    definition: "open-graph names an og: tag as missing that the homepage states with non-empty content",
    judge(scanned) {
      const html = servedHtml(scanned);
      if (html === null) return { kind: "excluded", reason: "the homepage was not read" };
      const stated = new Set([...html.matchAll(/<meta\b[^>]*>/gi)].flatMap(([tag]) => {
        const name = /\b(?:property|name)\s*=\s*["'](og:[a-z_:]+)["']/i.exec(tag)?.[1]?.toLowerCase();
        const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1]?.trim();
        return name && content ? [name] : [];
      }));
      const signal = signalOf(scanned, "open-graph");
      const claimedMissing = (/lacks ([^.]*)/.exec(signal.detail)?.[1] ?? "").match(/og:[a-z_:]+/g) ?? [];
      const contradicted = claimedMissing.filter((tag) => stated.has(tag));
      return { kind: "judged", falseClaim: contradicted.length > 0 ? `${claim(signal)} (the page states ${contradicted.join(", ")})` : null };
    },
  },
  {
    id: "organization-identity",
    definition: "organization-identity says no Organization or Person is behind the site although the page's JSON-LD names an Organization as a publisher, or calls an article's author the site's owner",
    judge(scanned) {
      const html = servedHtml(scanned);
      if (html === null) return { kind: "excluded", reason: "the homepage was not read" };
      const signal = signalOf(scanned, "organization-identity");
      // Only blocks that parse: a broken block is json-ld-parses' finding, and no consumer reads it.
      const publisher = jsonLdTexts(html).filter(parses).some((text) => /"publisher"\s*:\s*\{[^{}]*"@type"\s*:\s*"[A-Za-z]*Organization"/.test(text));
      if (publisher && /names no Organization or Person/.test(signal.detail)) return { kind: "judged", falseClaim: claim(signal) };
      // The owner named in the detail must not be only an author in the page's JSON-LD.
      const owner = /^The \S+ "([^"]+)" behind the site/.exec(signal.detail)?.[1];
      const authorOnly = owner !== undefined && jsonLdTexts(html).some((text) => authorNames(text).includes(owner)) && !jsonLdTexts(html).some((text) => publisherNames(text).includes(owner));
      return { kind: "judged", falseClaim: authorOnly ? `${claim(signal)} ("${owner}" is an author on this page)` : null };
    },
  },
  {
    id: "crawler-probe",
    definition: "crawler-probe reports a refusal or a challenge, or cannot compare, although every agent is served the same saved page with HTTP 200",
    judge(scanned) {
      const signal = signalOf(scanned, "crawler-probe");
      return { kind: "judged", falseClaim: signal.status === "pass" ? null : claim(signal) };
    },
  },
];

/** The homepage's HTML as the scanner was served it, or null when it was not read. */
function servedHtml(scanned: ScannedPage): string | null {
  const homepage = scanned.artifacts.homepage;
  return homepage.ok && homepage.status === 200 ? homepage.html : null;
}

/** The text of every JSON-LD script, read with a plain pattern rather than the scanner's extractor. */
function jsonLdTexts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*type\s*=\s*["']?application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text.trim().replace(/^<!--|-->$/g, ""));
    return true;
  } catch {
    return false;
  }
}

/** Names given inline under a key, as in `"author": {"@type": "Person", "name": "Jane"}`. */
function namesUnder(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`"${key}"\\s*:\\s*\\[?\\s*\\{[^{}]*?"name"\\s*:\\s*"([^"]+)"`, "g"))].map((match) => match[1]!);
}

const authorNames = (text: string) => [...namesUnder(text, "author"), ...namesUnder(text, "creator")];
const publisherNames = (text: string) => namesUnder(text, "publisher");

/** Shortest shared start that makes two names the same site's: "日本経済新聞社" and "日本経済新聞 電子版". */
const SHARED_NAME_START = 6;

/**
 * Lenient, as a site has several fair names: "Stack Overflow Blog" for "Stack Overflow" or "Gregory
 * Szorc's Digital Home" for "gregoryszorc" are the same site; an author's name or a headline is not.
 */
function sameSiteName(used: string, expected: string): boolean {
  const squash = (text: string) => normalise(text).replace(/[^\p{L}\p{N}]+/gu, "");
  const [a, b] = [squash(used), squash(expected)];
  if (a === "" || b === "") return false;
  if (a.includes(b) || b.includes(a)) return true;
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return shared >= Math.min(SHARED_NAME_START, a.length, b.length);
}

/** "…, 32 months before the scan" or "the newest 40 days before the scan": the least age the detail claims, in days. */
function claimedNewestAgeDays(detail: string): number | null {
  const days = /newest (\d+) days before the scan/.exec(detail);
  if (days) return Number(days[1]);
  const months = /(\d+) months before the scan/.exec(detail);
  return months ? Number(months[1]) * 30 : null;
}

/** The days a corpus date may fall on: as written, and as the UTC day of its instant. */
export function expectedDays(expected: { day: string; instant: number | null }): Set<string> {
  const days = new Set([expected.day]);
  if (expected.instant !== null) days.add(new Date(expected.instant).toISOString().slice(0, 10));
  return days;
}

/** Every day the scanner reads off the homepage (pageDates), or null when it read no homepage. */
function readDays(scanned: ScannedPage): string[] | null {
  const homepage = readableHomepage(scanned.artifacts);
  if (!homepage.ok) return null;
  return pageDates({ document: homepage.document, html: homepage.response.html, url: homepage.response.finalUrl }).map((date) => new Date(date.time).toISOString().slice(0, 10));
}

/** Every author the scanner reads off the homepage (bylines), normalised, or null when it read no homepage. */
function readBylines(scanned: ScannedPage): string[] | null {
  const homepage = readableHomepage(scanned.artifacts);
  if (!homepage.ok) return null;
  return bylines({ document: homepage.document, html: homepage.response.html, url: homepage.response.finalUrl }).map((byline) => normalise(byline.name));
}

/** A derived name agrees with an expected one when either holds the other ("jane doe" in "by jane doe and al baker"). */
export function namesAgree(found: string, expected: string[]): boolean {
  return expected.some((name) => found.includes(name) || (found.length > 2 && name.includes(found)));
}
