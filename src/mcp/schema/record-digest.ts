import { z } from "zod";
import type { SchemaRecord } from "../../analyzers/schema/record-schema.ts";

/** Items described in an answer; the rest are counted (`moreItems`) and listed in the full record. */
export const MAX_DIGEST_ITEMS = 20;
/** The suggested JSON-LD is the part users paste, so it is given whole up to this many characters. */
export const MAX_DIGEST_JSON_LD_CHARS = 20_000;

/**
 * What the schema tools answer with in place of the record, which may hold megabytes (thousands of
 * items): the counts over every item, the first MAX_DIGEST_ITEMS items with their verdicts, what was
 * cut, and the suggested JSON-LD. The full record is served at the answer's reportUrl.
 */
export const SchemaDigestOutput = z.object({
  domain: z.string(),
  status: z.enum(["ok", "failed"]),
  scannedAt: z.string().describe("When the page was analysed, ISO 8601 in UTC."),
  reason: z.string().nullable().describe('Why the analysis failed; null when status is "ok".'),
  page: z.object({ url: z.string(), finalUrl: z.string(), status: z.number(), title: z.string().nullable() }).nullable(),
  counts: z
    .object({ items: z.number(), errors: z.number(), warnings: z.number(), eligible: z.number(), deprecated: z.number() })
    .nullable()
    .describe("Over every item checked: items, errors, warnings, rich results eligible, features no longer shown."),
  items: z
    .array(
      z.object({
        path: z.string(),
        format: z.string(),
        type: z.string(),
        id: z.string().nullable(),
        errors: z.array(z.string()).describe("The item's first errors, as `property: message`."),
        warnings: z.number(),
        richResults: z.array(z.object({ feature: z.string(), verdict: z.string(), missingRequired: z.array(z.string()) })),
      }),
    )
    .describe(`The first ${MAX_DIGEST_ITEMS} items.`),
  moreItems: z.number().describe("Items checked and counted but not described here: see the full record."),
  limits: z.array(z.string()).describe("Caps the page reached, in words."),
  suggested: z.array(z.object({ type: z.string(), jsonLd: z.string() })).describe(`JSON-LD to add, whole up to ${MAX_DIGEST_JSON_LD_CHARS} characters.`),
});
export type SchemaDigest = z.infer<typeof SchemaDigestOutput>;

const MAX_ERRORS_PER_ITEM = 5;

export function digestSchemaRecord(record: SchemaRecord): SchemaDigest {
  const result = record.status === "ok" ? record.result : null;
  const items = (result?.items ?? []).slice(0, MAX_DIGEST_ITEMS);
  return {
    domain: record.domain,
    status: record.status,
    scannedAt: record.scannedAt,
    reason: result ? null : (record.reason ?? "The page could not be analysed."),
    page: result ? result.page : null,
    counts: result
      ? { items: result.summary.items, errors: result.summary.errors, warnings: result.summary.warnings, eligible: result.summary.eligible, deprecated: result.summary.deprecated ?? 0 }
      : null,
    items: items.map((item) => ({
      path: item.path,
      format: item.format,
      type: item.type,
      id: item.id,
      errors: item.errors.slice(0, MAX_ERRORS_PER_ITEM).map((issue) => `${issue.property ?? "(item)"}: ${issue.message}`.slice(0, 500)),
      warnings: item.warnings.length,
      richResults: item.eligibility.map((entry) => ({
        feature: entry.feature,
        verdict: entry.verdict ?? (entry.eligible ? "eligible" : "ineligible"),
        missingRequired: entry.missingRequired.slice(0, 10),
      })),
    })),
    moreItems: Math.max(0, (result?.summary.items ?? 0) - items.length),
    limits: (result?.limits ?? []).map((notice) => notice.message),
    suggested: (result?.generated ?? []).map((entry) => ({ type: entry.type, jsonLd: cutJsonLd(entry.jsonLd) })),
  };
}

function cutJsonLd(text: string): string {
  return text.length <= MAX_DIGEST_JSON_LD_CHARS ? text : `${text.slice(0, MAX_DIGEST_JSON_LD_CHARS)}\n… (cut; the whole block is in the full record)`;
}
