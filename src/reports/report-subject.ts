import { normalizeTarget } from "../scans/normalize-target.ts";
import { targetUrlOf } from "../scans/start-scan.ts";

/**
 * What a report is kept for: a domain, and for the schema service, which keeps one series of records
 * per page, one page of it. Every reader goes through this module and src/reports/, so only the store
 * queries behind them know how pages are stored.
 */
export interface ReportSubject {
  domain: string;
  /**
   * The page: its URL (http(s), fragment dropped, as the scan was queued with), null for the domain's
   * homepage, or absent for the domain's newest record whatever its page (the per-domain endpoint,
   * the badge, and every reader of the visibility service).
   */
  page?: string | null;
}

export type SubjectOutcome = { ok: true; subject: ReportSubject } | { ok: false; error: string };

/** A domain, or any URL on it, as asked for by a path, a form or a tool → the subject its records are kept under. */
export function reportSubjectOf(requested: string): SubjectOutcome {
  const target = normalizeTarget(requested);
  return target.ok ? { ok: true, subject: { domain: target.domain } } : { ok: false, error: target.error };
}

/** A URL (or bare domain: its homepage) → the one page of the domain its records are kept under. */
export function pageSubjectOf(requested: string): SubjectOutcome {
  const target = normalizeTarget(requested);
  return target.ok ? { ok: true, subject: { domain: target.domain, page: targetUrlOf(requested) } } : { ok: false, error: target.error };
}

/**
 * The page a report page's `?url=` asks for on `domain` (the path's domain, already canonical):
 * an absolute http(s) URL on that domain (www. or not), or the reason it cannot be shown.
 */
export function pageOfDomain(domain: string, requested: string): SubjectOutcome {
  if (!/^https?:\/\//i.test(requested.trim())) return { ok: false, error: "The page must be an absolute http:// or https:// URL, such as https://" + domain + "/products/1." };
  const outcome = pageSubjectOf(requested);
  if (!outcome.ok) return outcome;
  if (outcome.subject.domain !== domain) return { ok: false, error: `${requested.trim()} is not a page of ${domain}: its records are kept under ${outcome.subject.domain}.` };
  return outcome;
}
