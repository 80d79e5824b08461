import { readFileSync } from "node:fs";

/**
 * CPU time a process has used so far, split between its main thread (HTTP, queue, storage) and all
 * its other threads (scan threads, JIT and GC helpers, the HTTP client), in milliseconds, from /proc
 * (Linux only). On a shared machine wall-clock throughput follows the neighbours' load; CPU time per
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
  const totalMs = cpuMsOf(`/proc/${pid}/stat`);
  const mainMs = cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
  return { mainMs, otherMs: totalMs - mainMs };
}

function cpuMsOf(statPath: string): number {
  const stat = readFileSync(statPath, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}
