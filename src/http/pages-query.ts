import { Type as T } from "@sinclair/typebox";
import { PAGE_VERDICT_PAGING, PLATFORM_IDS, VERDICT_WORDS, parseStatusFilter, type PageVerdictFilters } from "../reports/page-verdicts.ts";

/** The query of GET /api/report/:domain/pages.json, validated here and documented from the same schema. */
export const PagesQuery = T.Object(
  {
    template: T.Optional(T.String({ maxLength: 300, description: 'Only the pages of this template, exactly as the verdicts name it: `/blog/<slug>`; `/` is the homepage.' })),
    status: T.Optional(
      T.String({ description: `Only pages with this verdict (${VERDICT_WORDS.map((word) => `\`${word}\``).join(", ")}) or this HTTP status of the final response (\`404\`).` }),
    ),
    platform: T.Optional(T.String({ description: `Only the pages this AI platform cannot find or read: ${PLATFORM_IDS.map((id) => `\`${id}\``).join(", ")}.` })),
    limit: T.Optional(T.Integer({ minimum: 1, maximum: PAGE_VERDICT_PAGING.maxLimit, default: PAGE_VERDICT_PAGING.defaultLimit, description: "Verdicts per page, in the order sampled." })),
    offset: T.Optional(T.Integer({ minimum: 0, maximum: PAGE_VERDICT_PAGING.maxOffset, default: 0, description: "Verdicts to skip: the `next` link of the previous page sets it." })),
  },
  { additionalProperties: false },
);

export type PagesQueryValue = PageVerdictFilters & { limit: number; offset: number };

const NAMES = Object.keys(PagesQuery.properties);

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
    const schema = PagesQuery.properties[name];
    // Only plain decimal digits: "1e2", " 5" or "0x10" are not what a person meant by a count.
    const number = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(number >= schema.minimum! && number <= schema.maximum!)) {
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

/** The query as the route declares it: the same members and descriptions, each an optional string, so that nothing is refused before parsePagesQuery. */
export const PagesQueryDocument = T.Object(
  Object.fromEntries(Object.entries(PagesQuery.properties).map(([name, schema]) => [name, T.Optional(T.String({ description: `${schema.description}${"maximum" in schema ? ` From ${schema.minimum} to ${schema.maximum}, default ${schema.default}.` : ""}` }))])),
);
