import { platformReachOf } from "../../reports/platform-reach.ts";
import type { SampleShares } from "../statistics/answer-shares.ts";

/**
 * What changed between a watch's previous and latest state that its owner should hear about: the
 * grade dropped, a platform that could read the site no longer can, or a prompt group's citation
 * share fell by more than the threshold. Pure: the caller passes the two scan records and the two
 * runs' per-group shares; delivery (webhook, email) is not built yet (docs/answers.md).
 */
export type AlertTrigger =
  | { kind: "grade-dropped"; from: string; to: string }
  | { kind: "platform-lost"; platform: string; from: "reads" | "limited"; to: "limited" | "blocked" }
  | { kind: "group-share-dropped"; group: string; from: number; to: number; threshold: number };

const GRADE_ORDER = ["A", "B", "C", "D", "F"];

export function scanTriggers(previous: unknown, latest: unknown): AlertTrigger[] {
  const triggers: AlertTrigger[] = [];
  const from = gradeOf(previous);
  const to = gradeOf(latest);
  if (from !== null && to !== null && GRADE_ORDER.indexOf(to) > GRADE_ORDER.indexOf(from)) triggers.push({ kind: "grade-dropped", from, to });
  const before = new Map(platformReachOf(previous).map((entry) => [entry.name, entry.status]));
  for (const entry of platformReachOf(latest)) {
    const was = before.get(entry.name);
    // "unknown" on either side says nothing: a probe that failed is not a lost platform.
    if ((was === "reads" && (entry.status === "limited" || entry.status === "blocked")) || (was === "limited" && entry.status === "blocked")) {
      triggers.push({ kind: "platform-lost", platform: entry.name, from: was, to: entry.status });
    }
  }
  return triggers;
}

/**
 * A group's citation share dropped by more than `threshold` (0-1, e.g. 0.2 for 20 points). Groups with
 * no answered sample on either side are skipped: an unavailable engine is not a drop.
 */
export function groupShareTriggers(previous: readonly { group: string; shares: SampleShares }[], latest: readonly { group: string; shares: SampleShares }[], threshold: number): AlertTrigger[] {
  const before = new Map(previous.map((entry) => [entry.group, entry.shares.cited.share]));
  const triggers: AlertTrigger[] = [];
  for (const entry of latest) {
    const from = before.get(entry.group);
    const to = entry.shares.cited.share;
    if (from === undefined || from === null || to === null) continue;
    if (from - to > threshold) triggers.push({ kind: "group-share-dropped", group: entry.group, from, to, threshold });
  }
  return triggers;
}

function gradeOf(record: unknown): string | null {
  const grade = (record as { status?: unknown; result?: { grade?: unknown } } | null)?.result?.grade;
  return (record as { status?: unknown } | null)?.status === "ok" && typeof grade === "string" && GRADE_ORDER.includes(grade) ? grade : null;
}
