import { readFileSync } from "node:fs";
import type { FromCheckThread, ToCheckThread } from "./check-thread-messages.ts";
import { runsCompiled } from "./runs-compiled.ts";
import { workerHost } from "./worker-host.ts";

/**
 * Where the checks of pasted markup run (SCAN_ISOLATION, as scans): a Bun Worker of the serving process,
 * or a child process of the binary. check-in-thread.ts sees the same handle either way.
 *
 * Why a process (the default with SCAN_ISOLATION=process): a Worker's heap is the server's memory. A
 * 2 MiB paste took the server from 124 to 295 MB in a thread, twelve at once from 82 to 365 MB (issue
 * 30), past the 250 MB it keeps under hostile scans; in a process of its own the parse never enters the
 * server, which holds only the request and the answer's bytes (bounded like a record, MAX_RECORD_ITEMS_CHARS).
 * A check process is held to CHECK_PROCESS_MAX_RSS_BYTES in all: its RSS is read every
 * RSS_POLL_MS while it checks, from outside (a parse holds its only thread), and past the cap it is
 * killed and the check answered as too large.
 */
export interface CheckHost {
  post(message: ToCheckThread): void;
  /** Ends it at once (SIGKILL for a process). */
  terminate(): void;
  /** Watches its memory while a check runs (a process; a thread's is the server's own). */
  watching(on: boolean): void;
  /** Settles once it has ended, however it ended. */
  readonly closed: Promise<void>;
}

export interface CheckHostEvents {
  message(message: FromCheckThread): void;
  /** It failed: an uncaught error, a signal, or a non-zero exit code. `closed` follows. */
  crashed(reason: string): void;
  /** A check process grew past CHECK_PROCESS_MAX_RSS_BYTES; the host is to be terminated. */
  overMemory(limitMb: number): void;
  closed(): void;
}

/**
 * A check process's whole RSS, runtime and vocabulary included (about 60 MB idle). A 2 MiB paste of
 * 10,000 Products peaks near 135 MB (measured with `bun`, 2026-11-28); the cap leaves room for pastes
 * that nest or repeat, and bounds what one check can take from the machine.
 */
export const CHECK_PROCESS_MAX_RSS_BYTES = 512 * 1024 * 1024;
const RSS_POLL_MS = 100;

/** A check thread as a Bun Worker of this process (SCAN_ISOLATION=thread). */
export function workerCheckHost(entry: string | URL, events: CheckHostEvents): CheckHost {
  return { ...workerHost<ToCheckThread, FromCheckThread>(entry, { message: events.message, crashed: events.crashed, ended: events.closed }), watching: () => {} };
}

/** A check thread as a child process (SCAN_ISOLATION=process); `command` its argv, `env` its environment. */
export function processCheckHost(
  command: string[],
  env: Record<string, string> | undefined,
  events: CheckHostEvents,
  maxRssBytes = CHECK_PROCESS_MAX_RSS_BYTES,
  user?: { uid: number; gid: number },
): CheckHost {
  let killed = false;
  let fatal: string | null = null;
  const child = Bun.spawn({
    cmd: command,
    ...(env ? { env } : {}),
    // As a scan process: its own user, started in / since the server's working directory may be the data directory.
    ...(user ? { uid: user.uid, gid: user.gid, cwd: "/" } : {}),
    stdio: ["ignore", "inherit", "inherit"],
    serialization: "advanced",
    ipc(message: FromCheckThread | { type: "fatal"; error: string }) {
      if ("type" in message) fatal = message.error;
      else events.message(message);
    },
  });
  // An idle check process must not keep a stopping server alive; it leaves when its channel closes.
  child.unref();
  let poll: ReturnType<typeof setInterval> | null = null;
  const stopWatching = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const closed = child.exited.then((code) => {
    stopWatching();
    if (fatal !== null) events.crashed(fatal);
    else if (!killed && child.signalCode) events.crashed(`the check process was ended by ${child.signalCode}`);
    else if (!killed && code !== 0 && code !== null) events.crashed(`the check process exited with code ${code}`);
    events.closed();
  });
  return {
    post(message) {
      try {
        child.send(message);
      } catch {
        // Its channel is closed: it has ended or is ending, and its exit settles its check.
      }
    },
    terminate() {
      killed = true;
      stopWatching();
      child.kill("SIGKILL");
    },
    watching(on) {
      stopWatching();
      if (!on) return;
      poll = setInterval(() => {
        const rss = rssOf(child.pid);
        if (rss !== null && rss > maxRssBytes) {
          stopWatching();
          events.overMemory(Math.round(maxRssBytes / (1024 * 1024)));
        }
      }, RSS_POLL_MS);
      poll.unref();
    },
    closed,
  };
}

/** The resident set of a process in bytes, from /proc (Linux); null where it cannot be read. */
function rssOf(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** The argument that makes the binary a check process (src/main.ts). */
export const CHECK_PROCESS_ARGUMENT = "__check-process";

/** How to start a check process: the compiled executable runs itself with CHECK_PROCESS_ARGUMENT; from source, Bun runs the check thread's module. */
export function checkProcessCommand(): string[] {
  return runsCompiled() ? [process.execPath, CHECK_PROCESS_ARGUMENT] : [process.execPath, new URL("./check-thread.ts", import.meta.url).pathname];
}
