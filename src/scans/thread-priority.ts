import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

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

/**
 * Lowers the shared helper threads that exist now to SCAN_NICE, each once; threads started later are
 * found by the next call. Returns how many were lowered by this call. Linux only (it reads /proc).
 */
export function lowerHelperThreads(taskDir = "/proc/self/task"): number {
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
