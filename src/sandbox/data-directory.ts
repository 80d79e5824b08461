import { chmodSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ScanUser } from "./scan-user.ts";
import { ConfigError } from "../config.ts";

/**
 * Keeps the scan user out of the SQLite database's directory (docs/scan-boundary.md): no search or read
 * permission for others, nor for the group when it is the scan user's. A directory that does not exist
 * yet is created 0700. The database, its -wal and -shm files all live there, so a scan process cannot
 * open them whatever their own modes. Returns the mode it set, or null when nothing needed changing;
 * throws when the directory stays open to the scan user and the server cannot change that.
 */
export function keepDataDirectoryFrom(databasePath: string, user: ScanUser, euid = process.geteuid?.() ?? -1): { directory: string; mode: string | null } {
  const directory = dirname(resolve(databasePath));
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const { uid, gid, mode } = statSync(directory);
  refuseSharedDirectory(directory, mode, "SCAN_USER");
  const permissions = mode & 0o777;
  if (uid === user.uid) throw new ConfigError(`SCAN_USER: the database's directory ${directory} belongs to the scan user ${user.name}; give it to the server's user.`);
  const closed = permissions & ~0o007 & (gid === user.gid ? ~0o070 : 0o777);
  if (closed === permissions) return { directory, mode: null };
  if (uid !== euid && euid !== 0) {
    throw new ConfigError(
      `SCAN_USER: the database's directory ${directory} (mode ${octal(permissions)}, owner uid ${uid}) lets the scan user ${user.name} in, and the server cannot change it; make it ${octal(closed)} or give it to the server's user.`,
    );
  }
  chmodSync(directory, closed);
  return { directory, mode: octal(closed) };
}

/**
 * A directory every user may write to (such as /tmp, 1777) is never closed or taken over: that would break
 * the machine, and the database must not live there anyway, where anyone can make files beside it.
 */
export function refuseSharedDirectory(directory: string, mode: number, variable: string): void {
  if ((mode & 0o1000) === 0 && (mode & 0o002) === 0) return;
  throw new ConfigError(
    `${variable}: the database's directory ${directory} is shared by every user (mode ${octal(mode & 0o7777)}); give the database a directory of its own (DATABASE_PATH).`,
  );
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, "0")}`;
}
