/**
 * The facts of a record that listings and history show beside its score, read once when the record is
 * stored and kept in columns of their own: reading them back out of each stored record (a JSON parse per
 * row) cost seconds per history page once records grew to megabytes.
 */
export interface RecordFacts {
  /** The record's `result.grade` (visibility records), or null: failed scans, and services without grades. */
  grade: string | null;
  /** The record was re-scored from an older scan's artifacts (`sightline rescore`): it carries `rescoredFrom`. */
  rescored: boolean;
}

export function recordFacts(record: object): RecordFacts {
  const result = "result" in record ? record.result : null;
  const grade = typeof result === "object" && result !== null && "grade" in result && typeof result.grade === "string" ? result.grade : null;
  const rescored = "rescoredFrom" in record && record.rescoredFrom !== undefined && record.rescoredFrom !== null;
  return { grade, rescored };
}
