/**
 * Record JSON as both engines can read it. PostgreSQL's jsonb, through which the history and the
 * report pages read records (scans-repo.ts), refuses the escape `\u0000` ("unsupported Unicode escape
 * sequence") and a lone surrogate escape such as `\ud800` ("invalid input syntax for type json"), so one
 * scanned page holding either in its JSON-LD made its domain's history answer 500 for good (issue 30,
 * finding 8). Both reach records only from scanned pages, where they carry no meaning: a NUL is dropped,
 * a lone surrogate becomes U+FFFD (as any UTF-8 encoder writes it). Applied where records enter the store.
 */

// An escape is one when the backslashes before it pair up (`\\u0000` is a backslash, then text).
const SUSPECT_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(0000|[dD][89abAB][0-9a-fA-F]{2}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?|[dD][c-fC-F][0-9a-fA-F]{2})/g;
const MAY_HOLD_SUSPECT = /\\u(?:0000|[dD][89a-fA-F])/;

export function storableJson(json: string): string {
  const text = json.includes("\0") ? json.replaceAll("\0", "") : json;
  if (!MAY_HOLD_SUSPECT.test(text)) return text;
  return text.replace(SUSPECT_ESCAPE, (whole: string, backslashes: string, code: string) => {
    if (code === "0000") return backslashes;
    // A high surrogate followed by a low one is a character written as two escapes: kept.
    return code.length === 10 ? whole : `${backslashes}\\ufffd`;
  });
}
