import { normalizeTarget } from "../scans/normalize-target.ts";

/**
 * What a report is kept for. Today that is a domain: the store holds one series of records per
 * domain. Per-page records (the schema service) will add an optional page URL here, and only the
 * store queries behind src/reports/ need to learn it: every reader goes through this module.
 */
export interface ReportSubject {
  domain: string;
}

export type SubjectOutcome = { ok: true; subject: ReportSubject } | { ok: false; error: string };

/** A domain, or any URL on it, as asked for by a path, a form or a tool → the subject its records are kept under. */
export function reportSubjectOf(requested: string): SubjectOutcome {
  const target = normalizeTarget(requested);
  return target.ok ? { ok: true, subject: { domain: target.domain } } : { ok: false, error: target.error };
}
