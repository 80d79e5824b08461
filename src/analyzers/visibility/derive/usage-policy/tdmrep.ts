import type { TextFileArtifact } from "../../gather/artifacts.ts";

/**
 * The W3C TDM Reservation Protocol (TDMRep, Community Group final report, 2024-05-10): the EU
 * text-and-data-mining opt-out of Directive 2019/790 art. 4. Three carriers: `/.well-known/tdmrep.json`
 * (an array of `{location, tdm-reservation, tdm-policy}` rules for path patterns), the
 * `tdm-reservation` / `tdm-policy` HTTP headers, and `<meta name="tdm-reservation">` /
 * `<meta name="tdm-policy">` in HTML. `tdm-reservation: 1` reserves TDM rights (mining needs a licence,
 * which `tdm-policy` may point to); `0` or no declaration reserves nothing.
 */

export interface TdmDeclaration {
  carrier: "tdmrep.json" | "HTTP header" | "HTML meta";
  reserved: boolean;
  policy: string | null;
  /** The rule, header or tag as written. */
  text: string;
}

export type TdmFile =
  | { kind: "absent" }
  | { kind: "invalid"; url: string; problem: string }
  | { kind: "rules"; url: string; declaration: TdmDeclaration | null; rules: number };

/** At most this many rules are read: a real file has a handful. */
const MAX_RULES = 500;
/** A location with more wildcards than this is skipped: each `*` multiplies the matcher's work on a long path. */
const MAX_WILDCARDS = 8;

/** The well-known file read for the homepage's path: the first rule whose location matches it. */
export function tdmFile(file: TextFileArtifact | undefined, path: string): TdmFile {
  if (!file || !file.ok || file.status === 404 || file.status === 410) return { kind: "absent" };
  if (file.status >= 400) return { kind: "invalid", url: file.url, problem: `it answers HTTP ${file.status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch {
    // An HTML page at the address (a catch-all route) is no file at all.
    if (/^\s*</.test(file.text)) return { kind: "absent" };
    return { kind: "invalid", url: file.url, problem: "it is not valid JSON" };
  }
  if (!Array.isArray(parsed)) return { kind: "invalid", url: file.url, problem: "it is not a JSON array of rules" };
  const rules = parsed.slice(0, MAX_RULES).filter((rule): rule is Record<string, unknown> => typeof rule === "object" && rule !== null && !Array.isArray(rule));
  for (const rule of rules) {
    const location = typeof rule.location === "string" ? rule.location : null;
    if (location === null || location.length > 2048 || (location.match(/\*/g)?.length ?? 0) > MAX_WILDCARDS || !locationMatches(location, path)) continue;
    const reservation = rule["tdm-reservation"];
    const policy = typeof rule["tdm-policy"] === "string" ? rule["tdm-policy"] : null;
    return { kind: "rules", url: file.url, rules: rules.length, declaration: { carrier: "tdmrep.json", reserved: reservation === 1 || reservation === "1", policy, text: JSON.stringify(rule).slice(0, 200) } };
  }
  return { kind: "rules", url: file.url, rules: rules.length, declaration: null };
}

/** A location pattern: a path prefix where `*` matches any run of characters (the report's examples: `/`, `/*`, `/books/*`). */
function locationMatches(location: string, path: string): boolean {
  const pattern = location.startsWith("/") ? location : `/${location}`;
  const regex = new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}`);
  return regex.test(path);
}

/** The headers on the homepage's answer. */
export function tdmHeader(headers: Record<string, string>): TdmDeclaration | null {
  const reservation = headers["tdm-reservation"];
  if (reservation === undefined) return null;
  const policy = headers["tdm-policy"] ?? null;
  return { carrier: "HTTP header", reserved: reservation.trim() === "1", policy, text: `tdm-reservation: ${reservation.slice(0, 40)}${policy ? `, tdm-policy: ${policy.slice(0, 160)}` : ""}` };
}

/** The meta tags in the homepage's HTML. */
export function tdmMeta(meta: (name: string) => string | null): TdmDeclaration | null {
  const reservation = meta("tdm-reservation");
  if (reservation === null) return null;
  const policy = meta("tdm-policy");
  return { carrier: "HTML meta", reserved: reservation.trim() === "1", policy, text: `<meta name="tdm-reservation" content="${reservation.slice(0, 40)}">` };
}
