import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Why `user` could not open `path` for `need` (each directory on the way must let it search, the file
 * itself read or execute), judged from the modes and owners as the kernel would for a user with no
 * supplementary groups (a scan process has none); null when it can. Lets the server say at start that a
 * scan process could not start or read a file, instead of each scan failing later.
 */
export function unreachableFor(path: string, user: { uid: number; gid: number }, need: "read" | "execute"): string | null {
  const file = resolve(path);
  const directories: string[] = [];
  for (let directory = dirname(file); ; directory = dirname(directory)) {
    directories.unshift(directory);
    if (directory === dirname(directory)) break;
  }
  for (const directory of directories) {
    if (!allows(directory, user, 0o1)) return `the directory ${directory} does not let it in`;
  }
  if (!allows(file, user, need === "read" ? 0o4 : 0o1)) return `${file} does not let it ${need === "read" ? "read" : "run"} it`;
  return null;
}

/** Whether the owner, group or other bits that apply to `user` hold `bit` (4 read, 1 execute or search). */
function allows(path: string, user: { uid: number; gid: number }, bit: number): boolean {
  let mode: number;
  let uid: number;
  let gid: number;
  try {
    ({ mode, uid, gid } = statSync(path));
  } catch {
    return false;
  }
  const shift = uid === user.uid ? 6 : gid === user.gid ? 3 : 0;
  return ((mode >> shift) & bit) === bit;
}
