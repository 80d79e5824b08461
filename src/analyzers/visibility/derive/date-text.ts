/**
 * Reads a date out of the text pages put in date markup: ISO 8601 in meta tags and JSON-LD, and the
 * human forms sites print inside <time> ("19 September 2016", "19.09.2016", "2019年4月27日").
 *
 * Written by hand rather than with Date.parse, which accepts almost anything ("1" is the year 2001) and
 * differs between engines. Only unambiguous forms are read: "03/04/2016" could be March or April, so it
 * is not a date here.
 */

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
  ["january", "jan", "januar", "jänner", "janvier", "janv", "enero", "gennaio"],
  ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "febrero", "febbraio"],
  ["march", "mar", "märz", "maerz", "mars", "marzo"],
  ["april", "apr", "avril", "abril", "aprile"],
  ["may", "mai", "mayo", "maggio"],
  ["june", "jun", "juni", "juin", "junio", "giugno"],
  ["july", "jul", "juli", "juillet", "juil", "julio", "luglio"],
  ["august", "aug", "août", "aout", "agosto"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre"],
  ["november", "nov", "novembre", "noviembre"],
  ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dicembre"],
];

const MONTH_BY_NAME = new Map(MONTH_NAMES.flatMap((names, month) => names.map((name) => [name, month] as const)));

// The zone allows "-500" (seen on a large news site) as well as "-05:00" and "-0500".
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{1,2}(?::?\d{2})?(?!\d))?)?/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:T?(\d{2})(\d{2})(\d{2})?)?$/;
const YEAR_FIRST = /\b(\d{4})([./-])(\d{1,2})\2(\d{1,2})\b/;
const DAY_FIRST_DOTS = /\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b/;
const CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]/;
const MONTH_WORD = "([A-Za-zÀ-ÿ]{3,10})\\.?";
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?\\s+(?:de\\s+)?${MONTH_WORD},?\\s+(?:de\\s+)?(\\d{4})\\b`, "i");
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "i");

/** The date a piece of markup states, or null when the text holds no date this reader trusts. */
export function parseDateText(raw: string): ParsedDate | null {
  const text = raw.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return isoDate(text) ?? compactDate(text) ?? writtenDate(text);
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

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [, hours, minutes] = /^[+-](\d{1,2}):?(\d{2})?$/.exec(zone) ?? [];
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
function writtenDate(text: string): ParsedDate | null {
  const candidates: Array<[RegExpExecArray | null, (match: RegExpExecArray) => number | null]> = [
    [CJK.exec(text), (match) => dayTime(Number(match[1]), Number(match[2]), Number(match[3]))],
    [YEAR_FIRST.exec(text), (match) => dayTime(Number(match[1]), Number(match[3]), Number(match[4]))],
    [DAY_FIRST_DOTS.exec(text), (match) => dayTime(Number(match[3]), Number(match[2]), Number(match[1]))],
    [DAY_MONTH_YEAR.exec(text), (match) => namedMonthDay(match[3]!, match[2]!, match[1]!)],
    [MONTH_DAY_YEAR.exec(text), (match) => namedMonthDay(match[3]!, match[1]!, match[2]!)],
  ];
  for (const [match, read] of candidates) {
    const time = match ? read(match) : null;
    if (time !== null) return { time, precision: "day" };
  }
  return null;
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
