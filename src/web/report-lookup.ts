import type { Db } from "../store/database.ts";
import { latestScan, type StoredScan } from "../store/scans-repo.ts";
import { findActiveJob } from "../scans/queue.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { parseProgress, type ScanProgressJson } from "../http/scan-in-progress.ts";

/** What GET /report/:domain shows, decided from the path parameter, the stored scans and the queue. */
export type ReportLookup =
  | { kind: "not-a-domain"; error: string }
  /** "WWW.Example.com" → the canonical address of the same report. */
  | { kind: "redirect"; domain: string }
  | { kind: "report"; scan: StoredScan; scanRunning: boolean }
  | { kind: "in-progress"; domain: string; state: "queued" | "running"; progress: ScanProgressJson | null }
  | { kind: "never-scanned"; domain: string };

export function lookUpReport(db: Db, requested: string): ReportLookup {
  const target = normalizeTarget(requested);
  if (!target.ok) return { kind: "not-a-domain", error: target.error };
  if (target.domain !== requested) return { kind: "redirect", domain: target.domain };
  const scan = latestScan(db, target.domain);
  const job = findActiveJob(db, target.domain);
  if (scan) return { kind: "report", scan, scanRunning: job !== null };
  if (job) return { kind: "in-progress", domain: target.domain, state: job.state, progress: job.state === "running" ? parseProgress(job.progressJson) : null };
  return { kind: "never-scanned", domain: target.domain };
}
