import { readFileSync } from "node:fs";
import { childProcesses } from "./child-processes.ts";

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

/**
 * The memory of process `pid` with every process below it (the scan processes of SCAN_ISOLATION=process):
 * their RSS added up, and their footprint, `pid`'s RSS plus the PSS of each process below it. Each of them
 * maps the same binary, whose code pages are in memory once but in every one's RSS (about 40 MB each), so
 * the RSS sum counts them again for each process. PSS shares each page out among the processes that map
 * it; `pid`'s own is read as RSS all the same, which counts its shared pages whole (the footprint is
 * still an upper bound), because reading a process's PSS walks its page tables under its memory lock, and
 * the server's serving thread would wait for it. A process that ends while it is read counts as nothing.
 */
export function processTreeMemory(pid: number): { rssBytes: number; footprintBytes: number } {
  const own = processMemory(pid).rssBytes;
  let rssBytes = own;
  let footprintBytes = own;
  for (const member of processTree(pid).slice(1)) {
    try {
      const rollup = readFileSync(`/proc/${member}/smaps_rollup`, "utf8");
      rssBytes += statusKib(rollup, "Rss") * 1024;
      footprintBytes += statusKib(rollup, "Pss") * 1024;
    } catch {
      // It ended meanwhile.
    }
  }
  return { rssBytes, footprintBytes };
}

function processTree(pid: number): number[] {
  return [pid, ...childProcesses(pid).flatMap(processTree)];
}

/** Reads processTreeMemory every `intervalMs` until `stop`, which gives the highest sums seen. */
export function watchTreePeak(pid: number, intervalMs = 250): { stop(): { rssBytes: number; footprintBytes: number } } {
  const peak = processTreeMemory(pid);
  const sample = () => {
    const now = processTreeMemory(pid);
    peak.rssBytes = Math.max(peak.rssBytes, now.rssBytes);
    peak.footprintBytes = Math.max(peak.footprintBytes, now.footprintBytes);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Bytes as whole MB (10^6), for reports. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)} MB`;
}
