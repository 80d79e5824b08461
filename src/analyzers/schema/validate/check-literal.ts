import { DATA_TYPES, type Vocabulary } from "../vocabulary/vocabulary.ts";
import { isoDurationOfWords } from "./duration-from-words.ts";
import { isIsoDuration, rewriteNearDuration } from "./iso-duration.ts";
import { addIssue, type ValidationIssues } from "./item-issue.ts";
import { extendedFormOfBasic, isBooleanText, isDateText, isDateTimeText, isNumberText, isTimeText, isUrlText } from "./literal-kinds.ts";
import { resolveTerm } from "./resolve-term.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Checks a literal value (text, number, true/false) against the value types a property expects.
 * Errors are what schema.org itself rules out; what only Google asks for beyond schema.org is a warning,
 * unless the value cannot be read at all.
 */

/**
 * Prices: schema.org's own guidance for these properties is a plain number ("use '.' for the decimal
 * point", "use priceCurrency instead of '$'"), so "$19.99" is wrong by schema.org, not only by Google.
 */
const PLAIN_NUMBER = new Set(["price", "lowPrice", "highPrice", "ratingCount", "reviewCount", "offerCount"]);
/**
 * Ratings: schema.org allows Text (a letter grade such as an energy label's "A", a fact-check verdict),
 * Google's review snippets read numbers only. Text here is a warning, not an error.
 */
const NUMERIC_FOR_GOOGLE = new Set(["ratingValue", "bestRating", "worstRating"]);

/** Module-wide: a regular expression literal inside a function is a new object on every call. */
const SCHEMA_ORG_PATH = /schema\.org\//i;
const DATA_URL = /^data:/i;
const HTTP_URL = /^https?:\/\//i;
/** Only used with replace, which starts a global pattern from the beginning every time. */
const WHITESPACE_RUNS = /\s+/g;
/** A duration with no part, "P" or "PT": what a template writes for a time left blank. */
const EMPTY_DURATION = /^PT?$/i;

export function checkLiteral(property: string, ranges: readonly string[], value: string | number | boolean, path: string, vocabulary: Vocabulary, issues: ValidationIssues): void {
  if (typeof value === "number") {
    const { hasDataRange, expectsNumber, has } = rangeProfile(ranges, vocabulary);
    if (!hasDataRange) addIssue(issues.warnings, path, `"${property}" expects ${listOf(ranges)}, not a number.`);
    // A Duration is "in ISO 8601 duration format" (schema.org/Duration): a bare number names no unit.
    else if (has("Duration") && !expectsNumber) addIssue(issues.warnings, path, `"${property}" expects an ISO 8601 duration such as PT30M (30 minutes), not the number ${value}, which names no unit.`);
    return;
  }
  if (typeof value === "boolean") {
    if (!ranges.includes("Boolean")) addIssue(issues.errors, path, `"${property}" expects ${listOf(ranges)}, not true or false.`);
    return;
  }
  checkText(property, ranges, value, path, vocabulary, issues);
}

/** What a property's ranges allow, worked out once per ranges list and vocabulary rather than for every value. */
interface RangeProfile {
  has: (type: string) => boolean;
  acceptsText: boolean;
  expectsNumber: boolean;
  enumerations: readonly string[];
  dateKinds: readonly string[];
  /** Every range is one of schema.org's data types. */
  allData: boolean;
  hasNonDataRange: boolean;
  /** A range is one of schema.org's data types (or declared a DataType by the release). */
  hasDataRange: boolean;
  /** A range is a data type the release declares beyond DATA_TYPES (from 30.0, Quantity and so Duration…). */
  hasOtherDataType: boolean;
}

/** Per vocabulary, per list of ranges (the vocabulary's own lists, so each is the same object every time). */
const profilesOf = computed((vocabulary: Vocabulary) => computed((ranges: readonly string[]) => buildRangeProfile(ranges, vocabulary)));

function rangeProfile(ranges: readonly string[], vocabulary: Vocabulary): RangeProfile {
  return profilesOf(vocabulary)(ranges);
}

/** Apart from rangeProfile: its closures would make every look-up, cached or not, allocate their scope. */
function buildRangeProfile(ranges: readonly string[], vocabulary: Vocabulary): RangeProfile {
  const set = new Set(ranges);
  const has = (type: string) => set.has(type);
  return {
    has,
    acceptsText: ranges.some((range) => range === "Text" || range === "CssSelectorType" || range === "XPathType" || range === "PronounceableText"),
    expectsNumber: has("Number") || has("Integer") || has("Float"),
    enumerations: ranges.filter((range) => vocabulary.isA(range, "Enumeration")),
    dateKinds: ranges.filter((range) => range === "Date" || range === "DateTime" || range === "Time"),
    allData: ranges.every((range) => DATA_TYPES.has(range)),
    hasNonDataRange: hasNonDataRange(ranges, vocabulary),
    hasDataRange: ranges.some((range) => isDataType(range, vocabulary)),
    hasOtherDataType: ranges.some((range) => !DATA_TYPES.has(range) && isDataType(range, vocabulary)),
  };
}

function checkText(property: string, ranges: readonly string[], text: string, path: string, vocabulary: Vocabulary, issues: ValidationIssues): void {
  const { has, acceptsText, expectsNumber, enumerations, dateKinds, allData, hasOtherDataType } = rangeProfile(ranges, vocabulary);

  if (expectsNumber && !isNumberText(text)) {
    if (PLAIN_NUMBER.has(property)) {
      addIssue(issues.errors, path, `"${property}" must be a plain number such as 19.99 (no currency symbol, unit or thousands separator), not "${short(text)}".`);
      return;
    }
    if (NUMERIC_FOR_GOOGLE.has(property)) {
      if (acceptsText) {
        addIssue(issues.warnings, path, `"${property}" is the text "${short(text)}": schema.org allows it, but Google's review snippets read ratings as numbers only (such as 4.5).`);
      } else {
        addIssue(issues.errors, path, `"${property}" must be a number such as 4.5, not "${short(text)}".`);
      }
      return;
    }
    if (!acceptsText && !has("URL") && !rangeProfile(ranges, vocabulary).hasNonDataRange) {
      addIssue(issues.errors, path, `"${property}" expects a number, not "${short(text)}".`);
      return;
    }
  }
  if (acceptsText) return;

  if (enumerations.length > 0) {
    const term = resolveTerm(text);
    const memberOf = term.ok ? vocabulary.enumerationsOf(term.name) : [];
    if (isMemberOfAny(memberOf, enumerations, vocabulary)) return;
    if (memberOf.length > 0 || SCHEMA_ORG_PATH.test(text)) {
      addIssue(issues.errors, path, `"${short(text)}" is not one of the ${listOf(enumerations)} values "${property}" expects.`);
      return;
    }
  }
  if (dateKinds.length > 0) {
    const fits = (has("Date") && isDateText(text)) || (has("DateTime") && isDateTimeText(text)) || (has("Time") && isTimeText(text));
    if (fits) return;
    const extended = (has("Date") || has("DateTime")) && !(expectsNumber && isNumberText(text)) ? extendedFormOfBasic(text) : null;
    if (extended !== null) {
      addIssue(issues.warnings, path, `"${property}" is written in ISO 8601's basic format ("${short(text)}"); schema.org defines dates in the extended format, which search engines read: "${extended}".`);
      return;
    }
    if (has("Date") && !has("DateTime") && isDateTimeText(text)) {
      // A date and time is ISO 8601 and names the day; schema.org asks for the day alone (lastReviewed on real pages).
      addIssue(issues.warnings, path, `"${property}" expects a Date; "${short(text)}" also gives a time, which readers may drop or reject: write the day alone, "${text.trim().slice(0, 10)}".`);
      return;
    }
    if (allData) {
      addIssue(issues.errors, path, `"${property}" expects an ISO 8601 ${dateKinds.join(" or ")} such as 2024-05-17${has("DateTime") ? "T09:30:00+02:00" : ""}, not "${short(text)}".`);
      return;
    }
  }
  if (has("Boolean") && isBooleanText(text)) return;
  if (has("URL")) {
    if (isUrlText(text)) return;
    if (DATA_URL.test(text.trim())) {
      // A URL (RFC 2397), so not an error of the markup, but it carries the file instead of naming it:
      // search engines index files by their address (seen as lazy-loading placeholders on real pages).
      addIssue(issues.warnings, path, `"${property}" holds the file itself as a data: URL, which search engines do not index; give the file's address.`);
      return;
    }
    if (allData) {
      addIssue(issues.errors, path, `"${property}" expects a URL, not "${short(text)}".`);
      return;
    }
  }
  if (expectsNumber && isNumberText(text)) return;
  if (has("Duration")) {
    if (!isIsoDuration(text)) addIssue(issues.warnings, path, durationAdvice(property, text));
    return;
  }
  if (enumerations.length > 0) {
    addIssue(issues.warnings, path, `"${property}" expects a ${listOf(enumerations)} value such as https://schema.org/${exampleMember(enumerations[0]!)}; free text may be ignored.`);
    return;
  }
  if (has("Boolean") && allData) {
    addIssue(issues.errors, path, `"${property}" expects true or false, not "${short(text)}".`);
    return;
  }
  // Other data types the release declares (from 30.0, Quantity and so Duration, Distance, Mass…) are written as text.
  if (hasOtherDataType) return;
  // An absolute URL where an item is expected names that item (Google reads breadcrumb `item` and `sameAs`-style links so).
  if (HTTP_URL.test(text) && isUrlText(text)) return;
  // Text where an item is expected: schema.org allows it, search engines read it less well.
  addIssue(issues.warnings, path, `"${property}" expects ${listOf(ranges)}; a nested item with @type reads better than the text "${short(text)}".`);
}

/**
 * Why a text is no ISO 8601 duration, with the duration to write when it can be told: from a near form
 * (lower case, the alternative format) or from words ("33 minutes" → PT33M). A warning, as the date checks
 * give wherever a range is not one of schema.org's primitive data types (an unreadable date is an error
 * only where every range is one; ISO 8601's basic format is always a warning): Duration is a Quantity in
 * 29.4 and 30.0 alike. An error would also make the item ineligible for its rich result, and Google does
 * not: these times are recommended properties (a recipe's cookTime, prepTime, totalTime, a video's
 * duration) that it cannot use when malformed, nothing more.
 */
function durationAdvice(property: string, text: string): string {
  const quoted = short(text);
  if (EMPTY_DURATION.test(text.trim())) return `"${property}" is "${quoted}", an ISO 8601 duration with no number in it: give the time, such as PT30M (30 minutes), or leave the property out.`;
  const near = rewriteNearDuration(text);
  if (near?.kind === "lower-case") {
    return `"${property}" is an ISO 8601 duration written in lower case ("${quoted}"); ISO 8601's designators are capital letters, and readers that follow XML Schema's duration take only those: "${near.iso}".`;
  }
  if (near?.kind === "spaced") return `"${property}" is an ISO 8601 duration with spaces in it ("${quoted}"), which readers of durations do not take: "${near.iso}".`;
  if (near?.kind === "time-designator-alone") return `"${property}" ends in a T with no hours, minutes or seconds after it ("${quoted}"), which makes it no ISO 8601 duration: "${near.iso}".`;
  if (near?.kind === "alternative-format") {
    return `"${property}" is written in ISO 8601's alternative duration format ("${quoted}"), which schema.org's examples, Google's documentation and XML Schema's duration do not use; in the designator format: "${near.iso}".`;
  }
  const fromWords = isoDurationOfWords(text);
  if (fromWords !== null) return `"${property}" expects an ISO 8601 duration, which search engines read as a length of time; "${quoted}" is not one: write "${fromWords}".`;
  const unitless = isNumberText(text) ? ", which names no unit" : "";
  return `"${property}" expects an ISO 8601 duration such as PT1H30M (1 hour 30 minutes), P2D (2 days) or P2W (2 weeks), not "${quoted}"${unitless}.`;
}

/** A helper rather than a closure in checkText: a closure there costs every literal checked an allocation. */
function isMemberOfAny(memberOf: readonly string[], enumerations: readonly string[], vocabulary: Vocabulary): boolean {
  for (const enumeration of memberOf) for (const range of enumerations) if (vocabulary.isA(enumeration, range)) return true;
  return false;
}

/**
 * A range whose values are written as text or numbers. Quantity and its subtypes (Duration, Distance,
 * Energy, Mass) count: schema.org defines them by their written form ("3 kg", Duration "in ISO 8601
 * duration format" such as PT33M), and release 30.0 makes them data types; under 29.4, which files them
 * as things, "PT33M" for timeRequired (krautreporter.de) and 1200 for an image's width were told to
 * become nested items.
 */
function isDataType(range: string, vocabulary: Vocabulary): boolean {
  return DATA_TYPES.has(range) || vocabulary.isA(range, "DataType") || vocabulary.isA(range, "Quantity");
}

function hasNonDataRange(ranges: readonly string[], vocabulary: Vocabulary): boolean {
  return ranges.some((range) => !isDataType(range, vocabulary));
}

const EXAMPLE_MEMBERS: Record<string, string> = { ItemAvailability: "InStock", OfferItemCondition: "NewCondition", EventStatusType: "EventScheduled", EventAttendanceModeEnumeration: "OfflineEventAttendanceMode" };

function exampleMember(enumeration: string): string {
  return EXAMPLE_MEMBERS[enumeration] ?? "…";
}

export function listOf(names: readonly string[]): string {
  if (names.length <= 4) return names.join(" or ");
  return `${names.slice(0, 4).join(", ")} or ${names.length - 4} other types`;
}

export function short(text: string): string {
  const line = text.replace(WHITESPACE_RUNS, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
