/**
 * What counts as a false finding of the scanner on a corpus page: a claim the page contradicts, given
 * the value the corpus expects and where the page states it (expected-on-page.ts).
 *
 * Each check first decides whether it applies. A page without an expected value is not counted. A page
 * whose expected value is not where the audit reads (an author the page never shows, a title that is
 * only the headline, a date in prose) is excluded, with the reason, because the scanner cannot be wrong
 * about something the page does not state.
 */
import { siteName } from "../../src/analyzers/visibility/audits/site-identity.ts";
import type { Signal } from "../../src/analyzers/visibility/record-schema.ts";
import type { ScannedPage } from "./corpus-sites.ts";
import { decodeEntities, expectedDate, markupDateStatingExpectedDay, normalise, type PageView, whereAuthorIsStated } from "./expected-on-page.ts";

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
    id: "crawler-probe",
    definition: "crawler-probe reports a refusal or a challenge, or cannot compare, although every agent is served the same saved page with HTTP 200",
    judge(scanned) {
      const signal = signalOf(scanned, "crawler-probe");
      return { kind: "judged", falseClaim: signal.status === "pass" ? null : claim(signal) };
    },
  },
];

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
