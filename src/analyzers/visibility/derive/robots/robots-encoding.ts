/**
 * One spelling for robots.txt paths and URL paths, so that they compare octet by octet (RFC 9309 §2.2.2):
 * - non-ASCII and unsafe ASCII characters are percent-encoded (`/café` = `/caf%C3%A9`);
 * - escapes of unreserved characters are decoded (`/%62az` = `/baz`), other escapes are kept;
 * - hex digits are upper case (`%c3%a9` = `%C3%A9`).
 * robots-parser does the first and last itself but encodes with encodeURI, which also escapes `[`, `]`,
 * `|` and `^`, characters the URL parser leaves as they are, and it never decodes unreserved escapes.
 * Both sides are therefore brought to this spelling first; it is stable under robots-parser's own pass.
 */

/** Characters written as they are; anything else is percent-encoded. `'` is not among them because the URL parser encodes it in queries. */
const KEPT = /[A-Za-z0-9\-._~!$&()*+,/:;=?@]/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const HEX_ESCAPE = /^%[0-9A-Fa-f]{2}$/;
const utf8 = new TextEncoder();

/**
 * An Allow or Disallow value. `*` is always the wildcard; `$` ends the pattern only as its last
 * character, and elsewhere stands for itself, as in Google's parser, so it is encoded like the `$` of a path.
 */
export function comparablePattern(pattern: string): string {
  const anchored = pattern.endsWith("$");
  const body = comparable(anchored ? pattern.slice(0, -1) : pattern, "$");
  return anchored ? `${body}$` : body;
}

/**
 * A URL's path and query. A literal `*` or `$` in a URL can only be matched by `%2A` or `%24` in a
 * rule (RFC 9309 §2.2.3), so they are encoded here.
 */
export function comparablePath(path: string): string {
  return comparable(path, "*$");
}

/** `text` in the one spelling, with the characters in `literal` encoded as well. */
function comparable(text: string, literal: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const escape = text.slice(index, index + 3);
    if (char === "%" && HEX_ESCAPE.test(escape)) {
      out += normalisedEscape(escape);
      index += 2;
    } else if (char === "%") {
      out += char; // a stray "%" is compared as it is, as the URL parser leaves it
    } else if (literal.includes(char)) {
      out += percentEncoded(char);
    } else if (KEPT.test(char)) {
      out += char;
    } else {
      const codePoint = String.fromCodePoint(text.codePointAt(index)!);
      out += percentEncoded(codePoint);
      index += codePoint.length - 1;
    }
  }
  return out;
}

function normalisedEscape(escape: string): string {
  const decoded = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
  return UNRESERVED.test(decoded) ? decoded : escape.toUpperCase();
}

function percentEncoded(text: string): string {
  let out = "";
  for (const byte of utf8.encode(text)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}
