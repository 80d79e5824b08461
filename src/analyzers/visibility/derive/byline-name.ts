import { excerpt } from "./page-text.ts";
import { startsWithDate } from "./date-text.ts";

/** Words that put a name right after them in a byline: "By Jane Doe", "Von Jane Doe", "Posted by Jane". */
const BY_WORDS = "(?:(?:written|posted|published|story|words|reporting|text|photos?)\\s+by|geschrieben\\s+von|publié\\s+par|escrito\\s+por|scritto\\s+da|by|von|par|por|di|door|av|af)";
/** Words that label a name with a colon: "Author: Jane Doe", "Autorin: …", "著者：後藤大地". */
const ROLE_WORDS = "(?:authors?|autor(?:in|en)?|auteurs?|autore|verfasser(?:in)?|redakteur(?:in)?|text|texte|writer|著者|筆者|記者|作者|文)";

/** What a byline says before the name. */
export const LEADING_LABEL = new RegExp(`^(?:${BY_WORDS}(?:\\s*[:：]\\s*|\\s+)|${ROLE_WORDS}\\s*[:：]\\s*)`, "i");
/** A text that is only a byline's label, its name in the next element: `<span>By</span><a>Jane Doe</a>`, `<span>Author:</span>`. */
export const LABEL_ONLY = new RegExp(`^(?:${BY_WORDS}\\s*[:：]?|${ROLE_WORDS}\\s*[:：])$`, "i");
/** A role word alone, as a table or definition list labels its value: `<dt>Auteur</dt><dd>Uriel Gadessaud</dd>`. */
export const ROLE_ONLY = new RegExp(`^${ROLE_WORDS}$`, "i");
/** True when the label needs no colon ("By"), so that only a capitalised name after it makes a byline. */
export const BY_LABEL = new RegExp(`^${BY_WORDS}\\s`, "i");

/**
 * Texts that sit where a byline goes but name no one: the heading of an author box, a link to the
 * authors' index, a "more by" tab. Compared after lower-casing and dropping punctuation.
 */
const LABELS = new Set([
  "author", "authors", "by", "byline", "written by", "posted by", "contributor", "contributors", "writer", "writers",
  "autor", "autoren", "autorin", "von", "auteur", "auteurs", "par", "autore", "autori", "por", "de",
  "about the author", "about the authors", "all authors", "our authors", "more by this author", "more from this author", "view all posts",
  "über den autor", "über die autorin", "à propos de l'auteur", "mehr vom autor", "follow", "share",
  "no author", "unknown author", "unknown",
]);

/** "View author page", "More articles by this author", "See all posts": links to an author's page, not a name. */
export const LINK_TO_AUTHORS = /^(?:view|see|more|all|read|show|browse|follow|get|alle|mehr|voir|tous)\b.*\b(?:authors?|autor(?:en)?|auteurs?|posts|articles|artikel|beiträge|stories)\b/;

/** A first word that is a number or a time of day ("05", "9:39AM", "12h30", "2016-10-05"), as timestamps start; not a name like "750g" or "9to5Mac". */
export const LEADING_NUMBER = /^\d[\d.,:/-]{0,12}(?:h\d{0,2})?\s?(?:am|pm|uhr)?(?:\s|$)/i;
/** Characters some bylines wrap a name in ("Posted By: ~Sani~", "— Jane Doe —", "«Jane»"), none of them part of the name. */
const DECORATION = new Set(["~", "*", "_", "=", "•", "·", "|", "»", "«", '"', "“", "”", "„", "‘", "’", "-", "–", "—", ":", "：", " "]);

/** The text without the decoration around it, trimmed by hand: a pattern with `[…]+$` would be quadratic on a long run. */
function withoutDecoration(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && DECORATION.has(text[start]!)) start++;
  while (end > start && DECORATION.has(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** "ByTravis Haney": the label and the name in elements the page sets side by side without a space; "Byron" is a name. */
const GLUED_BY = /^By(?=\p{Lu}\p{Ll})/u;
/** A numeric date after the name ("Steven Shepard 10/04/2016 05:07 AM EDT"): the byline's timestamp, not part of the name. */
const TRAILING_TIMESTAMP = /\s\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}(?:\s|$)/;

/** The name with a timestamp that follows it cut off. */
function withoutTimestamp(text: string): string {
  const at = TRAILING_TIMESTAMP.exec(text);
  return at ? text.slice(0, at.index) : text;
}

/** Longer than this, the element holds more than a byline (a bio, an article teaser). */
const MAX_NAME_LENGTH = 100;

/**
 * The name a byline's text states, without its label ("By Jane Doe" → "Jane Doe"), or null when the
 * text names no one (empty, a label alone, digits only, or a paragraph rather than a byline).
 */
export function nameFromByline(text: string): string | null {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length > MAX_NAME_LENGTH * 2) return null;
  const name = withoutDecoration(withoutTimestamp(flat.replace(LEADING_LABEL, "").replace(GLUED_BY, "").trim()));
  // A byline that starts with a number, a time or a date is its timestamp ("9:39AM BST 05 Oct 2011", "Dec 1st 2016"), not a name; "750g La Table" is a name.
  if (name.length < 2 || !/\p{L}/u.test(name) || LEADING_NUMBER.test(name) || startsWithDate(name)) return null;
  const bare = name.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, "").trim();
  if (LABELS.has(bare) || LINK_TO_AUTHORS.test(bare) || LABELS.has(profileSlug(name))) return null;
  return excerpt(name, MAX_NAME_LENGTH);
}

/**
 * The last part of a profile URL as words ("https://www.japantimes.co.jp/author/no-author/" → "no author"),
 * so that a URL naming no one is judged like the label it spells; "" for a text that is not a URL.
 */
function profileSlug(text: string): string {
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return "";
  const segments = new URL(text).pathname.split("/").filter((segment) => segment !== "");
  return (segments.at(-1) ?? "").toLowerCase().replace(/[-_+]+/g, " ").trim();
}

/**
 * After a bare "By" (no colon), a name is capitalised word by word, or written in a script without
 * case: "By TPN", "By Ben Blanchard and Yimou Lee", not "by the way" or German's "Von Barzahler-Rabatten
 * profitieren". The words between names may stay lower-case.
 */
export const CAPITALISED = /^[\p{Lu}\p{Lt}\p{Lo}]/u;
export const NAME_PARTS_SPLIT = /\s{0,3}(?:[,|·•/]|\s-\s)\s{0,3}/;
const NAME_JOINERS = new Set(["and", "und", "et", "y", "e", "i", "og", "och", "en", "&", "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "el", "al", "bin", "ibn", "zu", "ter", "ten"]);
/** Words in the first part of a byline that are judged for capitals; what follows may be a place or a date. */
const NAME_WORDS_JUDGED = 4;

/** A word that starts with a digit and holds letters: a brand's name ("750g", "9to5Mac", "37signals"), never written in capitals. */
export const DIGIT_LED_NAME = /^\d{1,6}\p{L}/u;

/** True when the text starts with a capital, a letter of a script without case, or a digit-led name ("750g La Table"). */
export function isCapitalised(text: string): boolean {
  return CAPITALISED.test(text) || DIGIT_LED_NAME.test(text);
}

/** A name as bylines write one: each of its first words capitalised, the words between names (and, von, de) excepted. */
export function looksLikeName(name: string): boolean {
  // Only the first part counts: "TPN, in News" names TPN, then says where the story is filed.
  const words = (name.split(NAME_PARTS_SPLIT)[0] ?? "").split(/\s+/).slice(0, NAME_WORDS_JUDGED);
  return isCapitalised(words[0] ?? "") && words.every((word) => isCapitalised(word) || NAME_JOINERS.has(word.toLowerCase()) || !/\p{L}/u.test(word));
}
