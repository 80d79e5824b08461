import type { Db } from "../store/database.ts";
import { findActiveJob } from "../scans/queue.ts";
import type { ReportSubject } from "./report-subject.ts";

/** How far a running scan is, as its worker last reported it. */
export interface ScanProgress {
  /** Steps finished. */
  done: number;
  /** Steps in all; fixed for one scan. */
  total: number;
  /** The step the scan is on, in words. */
  step: string;
}

/** A scan of the subject that is queued or running now: what pollers show while they wait for its record. */
export interface RunningScan {
  state: "queued" | "running";
  /** When the scan was queued, in ms. */
  queuedAt: number;
  /** null until the running scan first reports, and while queued. */
  progress: ScanProgress | null;
}

export async function runningScan(db: Db, subject: ReportSubject): Promise<RunningScan | null> {
  const job = await findActiveJob(db, subject.domain, subject.page);
  if (!job) return null;
  return { state: job.state, queuedAt: job.createdAt, progress: job.state === "running" ? parseProgress(job.progressJson) : null };
}

/** The stored progress JSON, or null when missing or not of the expected shape (never trusted blindly into a response). */
export function parseProgress(json: string | null): ScanProgress | null {
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

/** The running scan in words for an MCP client ("Probing the homepage as AI crawlers (3 of 9 steps done)"), or null. */
export function describeRunningScan(running: RunningScan | null): string | null {
  if (!running) return null;
  if (running.state === "queued") return "queued, waiting for a free worker";
  if (!running.progress) return "starting";
  return `${running.progress.step} (${running.progress.done} of ${running.progress.total} steps done)`;
}
