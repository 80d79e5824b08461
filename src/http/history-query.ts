import { Type as T, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { HISTORY_PAGING } from "../reports/report-history.ts";

/** The query of GET /api/report/:domain/history.json, validated here and documented from the same schema. */
export const HistoryQuery = T.Object(
  {
    limit: T.Optional(
      T.Integer({ minimum: 1, maximum: HISTORY_PAGING.maxLimit, default: HISTORY_PAGING.defaultLimit, description: "Scans per page, newest first." }),
    ),
    offset: T.Optional(T.Integer({ minimum: 0, maximum: HISTORY_PAGING.maxOffset, default: 0, description: "Scans to skip: the `next` link of the previous page sets it." })),
  },
  { additionalProperties: false },
);

export type HistoryQueryValue = Required<Static<typeof HistoryQuery>>;

const NAMES = Object.keys(HistoryQuery.properties) as (keyof typeof HistoryQuery.properties)[];

/** The paging asked for, or the message of a 400 that names the parameter and what it accepts. */
export function parseHistoryQuery(search: URLSearchParams): { ok: true; value: HistoryQueryValue } | { ok: false; error: string } {
  const raw: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!(NAMES as string[]).includes(name)) return { ok: false, error: `Unknown query parameter "${name}": the history accepts ${NAMES.join(" and ")}.` };
    if (name in raw) return { ok: false, error: `The query parameter "${name}" is given more than once.` };
    raw[name] = value;
  }
  for (const name of NAMES) {
    if (raw[name] === undefined) continue;
    const schema = HistoryQuery.properties[name];
    // Only plain decimal digits: "1e2", " 5" or "0x10" are not what a person meant by a count.
    const number = /^\d{1,9}$/.test(raw[name]) ? Number(raw[name]) : Number.NaN;
    if (!Value.Check(schema, number)) {
      return { ok: false, error: `The query parameter "${name}" must be a whole number from ${schema.minimum} to ${schema.maximum}; got ${JSON.stringify(raw[name])}.` };
    }
  }
  const value = Value.Default(HistoryQuery, Object.fromEntries(Object.entries(raw).map(([name, text]) => [name, Number(text)]))) as HistoryQueryValue;
  return { ok: true, value };
}
