import { PAGE_VERDICT_PAGING, PLATFORM_IDS, VERDICT_WORDS, parseStatusFilter, type PageVerdictFilters } from "./page-verdicts.ts";

/**
 * The filters and paging of a verdicts read, from a query string: pages.json answers 400 with the
 * message; the report page shows it beside an unfiltered table.
 */

export type PagesQueryValue = PageVerdictFilters & { limit: number; offset: number };

const NAMES = ["template", "status", "platform", "limit", "offset"];

/** The filters and paging asked for, or the message of a 400 that names the parameter and what it accepts. */
export function parsePagesQuery(search: URLSearchParams): { ok: true; value: PagesQueryValue } | { ok: false; error: string } {
  const raw: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!NAMES.includes(name)) return { ok: false, error: `Unknown query parameter "${name.slice(0, 64)}": pages.json accepts ${NAMES.join(", ")}.` };
    if (name in raw) return { ok: false, error: `The query parameter "${name}" is given more than once.` };
    raw[name] = value;
  }
  const value: PagesQueryValue = { limit: PAGE_VERDICT_PAGING.defaultLimit, offset: 0 };
  for (const name of ["limit", "offset"] as const) {
    const text = raw[name];
    if (text === undefined) continue;
    const schema = name === "limit" ? { minimum: 1, maximum: PAGE_VERDICT_PAGING.maxLimit } : { minimum: 0, maximum: PAGE_VERDICT_PAGING.maxOffset };
    // Only plain decimal digits: "1e2", " 5" or "0x10" are not what a person meant by a count.
    const number = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(number >= schema.minimum && number <= schema.maximum)) {
      return { ok: false, error: `The query parameter "${name}" must be a whole number from ${schema.minimum} to ${schema.maximum}; got ${JSON.stringify(text.slice(0, 64))}.` };
    }
    value[name] = number;
  }
  if (raw.template !== undefined) {
    if (raw.template === "" || raw.template.length > 300) return { ok: false, error: 'The query parameter "template" must be a template of 1 to 300 characters, such as "/blog/<slug>".' };
    value.template = raw.template;
  }
  if (raw.status !== undefined) {
    const status = parseStatusFilter(raw.status);
    if (status === null) {
      return { ok: false, error: `The query parameter "status" must be ${VERDICT_WORDS.join(", ")} or a three-digit HTTP status such as 404; got ${JSON.stringify(raw.status.slice(0, 64))}.` };
    }
    value.status = status;
  }
  if (raw.platform !== undefined) {
    if (!PLATFORM_IDS.includes(raw.platform)) {
      return { ok: false, error: `The query parameter "platform" must be one of ${PLATFORM_IDS.join(", ")}; got ${JSON.stringify(raw.platform.slice(0, 64))}.` };
    }
    value.platform = raw.platform;
  }
  return { ok: true, value };
}

