import type { VisibilityRecord } from "./record-schema.ts";

/** The record of a domain that could not be scanned: no result, the reason in words. */
export function failedRecord(domain: string, reason: string, scannedAt: Date): VisibilityRecord {
  return { domain, status: "failed", scannedAt: scannedAt.toISOString(), result: null, offSite: null, reason };
}
