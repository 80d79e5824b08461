/** Checks that a text value has the shape a schema.org data type asks for. */

const ISO_DATE = /^-?\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
const ISO_DATE_TIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[T ](?:[01]\d|2[0-3]):[0-5]\d(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const ISO_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const ISO_BASIC = /^(\d{4})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?:T([01]\d|2[0-3])([0-5]\d)(?:([0-5]\d)([.,]\d+)?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEAN = /^(?:true|false|https?:\/\/schema\.org\/(?:True|False))$/i;
const WHITESPACE = /\s/;
const SCHEME = /^[a-z][\w+.-]*:/i;
const FOLLOWED_SCHEME = /^(?:https?|mailto|tel):/i;

export function isNumberText(value: string): boolean {
  return NUMBER.test(value.trim());
}

export function isDateText(value: string): boolean {
  return ISO_DATE.test(value.trim());
}

export function isDateTimeText(value: string): boolean {
  const text = value.trim();
  return ISO_DATE_TIME.test(text) || ISO_DATE.test(text);
}

/**
 * A date or date-time in ISO 8601's basic format ("20180619", "20180619T055000+0900"), rewritten in the
 * extended format schema.org's DateTime is defined in ([-]CCYY-MM-DDThh:mm:ss[Z|(+|-)hh:mm]); null when
 * the text is not in basic format. Basic format is ISO 8601 too, so a page using it is not wrong, but
 * readers that follow schema.org's definition may not take it as a date.
 */
export function extendedFormOfBasic(value: string): string | null {
  const match = ISO_BASIC.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const date = `${year}-${month}-${day}`;
  if (hour === undefined) return date;
  const time = `${hour}:${minute}${second === undefined ? "" : `:${second}${fraction ?? ""}`}`;
  const offset = zone === undefined || zone === "Z" ? (zone ?? "") : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return `${date}T${time}${offset}`;
}

export function isTimeText(value: string): boolean {
  return ISO_TIME.test(value.trim());
}

export function isBooleanText(value: string): boolean {
  return BOOLEAN.test(value.trim());
}

/**
 * An absolute http(s) URL (or mailto:/tel:, which contact properties use), or a relative reference,
 * which search engines resolve against the page. Other schemes (javascript:, data:, file:, …) name
 * nothing a search engine or an assistant can follow.
 */
export function isUrlText(value: string): boolean {
  const text = value.trim();
  if (text === "" || WHITESPACE.test(text)) return false;
  if (SCHEME.test(text)) return FOLLOWED_SCHEME.test(text) && URL.canParse(text);
  return URL.canParse(text, "https://example.invalid/");
}
