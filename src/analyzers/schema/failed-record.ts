import type { SchemaRecord } from "./record-schema.ts";

/** The record of a page that could not be analysed: no result, the reason in words. */
export function failedRecord(domain: string, reason: string, scannedAt: Date): SchemaRecord {
  return { domain, status: "failed", scannedAt: scannedAt.toISOString(), result: null, reason };
}
