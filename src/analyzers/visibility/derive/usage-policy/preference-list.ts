/**
 * `key=value, key=value` as both carriers write it: Content Signals (`search=yes, ai-train=no`,
 * contentsignals.org) and AIPREF (`train-ai=n, search=y`, an RFC 9651 dictionary per
 * draft-ietf-aipref-vocab §5). Read leniently, as a crawler would: keys lower-cased, spaces ignored,
 * a member without `=` kept with an empty value so that it can be reported rather than dropped.
 */
export interface Preference {
  key: string;
  value: string;
  /** The member as written, for evidence. */
  raw: string;
}

/** At most this many members are read from one line: a real line has three or four. */
const MAX_MEMBERS = 32;

export function preferenceList(text: string): Preference[] {
  return text
    .split(",")
    .slice(0, MAX_MEMBERS)
    .map((member) => member.trim())
    .filter(Boolean)
    .map((raw) => {
      const equals = raw.indexOf("=");
      const key = (equals < 0 ? raw : raw.slice(0, equals)).trim().toLowerCase();
      // RFC 9651 parameters (`;…`) carry nothing either vocabulary defines.
      const value = equals < 0 ? "" : raw.slice(equals + 1).split(";")[0]!.trim().toLowerCase().replace(/^"(.*)"$/, "$1");
      return { key, value, raw };
    });
}
