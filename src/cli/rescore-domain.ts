import type { AnyRecord } from "../analyzers/analyzer.ts";
import type { Analyzer } from "../analyzers/analyzer.ts";
import { recordFacts } from "../analyzers/record-facts.ts";
import type { RescoredFrom } from "../analyzers/rescored-from-schema.ts";
import type { Db } from "../store/database.ts";
import { insertScan, latestScan, storedArtifacts, type StoredScan } from "../store/scans-repo.ts";
import { decodeArtifacts } from "../scans/stored-artifacts.ts";
import type { Rescorer } from "./rescorers.ts";
import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";
import { storedPageVerdicts } from "../scans/bounded-page-verdicts.ts";

/**
 * Re-scores the latest stored scan of one domain from its stored artifacts and inserts the result as a
 * new row; no row is ever changed. The new row keeps the original scan time, so it is served as the
 * latest record of that scan, yet a newer scan stored meanwhile stays the latest, and the record does
 * not look fresh enough to be served from the cache beyond its scan's 24 hours.
 *
 * A re-scored row stores no copy of the artifacts: its record's `rescoredFrom.scanId` names the row
 * that holds them, and re-scoring it again reads them there. Re-scoring every domain after each
 * upgrade thus adds only records, not another copy of every page.
 */


/** Why a stored scan was not re-scored: expected situations, counted and named in the summary. */
export type SkipReason = "latest-failed" | "no-artifacts" | "unreadable-artifacts" | "incompatible-artifacts";

export const SKIP_REASONS: Record<SkipReason, string> = {
  "latest-failed": "the latest scan failed",
  "no-artifacts": "no stored artifacts",
  "unreadable-artifacts": "unreadable artifacts",
  "incompatible-artifacts": "artifacts this build cannot read",
};

export type RescoreOutcome =
  | { kind: "unknown-domain" }
  | { kind: "skipped"; reason: SkipReason; detail: string }
  /** The audits or scoring threw on these artifacts: a bug to report, not a situation to expect. */
  | { kind: "error"; detail: string }
  | { kind: "rescored"; scanId: number; fromScanId: number; previousScore: number | null; score: number | null; status: "ok" | "failed"; reason?: string };

export interface RescoreDeps {
  db: Db;
  analyzer: Pick<Analyzer<AnyRecord>, "scoreOf">;
  rescorer: Rescorer;
  now: () => Date;
  version: string;
}

/** A write that fails (the database stays locked past its busy timeout, the disk is full) throws. */
export async function rescoreDomain(deps: RescoreDeps, domain: string): Promise<RescoreOutcome> {
  const latest = await latestScan(deps.db, domain);
  if (!latest) return { kind: "unknown-domain" };
  if (latest.status !== "ok") return skip("latest-failed", `the latest scan (#${latest.id}) failed, so there is nothing to re-score`);

  const sourceId = artifactsScanId(latest);
  const source = await storedArtifacts(deps.db, sourceId);
  if (!source) return skip("no-artifacts", `scan #${sourceId}, which holds the artifacts, is no longer stored`);
  // Only a damaged record could point elsewhere; another site's artifacts must never be judged as this one's.
  if (source.domain !== domain) return skip("no-artifacts", `the record names scan #${sourceId} as its source, which is a scan of ${source.domain}`);
  if (source.artifactsJson === null) return skip("no-artifacts", `scan #${sourceId} stored no artifacts (it ran before artifacts were kept)`);

  let artifacts: unknown;
  try {
    artifacts = decodeArtifacts(source.artifactsJson);
  } catch (error) {
    return skip("unreadable-artifacts", `the artifacts of scan #${sourceId} could not be read (${(error as Error).message})`);
  }
  const incompatibility = deps.rescorer.incompatibility(artifacts);
  if (incompatibility !== null) return skip("incompatible-artifacts", `scan #${sourceId}: ${incompatibility}`);

  const scannedAt = new Date(source.scannedAt);
  let scored: AnyRecord;
  let pages: PageVerdict[] | undefined;
  try {
    scored = deps.rescorer.score(domain, artifacts, scannedAt);
    pages = deps.rescorer.pageVerdicts?.(domain, artifacts, scannedAt);
  } catch (error) {
    return { kind: "error", detail: `the audits or scoring failed on the artifacts of scan #${sourceId}: ${error instanceof Error ? error.message : String(error)}` };
  }

  const rescoredFrom: RescoredFrom = { scanId: sourceId, scannedAt: scannedAt.toISOString(), rescoredAt: deps.now().toISOString(), version: deps.version };
  const record = { ...scored, rescoredFrom };
  const score = deps.analyzer.scoreOf(record);
  const scanId = await insertScan(deps.db, {
    domain,
    // The re-scored record stays the page's (schema records are kept per page).
    pageUrl: latest.pageUrl ?? null,
    status: record.status,
    score,
    ...recordFacts(record),
    scannedAt: source.scannedAt,
    recordJson: JSON.stringify(record),
    artifactsJson: null,
    caller: { kind: "cli" },
    // The scan's budget stays its own; its verdicts are the regenerated ones, tied to the new row.
    pagesBudget: latest.pagesBudget ?? null,
    pages: storedPageVerdicts(pages),
  });
  const reason = (record as { reason?: unknown }).reason;
  return {
    kind: "rescored",
    scanId,
    fromScanId: sourceId,
    previousScore: latest.score,
    score,
    status: record.status,
    ...(typeof reason === "string" ? { reason } : {}),
  };
}

/** The row holding the artifacts: the scan itself, or for a re-scored record the scan it came from. */
function artifactsScanId(latest: StoredScan): number {
  try {
    const record = JSON.parse(latest.recordJson) as { rescoredFrom?: { scanId?: unknown } };
    const scanId = record.rescoredFrom?.scanId;
    if (typeof scanId === "number" && Number.isSafeInteger(scanId) && scanId > 0) return scanId;
  } catch {
    // A record that does not parse names no other scan: its own row is the one to read.
  }
  return latest.id;
}

function skip(reason: SkipReason, detail: string): RescoreOutcome {
  return { kind: "skipped", reason, detail };
}
