import { readdirSync, readFileSync } from "node:fs";

/**
 * The processes that process `pid` has started and not yet reaped (its scan processes, with
 * SCAN_ISOLATION=process), from /proc/<pid>/task/<tid>/children (Linux only): each thread lists the
 * children it started. Empty when the process has ended meanwhile.
 */
export function childProcesses(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
        .split(" ")
        .filter((child) => child.trim())
        .map(Number),
    );
  } catch {
    return [];
  }
}
