import { readFileSync } from "node:fs";

/**
 * A process's resident memory now (VmRSS) and at its peak so far (VmHWM), in bytes, from
 * /proc/<pid>/status (Linux only). The benchmarks and the soak read the binary's own figures, apart
 * from the fixture servers and load generators running in the calling process.
 */
export function processMemory(pid: number): { rssBytes: number; peakRssBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssBytes: statusKib(status, "VmRSS") * 1024, peakRssBytes: statusKib(status, "VmHWM") * 1024 };
}

function statusKib(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`/proc status has no ${field} line`);
  return Number(match[1]);
}

/** Bytes as whole MB (10^6), for reports. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)} MB`;
}
