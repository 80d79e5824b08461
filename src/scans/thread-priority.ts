import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { setThreadCpus, threadCpus } from "./cpu-affinity.ts";

/*
 * How scan work gives way to the serving thread: a lower priority (nice), and CPUs of its own, so that
 * one CPU is left to the serving thread.
 *
 * Why CPUs, when nice alone seemed enough: measured on 2 cores with `bun run bench` (8 hostile scans),
 * the serving thread's p99 was 4-6 times its idle p99 with every scan thread at nice 10. The same scans
 * in another process at SCHED_IDLE did no better (3.7-5), and two plain busy-loops at SCHED_IDLE, no
 * scan at all, already made it 3.1-4.4: a thread that has to wake on a busy CPU waits, whatever the
 * priority of what runs there. With one busy-loop, leaving a core idle, it was 1.6-1.9, and 0.9-1.0
 * with that loop kept to the other CPU. With the scan threads (and the runtime's threads besides the
 * serving one) kept to one of the two CPUs, the hostile scans' ratio is 1.6-2.0 (see the README's
 * "Under hostile load" for the benchmark's figures).
 */

/**
 * The nice value of the work a scan makes. On Linux, setpriority with a thread's id sets that thread
 * alone, so scans run at nice 10 while the serving thread keeps nice 0 (about 9 times the weight of a
 * nice 10 thread when both want the CPU). Elsewhere it would renice the whole process, so nothing is
 * changed there.
 */
export const SCAN_NICE = 10;

/** Lowers the calling thread (a scan or check thread) to SCAN_NICE. */
export function lowerThisThread(): void {
  if (process.platform !== "linux") return;
  try {
    setPriority(0, SCAN_NICE);
  } catch {
    // Not allowed here (a locked-down container): scans then share the CPU equally, which is what they did before.
  }
}

/**
 * Lowers every thread of this process to SCAN_NICE and, when `cpus` is given, keeps each to those CPUs:
 * for a scan process (SCAN_ISOLATION=process), all of whose threads (its JavaScript thread, and the
 * runtime's JIT, GC, HTTP client and pool threads) work for its scans. Threads started later inherit both
 * from the thread that starts them. Linux only (it reads /proc); refused settings are left as they are.
 */
export function lowerThisProcess(cpus: readonly number[] | null, taskDir = "/proc/self/task"): void {
  if (process.platform !== "linux") return;
  let tids: string[];
  try {
    tids = readdirSync(taskDir);
  } catch {
    return;
  }
  for (const entry of tids) {
    const tid = Number(entry);
    try {
      setPriority(tid, SCAN_NICE);
    } catch {
      // Not allowed here, or the thread ended: it runs at the priority it has.
    }
    if (cpus) setThreadCpus(tid, cpus);
  }
}

/**
 * The CPUs scan work runs on (SCAN_CPUS): the last `scanCpus` of the CPUs this process may use, so that
 * the others (by default one) are left to the serving thread. Null, meaning "wherever the kernel likes", when that would be
 * all of them (a one-CPU machine, or SCAN_CPUS at least the number of CPUs) or they cannot be read. The
 * serving thread itself is never confined: it may still use every CPU, and finds the first one free.
 * Called on the serving thread, whose CPUs are the process's.
 */
export function scanCpuSet(scanCpus: number, allowed: readonly number[] | null = threadCpus()): number[] | null {
  if (!allowed || scanCpus >= allowed.length) return null;
  return allowed.slice(allowed.length - scanCpus);
}

let confinedTo: string | null = null;

/** Keeps the calling thread (a scan or check thread) to `cpus`, once; nothing when `cpus` is null. */
export function confineThisThread(cpus: readonly number[] | null): void {
  if (!cpus || confinedTo === cpus.join(",")) return;
  confinedTo = cpus.join(",");
  // Refused (a container without the right): scans then share every CPU, which is what they did before.
  setThreadCpus(0, cpus);
}

/**
 * Threads the runtime shares between the serving thread and the scan threads, but that under load work
 * almost only for scans: JavaScriptCore's JIT compilers (`JITWorker`) and GC marking helpers
 * (`HeapHelper`), Bun's HTTP client (every fetch of every scan) and its worker pool (`Bun Pool N`, where
 * gzip and brotli bodies are inflated). They start at the nice value of whichever thread first needed
 * them, usually the serving thread's 0, so a scan's decompression and compilation competed with HTTP as
 * equals. The serving thread's own use of them (compiling its few routes once, collecting a small heap)
 * is light.
 */
const SCAN_HELPER_THREAD = /^(?:JITWorker|HeapHelper|HTTP Client|Bun Pool \d+)$/;

const lowered = new Set<number>();
const confined = new Set<number>();

/**
 * Lowers the shared helper threads that exist now to SCAN_NICE, each once, and, when `cpus` is given,
 * keeps every thread but the serving one to those CPUs: the helpers, and the scan and check threads
 * (which also confine themselves, before they start work). Threads started later are found by the
 * next call. Returns how many were lowered by this call. Linux only (it reads /proc).
 */
export function lowerHelperThreads(cpus: readonly number[] | null = null, taskDir = "/proc/self/task"): number {
  if (process.platform !== "linux") return 0;
  let count = 0;
  let tids: string[];
  try {
    tids = readdirSync(taskDir);
  } catch {
    return 0;
  }
  for (const entry of tids) {
    const tid = Number(entry);
    if (cpus && tid !== process.pid && !confined.has(tid)) {
      confined.add(tid);
      setThreadCpus(tid, cpus);
    }
    if (lowered.has(tid)) continue;
    let name: string;
    try {
      name = readFileSync(`${taskDir}/${entry}/comm`, "utf8").trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    if (!SCAN_HELPER_THREAD.test(name)) continue;
    try {
      setPriority(tid, SCAN_NICE);
      lowered.add(tid);
      count++;
    } catch {
      lowered.add(tid); // not allowed here; do not try again
    }
  }
  return count;
}
