import { type Static, Type } from "@sinclair/typebox";

/**
 * The mark on a record that `sightline rescore` made from stored artifacts instead of a new scan. Both
 * services' records carry it, so it is defined once. The record's own `scannedAt` stays the time the
 * site was scanned: nothing was fetched again, and a re-scored record must not look fresher than its
 * data (it does not renew the 24-hour cache).
 */

const ISO_8601_UTC = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z$";

export const RescoredFromSchema = Type.Object(
  {
    scanId: Type.Integer({ minimum: 1, description: "The stored scan whose gathered artifacts were judged again." }),
    scannedAt: Type.String({ pattern: ISO_8601_UTC, description: "When that scan ran, ISO 8601 in UTC: the same time as the record's `scannedAt`." }),
    rescoredAt: Type.String({ pattern: ISO_8601_UTC, description: "When the record was re-scored, ISO 8601 in UTC." }),
    version: Type.String({ description: "The sightline version whose audits and scoring produced this record." }),
  },
  {
    description:
      "Only on records re-scored from a stored scan (`sightline rescore`), typically after an upgrade changed the audits or scoring: " +
      "nothing was fetched again. Absent on records of a scan.",
  },
);

export type RescoredFrom = Static<typeof RescoredFromSchema>;
