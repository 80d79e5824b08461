import type { FromScanThread, FromScanThreadToPool, ToScanThread } from "./scan-thread-messages.ts";
import { runsCompiled } from "./runs-compiled.ts";
import { workerHost } from "./worker-host.ts";

/**
 * Where a scan thread of the pool runs (SCAN_ISOLATION): a Bun Worker inside the serving process, or a
 * child process of the binary. The pool sees the same handle either way.
 *
 * Why a process (the default): the threads of one process share its runtime, and the serving thread
 * paid for it. Measured on 2 vCPUs with 8 hostile scans kept to the other CPU (`bun run bench`): with
 * scan threads, the serving thread's p99 was 1.2-2.5 times its idle p99 and it spent 60% more CPU per
 * request (JavaScriptCore's GC marking helpers are one pool for every VM of a process, and its
 * collections took longer and paused it for up to 44 ms); with scan processes, 1.2-1.9, the p50
 * unmoved. A process costs a runtime of its own (about 25 MB more under ordinary load, measured by the
 * soak), so SCAN_ISOLATION=thread remains for machines short of memory.
 */
export interface ScanHost {
  post(message: ToScanThread): void;
  /** Ends it at once (SIGKILL for a process). */
  terminate(): void;
  /** Settles once it has ended, however it ended. */
  readonly closed: Promise<void>;
}

export interface ScanHostEvents {
  message(message: FromScanThreadToPool): void;
  /** It ended with an error: an uncaught exception, a signal, or a non-zero exit code. */
  crashed(reason: string): void;
  /** It ended without an error (it exited by itself, or was terminated). */
  exited(): void;
}

export type ScanIsolation = "thread" | "process";

/** A scan thread as a Bun Worker of this process (SCAN_ISOLATION=thread); `entry` is its module. */
export function workerScanHost(entry: string | URL, events: ScanHostEvents): ScanHost {
  return workerHost<ToScanThread, FromScanThreadToPool>(entry, { message: events.message, crashed: events.crashed, ended: events.exited });
}

/** The uid and gid a scan process runs as (SCAN_USER, sandbox/scan-user.ts). */
export interface ScanProcessUser {
  uid: number;
  gid: number;
}

/**
 * A scan thread as a child process, `command` its argv (scanProcessCommand), `env` its environment
 * (by default this process's), `user` who it runs as (by default this process's user). Its stdout and
 * stderr are the server's, as a Worker's are. Its own `fatal` message, sent before it exits, names the
 * error; otherwise the exit code or signal does.
 */
export function processScanHost(command: string[], env: Record<string, string> | undefined, events: ScanHostEvents, user?: ScanProcessUser): ScanHost {
  let fatal: string | null = null;
  const child = Bun.spawn({
    cmd: command,
    ...(env ? { env } : {}),
    // Bun sets the groups, gid and uid in the child before exec (no supplementary groups are kept); it
    // starts in / because the server's working directory may be the data directory, closed to it.
    ...(user ? { uid: user.uid, gid: user.gid, cwd: "/" } : {}),
    stdio: ["ignore", "inherit", "inherit"],
    serialization: "advanced",
    ipc(message: FromScanThread) {
      if (message.type === "fatal") fatal = message.error;
      else events.message(message);
    },
  });
  // An idle scan process must not keep a stopping server alive; it leaves when the server's end of the channel closes.
  child.unref();
  let killed = false;
  const closed = child.exited.then((code) => {
    if (fatal !== null) return events.crashed(fatal);
    if (child.signalCode && !killed) return events.crashed(`the scan process was ended by ${child.signalCode}`);
    if (code !== 0 && code !== null && !killed) return events.crashed(`the scan process exited with code ${code}`);
    events.exited();
  });
  return {
    post(message) {
      try {
        child.send(message);
      } catch {
        // Its channel is closed: it has ended or is ending, and its exit settles its scans.
      }
    },
    terminate() {
      killed = true;
      child.kill("SIGKILL");
    },
    closed,
  };
}

/** The argument that makes the binary a scan process (src/main.ts) instead of running a command. */
export const SCAN_PROCESS_ARGUMENT = "__scan-process";

/**
 * How to start a scan process of this binary: the compiled executable runs itself with
 * SCAN_PROCESS_ARGUMENT; from source, Bun runs the scan thread's module directly.
 */
export function scanProcessCommand(): string[] {
  return runsCompiled() ? [process.execPath, SCAN_PROCESS_ARGUMENT] : [process.execPath, new URL("./scan-thread.ts", import.meta.url).pathname];
}
