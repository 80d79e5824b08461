import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError } from "../config.ts";
import { libc } from "../lib/libc.ts";
import { refuseSharedDirectory } from "./data-directory.ts";
import { passwdText, userNamed } from "./scan-user.ts";

/**
 * SERVER_USER (docs/scan-boundary.md): a binary started as root, as a container's is, becomes this user
 * before it opens anything, so that the server and its scan processes (SCAN_USER, nobody by default) run
 * as two users neither of which is root. The SQLite database's directory, and the database files in it,
 * are given to it first (a fresh volume is root's). `serve` keeps CAP_SETUID and CAP_SETGID on
 * its main thread, the one that starts scan processes (threads it starts later inherit them; the threads
 * already running keep nothing), and every other command keeps none. Returns the user it became, or null
 * when there was nothing to do.
 */
const PR_SET_KEEPCAPS = 8;
const CAPABILITY_VERSION_3 = 0x20080522;
const CAP_SETGID = 6;
const CAP_SETUID = 7;

export function becomeServerUser(setting: string | undefined, databasePath: string | null, keepScanRights: boolean): { uid: number; gid: number; name: string } | null {
  if (setting === undefined) return null;
  const user = userNamed(setting, passwdText(), "SERVER_USER");
  if (user.uid === 0) throw new ConfigError(`SERVER_USER: ${setting} is root; name the unprivileged user the server runs as.`);
  const euid = process.geteuid?.() ?? -1;
  if (euid === user.uid) return null;
  if (euid !== 0) throw new ConfigError(`SERVER_USER: becoming ${setting} needs the binary to start as root; it runs as uid ${euid}. Unset SERVER_USER, or start it as root.`);
  const calls = libc();
  if (!calls) throw new ConfigError(`SERVER_USER: cannot become ${setting} here (${process.platform === "linux" ? "libc.so.6 could not be opened" : "not on Linux"}); the server will not run as root instead.`);
  if (databasePath !== null) giveDatabase(databasePath, user);
  const failed = (call: string) => new Error(`SERVER_USER: ${call} failed with errno ${calls.errno()}; the server will not run as root instead.`);
  if (keepScanRights && calls.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) !== 0) throw failed("prctl(PR_SET_KEEPCAPS)");
  if (calls.setgroups(0, null) !== 0) throw failed("setgroups");
  if (calls.setresgid(user.gid, user.gid, user.gid) !== 0) throw failed("setresgid");
  if (calls.setresuid(user.uid, user.uid, user.uid) !== 0) throw failed("setresuid");
  if (keepScanRights) {
    // Of root's capabilities, which PR_SET_KEEPCAPS kept permitted on this thread, only these two remain.
    const rights = (1 << CAP_SETUID) | (1 << CAP_SETGID);
    if (calls.capset(new Uint32Array([CAPABILITY_VERSION_3, 0]), new Uint32Array([rights, rights, 0, 0, 0, 0])) !== 0) throw failed("capset");
    calls.prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
  }
  return user;
}

/** The database's directory (made if missing; 0700 once given) and the files of the database in it. */
function giveDatabase(databasePath: string, user: { uid: number; gid: number }): void {
  if (databasePath === ":memory:") return;
  const file = resolve(databasePath);
  const directory = dirname(file);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const { uid, mode } = statSync(directory);
  refuseSharedDirectory(directory, mode, "SERVER_USER");
  // A fresh volume is root's; one from an image before SERVER_USER is nobody's, now the scans' user: either becomes the server's alone.
  if (uid !== user.uid) {
    chownSync(directory, user.uid, user.gid);
    chmodSync(directory, 0o700);
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path) && statSync(path).uid !== user.uid) chownSync(path, user.uid, user.gid);
  }
}
