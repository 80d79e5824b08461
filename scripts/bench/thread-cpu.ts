import { readFileSync } from "node:fs";
import { childProcesses } from "../lib/child-processes.ts";

/**
 * CPU time a process has used so far, split between its main thread (HTTP, queue, storage) and all the
 * rest of its work: its other threads (scan threads, JIT and GC helpers, the HTTP client) and its scan
 * processes (SCAN_ISOLATION=process), those still running and those it has reaped, in milliseconds, from
 * /proc (Linux only). On a shared machine wall-clock throughput follows the neighbours' load; CPU time per
 * scan follows our own work, so it shows what an extra scan thread costs.
 */
export interface ThreadCpu {
  mainMs: number;
  otherMs: number;
}

/** Linux reports these times in clock ticks of 1/100 s (USER_HZ) on every architecture Bun runs on. */
const MS_PER_TICK = 10;

export function threadCpu(pid: number): ThreadCpu {
  // The process's own figure includes threads that have already ended; the main thread's is its task's.
  const own = cpuMsOf(`/proc/${pid}/stat`);
  const mainMs = cpuMsOf(`/proc/${pid}/task/${pid}/stat`).selfMs;
  let childrenMs = own.reapedChildrenMs;
  for (const child of childProcesses(pid)) {
    try {
      childrenMs += cpuMsOf(`/proc/${child}/stat`).selfMs;
    } catch {
      // It ended between the two reads: its time is in the reaped children's once it is reaped.
    }
  }
  return { mainMs, otherMs: own.selfMs - mainMs + childrenMs };
}

function cpuMsOf(statPath: string): { selfMs: number; reapedChildrenMs: number } {
  const stat = readFileSync(statPath, "utf8");
  // Fields after the command name (which may hold spaces): utime, stime, cutime and cstime are the 12th to 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { selfMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK, reapedChildrenMs: (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK };
}
