import { Type as T, type Static } from "@sinclair/typebox";
import type { ActiveJobRow } from "../store/jobs-repo.ts";

/**
 * What GET /api/report/:domain.json adds to its 404 while a scan of the domain is queued or running,
 * so that a poller can show which step the scan is on instead of a bare "Not found".
 */

export const ScanProgressBody = T.Object({
  done: T.Integer({ minimum: 0, description: "Steps finished." }),
  total: T.Integer({ minimum: 0, description: "Steps in all; fixed for one scan." }),
  step: T.String({ description: "The step the scan is on, in words." }),
});

export const ScanInProgressBody = T.Object({
  state: T.Union([T.Literal("queued"), T.Literal("running")]),
  queuedAt: T.String({ format: "date-time", description: "When the scan was queued." }),
  progress: T.Union([ScanProgressBody, T.Null()], { description: "The running scan's latest progress; null until it reports (and while queued)." }),
});

export const ReportNotFoundBody = T.Object({
  error: T.Literal("Not found"),
  scan: T.Optional(ScanInProgressBody),
});

export type ScanInProgress = Static<typeof ScanInProgressBody>;
export type ScanProgressJson = Static<typeof ScanProgressBody>;

export function scanInProgress(job: ActiveJobRow): ScanInProgress {
  return {
    state: job.state,
    queuedAt: new Date(job.createdAt).toISOString(),
    progress: job.state === "running" ? parseProgress(job.progressJson) : null,
  };
}

/** The stored progress JSON, or null when missing or not of the expected shape (never trusted blindly into a response). */
export function parseProgress(json: string | null): ScanProgressJson | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const { done, total, step } = value;
    if (!Number.isInteger(done) || !Number.isInteger(total) || typeof step !== "string") return null;
    const finished = Math.max(0, done as number);
    return { done: Math.min(finished, Math.max(0, total as number)), total: Math.max(0, total as number), step };
  } catch {
    return null;
  }
}
