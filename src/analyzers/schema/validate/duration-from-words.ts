/**
 * A length of time as people write it ("33 minutes", "1 hour 30 mins", "1h30m", "90 min", "1 h 30"),
 * rewritten as the ISO 8601 duration schema.org asks for ("PT33M", "PT1H30M", "PT90M"), so that a warning
 * can give the exact value to write. Null for anything that is not plainly one length of time: a range
 * ("30-40 minutes"), an approximation ("about 1 hour"), a clock reading ("1:30", hours or minutes?), a
 * number without unit. Units in English, with the common German and French words and abbreviations.
 */

/** A number, then a unit; the unit may be left out only after hours ("1h30", "1 h 30": minutes). */
const PART = /^(\d+(?:[.,]\d+)?)\s*([a-zà-ÿ]+\.?)?/i;
/** Between parts: spaces, a comma, "and", "&", "+" (and their German and French words). */
const SEPARATOR = /^(?:\s*(?:,|&|\+|\band\b|\bund\b|\bet\b)\s*|\s+)/i;
const TRAILING_DOT = /\.$/;

/** Unit words (lower case, without a final dot) → the ISO 8601 designator's place, 0 years … 5 seconds; 6 is weeks. */
const UNITS = new Map<string, number>();
for (const [place, words] of [
  [0, ["y", "yr", "yrs", "year", "years", "jahr", "jahre", "an", "ans", "année", "années"]],
  [1, ["mo", "mos", "month", "months", "monat", "monate", "mois"]],
  [2, ["d", "day", "days", "tag", "tage", "j", "jour", "jours"]],
  [3, ["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures"]],
  [4, ["m", "min", "mins", "minute", "minutes", "minuten"]],
  [5, ["s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "seconde", "secondes"]],
  [6, ["w", "wk", "wks", "week", "weeks", "woche", "wochen", "semaine", "semaines"]],
] as const) {
  for (const word of words) UNITS.set(word, place);
}

const DESIGNATORS = ["Y", "M", "D", "H", "M", "S"] as const;
const HOURS = 3;
const MINUTES = 4;
const WEEKS = 6;

export function isoDurationOfWords(value: string): string | null {
  const parts = partsOf(value.trim());
  if (parts === null) return null;
  return isoOf(parts);
}

interface Part {
  place: number;
  amount: string;
}

/** The parts in the order written, each unit once and largest first; null when the text is anything else. */
function partsOf(text: string): Part[] | null {
  const parts: Part[] = [];
  let rest = text;
  while (rest !== "") {
    if (parts.length > 0) {
      const separator = SEPARATOR.exec(rest);
      if (separator) rest = rest.slice(separator[0].length);
    }
    const match = PART.exec(rest);
    if (!match) return null;
    rest = rest.slice(match[0].length);
    // The number as written; a decimal comma becomes a point, which every reader of durations takes.
    const amount = match[1]!.replace(",", ".");
    const unit = match[2];
    const previous = parts.at(-1);
    let place: number | undefined;
    if (unit === undefined) {
      // "1h30": a bare number after hours, at the end, is minutes.
      if (previous?.place !== HOURS || rest.trim() !== "") return null;
      place = MINUTES;
    } else {
      const word = unit.toLowerCase().replace(TRAILING_DOT, "");
      // "m" alone is minutes or months ("36M" for a loan's termDuration is 36 months, as ISO 8601's P36M);
      // after hours ("1h30m") it can only be minutes.
      if (word === "m" && previous?.place !== HOURS) return null;
      place = UNITS.get(word);
      if (place === undefined) return null;
    }
    if (previous !== undefined && !comesAfter(place, previous.place)) return null;
    parts.push({ place, amount });
  }
  return parts.length === 0 ? null : parts;
}

/** Largest unit first, each once; weeks stand alone (ISO 8601's PnW takes no other part). */
function comesAfter(place: number, previous: number): boolean {
  if (place === WEEKS || previous === WEEKS) return false;
  return place > previous;
}

function isoOf(parts: readonly Part[]): string | null {
  // A fraction is allowed on the last (smallest) part only.
  for (let index = 0; index < parts.length - 1; index++) if (parts[index]!.amount.includes(".")) return null;
  if (parts[0]!.place === WEEKS) return `P${parts[0]!.amount}W`;
  let date = "";
  let time = "";
  for (const { place, amount } of parts) {
    if (place < HOURS) date += `${amount}${DESIGNATORS[place]}`;
    else time += `${amount}${DESIGNATORS[place]}`;
  }
  return `P${date}${time === "" ? "" : `T${time}`}`;
}
