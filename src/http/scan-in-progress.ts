import { Type as T, type Static } from "@sinclair/typebox";
import type { RunningScan } from "../reports/running-scan.ts";

/**
 * The `scan` member the report endpoint adds while a scan of the domain is queued or running: to its
 * 404 (no record yet) and to its 200 (a rescan of a domain that has a record), so that a poller can
 * show which step the scan is on. The same member, with the same shape, in both answers.
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

export function scanInProgress(running: RunningScan): ScanInProgress {
  return { state: running.state, queuedAt: new Date(running.queuedAt).toISOString(), progress: running.progress };
}
