/**
 * ISO 8601 durations, the form schema.org's Duration is defined in ("use ISO 8601 duration format",
 * https://schema.org/Duration) and Google reads a recipe's times in ("PT1H30M").
 *
 * Valid: the designator format P[nY][nM][nD][T[nH][nM][nS]] with at least one part, T only before a
 * time part, a decimal fraction (point or comma) on the smallest part only (PT0.5S, PT1.5H), and the
 * week form PnW on its own. Designators are the capital letters ISO 8601 names them by.
 *
 * Not valid here, though each is close to a duration, so it is rewritten in the designator format:
 * - lower case or spaces ("pt30m", "PT 30M"): ISO 8601 names its designators [P], [T], [H], [M], [S]…,
 *   and XML Schema's duration, which RDF tools read schema.org's values by, takes capitals only;
 * - a T with no time part after it ("P1DT");
 * - ISO 8601's alternative format ("P0000-00-01T02:30:00"): the standard allows it only by agreement
 *   between the parties exchanging the data, and neither schema.org's Duration examples, Google's
 *   documentation nor XML Schema's duration use it. A reader of the designator format cannot read it.
 */

/** The designator format; which parts are there is checked apart (at least one, T not alone, fraction last). */
const DESIGNATOR_FORMAT = /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;
const WEEK_FORM = /^P\d+(?:[.,]\d+)?W$/;
const FRACTION = /[.,]/;
/** The alternative format, extended (P0000-00-01T02:30:00) or basic (P00000001T023000), with or without the time. */
const ALTERNATIVE_EXTENDED = /^P(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}(?:[.,]\d+)?))?$/;
const ALTERNATIVE_BASIC = /^P(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}(?:[.,]\d+)?))?$/;
/** Only used with replace, which starts a global pattern from the beginning every time. */
const WHITESPACE_RUNS = /\s+/g;
const LOWER_CASE = /[a-z]/;

export function isIsoDuration(value: string): boolean {
  const text = value.trim();
  if (WEEK_FORM.test(text)) return true;
  const match = DESIGNATOR_FORMAT.exec(text);
  if (!match) return false;
  // "P1DT": a T with no time part after it.
  if (text.endsWith("T")) return false;
  return partsWellFormed(match);
}

/**
 * At least one part ("P" alone and "PT" alone name no length of time), and a decimal fraction on the
 * lowest-order part only, as ISO 8601 allows: PT1.5H, not PT1.5H30M.
 */
function partsWellFormed(match: RegExpExecArray): boolean {
  let last = -1;
  for (let index = 1; index < match.length; index++) if (match[index] !== undefined) last = index;
  if (last === -1) return false;
  for (let index = 1; index < last; index++) if (match[index] !== undefined && FRACTION.test(match[index]!)) return false;
  return true;
}

/** How a near-duration differs from the designator format, and that form. */
export interface DurationRewrite {
  kind: "lower-case" | "spaced" | "time-designator-alone" | "alternative-format";
  iso: string;
}

/** The designator form of a text that is nearly an ISO 8601 duration; null when it is one already, or is no near form. */
export function rewriteNearDuration(value: string): DurationRewrite | null {
  const text = value.trim();
  if (isIsoDuration(text)) return null;
  const compact = text.replace(WHITESPACE_RUNS, "").toUpperCase();
  if (isIsoDuration(compact)) return { kind: LOWER_CASE.test(text) ? "lower-case" : "spaced", iso: compact };
  // "P1DT": a template that wrote the T before finding no time to put after it.
  if (compact.endsWith("T") && isIsoDuration(compact.slice(0, -1))) return { kind: "time-designator-alone", iso: compact.slice(0, -1) };
  const alternative = designatorFormOfAlternative(compact);
  return alternative === null ? null : { kind: "alternative-format", iso: alternative };
}

const DATE_DESIGNATORS = ["Y", "M", "D"] as const;
const TIME_DESIGNATORS = ["H", "M", "S"] as const;
/** Carry-over points the alternative format's parts may not pass (ISO 8601: months 12, days 30, hours 24, minutes and seconds 60). */
const ALTERNATIVE_LIMITS = [Number.POSITIVE_INFINITY, 12, 30, 24, 59, 59] as const;

/** "P0000-00-01T02:30:00" → "P1DT2H30M"; null when the text is not in the alternative format or a part is out of range. */
function designatorFormOfAlternative(text: string): string | null {
  const match = ALTERNATIVE_EXTENDED.exec(text) ?? ALTERNATIVE_BASIC.exec(text);
  if (!match) return null;
  const parts = [match[1], match[2], match[3], match[4], match[5], match[6]].map((part) => (part === undefined ? 0 : Number(part.replace(",", "."))));
  for (let index = 0; index < parts.length; index++) if (parts[index]! > ALTERNATIVE_LIMITS[index]!) return null;
  let date = "";
  for (let index = 0; index < 3; index++) if (parts[index]! > 0) date += `${parts[index]}${DATE_DESIGNATORS[index]}`;
  let time = "";
  for (let index = 0; index < 3; index++) if (parts[index + 3]! > 0) time += `${parts[index + 3]}${TIME_DESIGNATORS[index]}`;
  if (date === "" && time === "") return "PT0S";
  return `P${date}${time === "" ? "" : `T${time}`}`;
}
