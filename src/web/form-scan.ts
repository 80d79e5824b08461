import type { ScanApiDeps } from "../scans/scan-api.ts";
import { startScan } from "../scans/start-scan.ts";
import { readDomainReport } from "../reports/domain-report.ts";
import { pageSubjectOf, reportSubjectOf } from "../reports/report-subject.ts";

/**
 * POST /scan: the scan form without JavaScript (an application/x-www-form-urlencoded post).
 *
 * A proof-of-work challenge cannot be solved without JavaScript, so without a `challengeToken` this
 * never starts a scan. It still does everything that costs nothing and needs no credential: a fresh
 * stored report, or a scan already running for the domain, is shown at once (the report page then
 * refreshes itself until the record exists). Otherwise the answer says plainly that a new scan needs
 * JavaScript or an API key, and links a stale report if there is one. When a widget did run and put
 * its token in the form, the post goes through the same checks as POST /api/scan.
 */

/** `page` (per-page services only): the page whose report to show, null for the homepage. */
export type FormScanOutcome =
  | { kind: "show-report"; domain: string; page?: string | null }
  | { kind: "invalid"; url: string; error: string }
  | { kind: "needs-javascript"; domain: string; page?: string | null; stale: { scannedAt: string } | null }
  | { kind: "verification-failed"; domain: string; error: string }
  | { kind: "limited"; domain: string; error: string; retryAfterSeconds: number; headers: Record<string, string> };

export interface FormScanInput {
  fields: URLSearchParams;
  clientIp: string;
}

export async function handleFormScan(deps: ScanApiDeps, input: FormScanInput): Promise<FormScanOutcome> {
  const url = input.fields.get("url") ?? "";
  const forceRescan = input.fields.get("forceRescan") === "true";
  const token = input.fields.get("challengeToken") ?? "";
  // Services that keep records per page (schema) look for, and show, the page asked for.
  const target = deps.perPage ? pageSubjectOf(url) : reportSubjectOf(url);
  if (!target.ok) return { kind: "invalid", url, error: target.error };
  const domain = target.subject.domain;
  const asked = target.subject.page !== undefined ? { page: target.subject.page } : {};
  const shown = { kind: "show-report" as const, domain, ...asked };

  if (token === "") {
    const { latest, running } = await readDomainReport(deps.db, target.subject);
    const fresh = latest !== null && deps.now() - latest.scannedAt < deps.cacheTtlSeconds * 1000;
    if ((fresh && !forceRescan) || running) return shown;
    return { kind: "needs-javascript", domain, ...asked, stale: latest ? { scannedAt: new Date(latest.scannedAt).toISOString() } : null };
  }

  const verified = await deps.authenticator.verifyChallenge(token, input.clientIp);
  if (!verified.ok) return { kind: "verification-failed", domain, error: verified.error };
  const outcome = await startScan(deps, { url, forceRescan, caller: { kind: "challenge" }, clientIp: input.clientIp });
  switch (outcome.kind) {
    case "cached":
    case "started":
      return shown;
    case "invalid":
      return { kind: "invalid", url, error: outcome.error };
    case "limited":
      return { kind: "limited", domain, error: outcome.error, retryAfterSeconds: outcome.retryAfterSeconds, headers: outcome.headers };
  }
}
