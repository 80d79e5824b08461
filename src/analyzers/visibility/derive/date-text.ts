/**
 * Reads a date out of the text pages put in date markup: ISO 8601 in meta tags and JSON-LD, and the
 * human forms sites print inside <time> ("19 September 2016", "19.09.2016", "2019年4月27日").
 *
 * Written by hand rather than with Date.parse, which accepts almost anything ("1" is the year 2001) and
 * differs between engines. A numeric date with slashes is read only when it has one reading: "17/03/2020"
 * is 17 March (there is no month 17), "03/04/2016" is March or April, so it is read only when the page's
 * language says which order it writes (`order`: en-US writes month first, most others day first).
 *
 * Every pattern here runs in time linear in its input (test/analyzers/visibility/derive/linear-patterns.test.ts):
 * quantifiers are bounded, and no two adjacent ones can match the same characters.
 */

/** How a page writes a numeric date whose first two parts could each be the day: day first (17/03) or month first (03/17). */
export type DateOrder = "dmy" | "mdy";

export interface DateReading {
  /** The page's order for numeric dates with slashes; without it only unambiguous ones are read. */
  order?: DateOrder | null;
}

export interface ParsedDate {
  /** Milliseconds since the epoch; a date without a time of day is its midnight in UTC. */
  time: number;
  /** "day" when the text names a day only, "instant" when it names a time of day too. */
  precision: "day" | "instant";
}

/** Years outside this range are typos or placeholders (0001-01-01, 9999-12-31), not publication dates. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** Month names in the languages most scanned pages use, lower-cased; the index is the month (1-12). */
const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  [],
  ["january", "jan", "januar", "jänner", "janvier", "janv", "enero", "gennaio", "januari", "janeiro"],
  ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "febrero", "febbraio", "februari", "fevereiro"],
  ["march", "mar", "märz", "maerz", "mär", "mars", "marzo", "maart", "março", "marco"],
  ["april", "apr", "avril", "abril", "aprile"],
  ["may", "mai", "mayo", "maggio", "mei", "maio"],
  ["june", "jun", "juni", "juin", "junio", "giugno", "junho"],
  ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "julho"],
  ["august", "aug", "août", "aout", "agosto", "augustus"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "outubro"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dicembre", "dezembro"],
];

const MONTH_BY_NAME = new Map(MONTH_NAMES.flatMap((names, month) => names.map((name) => [name, month] as const)));

// The zone allows "-500" (seen on a large news site) as well as "-05:00" and "-0500".
export const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s{0,3}(Z|[+-]\d{1,2}(?::?\d{2})?(?!\d))?)?/i;
export const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?)?$/;
export const YEAR_FIRST = /\b(\d{4})([./-])(\d{1,2})\2(\d{1,2})\b/;
export const DAY_FIRST_DOTS = /\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b/;
/** "17/03/2020", "03/17/2020", "3-4-2016": day and month in an order only the page's language tells, unless one of them exceeds 12. */
export const NUMERIC_YEAR_LAST = /(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?![\d/-])/;
export const CJK = /(\d{4})\s{0,2}[年년]\s{0,2}(\d{1,2})\s{0,2}[月월]\s{0,2}(\d{1,2})\s{0,2}[日일]/;
const MONTH_WORD = "([A-Za-zÀ-ÿ]{3,10})\\.?";
export const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?\\s{1,3}(?:de\\s{1,3})?${MONTH_WORD},?\\s{1,3}(?:de\\s{1,3})?(\\d{4})\\b`, "i");
export const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH_WORD}\\s{1,3}(\\d{1,2})(?:st|nd|rd|th)?,?\\s{1,3}(\\d{4})\\b`, "i");
/** Full-width digits (２０２０年７月１２日), as Japanese and Chinese pages write them. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;

/** The date a piece of markup states, or null when the text holds no date this reader trusts. */
export function parseDateText(raw: string, reading: DateReading = {}): ParsedDate | null {
  const text = raw.replace(FULL_WIDTH_DIGIT, (digit) => String(digit.charCodeAt(0) - 0xff10)).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return isoDate(text) ?? compactDate(text) ?? writtenDate(text, reading.order ?? null);
}

function isoDate(text: string): ParsedDate | null {
  const match = ISO.exec(text);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, zone] = match;
  const midnight = dayTime(Number(year), Number(month), Number(day));
  if (midnight === null) return null;
  if (hours === undefined) return { time: midnight, precision: "day" };
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 60) return { time: midnight, precision: "day" };
  const clock = (Number(hours) * 60 + Number(minutes)) * 60_000 + Number(seconds ?? 0) * 1000;
  // A time without a zone is read as UTC: the day is what the audits compare, and guessing the site's zone is worse.
  return { time: midnight + clock - zoneOffsetMs(zone), precision: "instant" };
}

export const ZONE = /^[+-](\d{1,2}):?(\d{2})?$/;

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [, hours, minutes] = ZONE.exec(zone) ?? [];
  return sign * (Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60_000;
}

function compactDate(text: string): ParsedDate | null {
  const match = COMPACT.exec(text);
  if (!match) return null;
  const midnight = dayTime(Number(match[1]), Number(match[2]), Number(match[3]));
  if (midnight === null) return null;
  if (match[4] === undefined || Number(match[4]) > 23 || Number(match[5]) > 59) return { time: midnight, precision: "day" };
  return { time: midnight + (Number(match[4]) * 60 + Number(match[5])) * 60_000 + Number(match[6] ?? 0) * 1000, precision: "instant" };
}

/** Dates written for people, found anywhere in the text ("Published: 19 September 2016, 10:15"). */
function writtenDate(text: string, order: DateOrder | null): ParsedDate | null {
  const candidates: Array<[RegExpExecArray | null, (match: RegExpExecArray) => number | null]> = [
    [CJK.exec(text), (match) => dayTime(Number(match[1]), Number(match[2]), Number(match[3]))],
    [YEAR_FIRST.exec(text), (match) => dayTime(Number(match[1]), Number(match[3]), Number(match[4]))],
    [DAY_FIRST_DOTS.exec(text), (match) => dayTime(Number(match[3]), Number(match[2]), Number(match[1]))],
    [DAY_MONTH_YEAR.exec(text), (match) => namedMonthDay(match[3]!, match[2]!, match[1]!)],
    [MONTH_DAY_YEAR.exec(text), (match) => namedMonthDay(match[3]!, match[1]!, match[2]!)],
    [NUMERIC_YEAR_LAST.exec(text), (match) => numericDay(Number(match[4]), Number(match[1]), Number(match[3]), order)],
  ];
  for (const [match, read] of candidates) {
    const time = match ? read(match) : null;
    if (time !== null) return { time, precision: "day" };
  }
  return null;
}

/**
 * "17/03/2020": the one reading that is a real day. When both readings are real days and differ
 * (03/04/2016), the page's order decides; without one there is no date, rather than a guessed one.
 */
function numericDay(year: number, first: number, second: number, order: DateOrder | null): number | null {
  const dayFirst = dayTime(year, second, first);
  const monthFirst = dayTime(year, first, second);
  if (dayFirst !== null && monthFirst !== null && dayFirst !== monthFirst) return order === "dmy" ? dayFirst : order === "mdy" ? monthFirst : null;
  return dayFirst ?? monthFirst;
}

/** True when the text opens with a date written for people ("Dec 1st 2016 1:01PM", "1. Mai 2020"), as a timestamp does. */
export function startsWithDate(text: string): boolean {
  const start = text.trimStart();
  const monthFirst = MONTH_DAY_YEAR.exec(start);
  const dayFirst = DAY_MONTH_YEAR.exec(start);
  return (monthFirst?.index === 0 && MONTH_BY_NAME.has(monthFirst[1]!.toLowerCase())) || (dayFirst?.index === 0 && MONTH_BY_NAME.has(dayFirst[2]!.toLowerCase()));
}

function namedMonthDay(year: string, monthName: string, day: string): number | null {
  const month = MONTH_BY_NAME.get(monthName.toLowerCase());
  return month === undefined ? null : dayTime(Number(year), month, Number(day));
}

/** Midnight UTC of a calendar day, or null when the day does not exist (2019-02-30) or the year is implausible. */
function dayTime(year: number, month: number, day: number): number | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const time = Date.UTC(year, month - 1, day);
  return new Date(time).getUTCDate() === day ? time : null;
}

/** "2016-09-19": the UTC day of a time, as evidence and comparisons name it. */
export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
