/**
 * A signal's evidence as the record keeps it: the interface fixes its shape (an array of strings), so the
 * number of entries and their length are bounded instead, and what was left out is counted in a last
 * entry. Audits quote a few lines each; a page or a robots.txt crafted to make one quote thousands of
 * URLs must not grow the record with them.
 */
export const MAX_EVIDENCE_ENTRIES = 20;
export const MAX_EVIDENCE_CHARS = 1000;

export function boundedEvidence(evidence: readonly string[]): string[] {
  const kept = evidence.slice(0, MAX_EVIDENCE_ENTRIES).map((entry) => (entry.length > MAX_EVIDENCE_CHARS ? `${entry.slice(0, MAX_EVIDENCE_CHARS)}…` : entry));
  const left = evidence.length - kept.length;
  if (left > 0) kept.push(`… and ${left} more (at most ${MAX_EVIDENCE_ENTRIES} quoted per signal)`);
  return kept;
}
