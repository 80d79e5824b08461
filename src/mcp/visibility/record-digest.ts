import { z } from "zod";
import { Type } from "@sinclair/typebox";
import { IssueSchema, OffSiteSchema, type VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { zodFromTypeBox } from "../zod-from-typebox.ts";

/**
 * What the visibility tools answer with in place of the record: the score, grade, pillars, top issues
 * (the interface's own issue shape) and off-site presence. Every part is bounded (seven pillars, at most
 * ten issues); the signals and the sampled pages stay in the full record, served at the answer's reportUrl.
 */
export const VisibilityDigestOutput = z.object({
  domain: z.string(),
  status: z.enum(["ok", "failed"]),
  scannedAt: z.string().describe("When the scan ran, ISO 8601 in UTC."),
  reason: z.string().nullable().describe('Why the scan failed; null when status is "ok".'),
  score: z.number().nullable().describe("0-100; null when the scan failed."),
  grade: z.string().nullable().describe('"A" to "F"; null when the scan failed.'),
  label: z.string().nullable(),
  pillars: z.array(z.object({ id: z.string(), title: z.string(), score: z.number(), weight: z.number() })).describe("The seven pillars (their signals are in the full record)."),
  topIssues: zodFromTypeBox(Type.Array(IssueSchema)).describe("Up to ten issues with their fixes, most costly first."),
  offSite: zodFromTypeBox(Type.Union([OffSiteSchema, Type.Null()])).describe("Wikidata, Wikipedia and Common Crawl presence; null when not checked."),
});
export type VisibilityDigest = z.infer<typeof VisibilityDigestOutput>;

export function digestVisibilityRecord(record: VisibilityRecord): VisibilityDigest {
  const result = record.status === "ok" ? record.result : null;
  return {
    domain: record.domain,
    status: record.status,
    scannedAt: record.scannedAt,
    reason: result ? null : (record.reason ?? "The site could not be analysed."),
    score: result?.score ?? null,
    grade: result?.grade ?? null,
    label: result?.label ?? null,
    pillars: (result?.pillars ?? []).map(({ id, title, score, weight }) => ({ id, title, score, weight })),
    topIssues: (result?.topIssues ?? []).slice(0, 10),
    offSite: record.offSite ?? null,
  };
}
