/**
 * Characters that change how text is shown rather than what it says: the C0 and C1 controls (NUL,
 * backspace, ESC, which starts terminal escape sequences, DEL…) and Unicode's bidirectional controls
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder the text around them
 * ("Trojan Source", CVE-2021-42574; Unicode UAX #9). No email address, key name or search needs one;
 * PostgreSQL refuses NUL in text outright. One home: the forms refuse them (issue 30, finding 8) and
 * the command line escapes them (cli/terminal-text.ts, finding 9).
 */
const CLASS = "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";

export const UNSAFE_CHARACTER = new RegExp(`[${CLASS}]`);
export const UNSAFE_CHARACTERS = new RegExp(`[${CLASS}]`, "g");
/** For TypeBox's `pattern` (compiled without flags): text free of them. */
export const SAFE_TEXT_PATTERN = `^[^${CLASS}]*$`;

export function holdsUnsafeCharacters(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/** The sentence a form shows when a field holds one: `what` names the field ("An email address"). */
export function unsafeCharactersMessage(what: string): string {
  return `${what} cannot hold control characters (such as NUL or ESC) or invisible direction marks; remove them and try again.`;
}
