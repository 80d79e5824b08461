import { parseProgress } from "../http/scan-in-progress.ts";
import { findActiveJob } from "../scans/queue.ts";
import type { Db } from "../store/database.ts";

/**
 * Where the domain's active scan is, in words for an MCP client ("Probing the homepage as AI crawlers
 * (3 of 9 steps done)"), or null when no scan of it is queued or running.
 */
export function describeScanStep(db: Db, domain: string): string | null {
  const job = findActiveJob(db, domain);
  if (!job) return null;
  if (job.state === "queued") return "queued, waiting for a free worker";
  const progress = parseProgress(job.progressJson);
  if (!progress) return "starting";
  return `${progress.step} (${progress.done} of ${progress.total} steps done)`;
}
