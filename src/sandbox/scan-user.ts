import { readFileSync } from "node:fs";
import { ConfigError } from "../config.ts";

/**
 * The user scan processes run as (SCAN_USER, docs/scan-boundary.md): another uid than the server's, so
 * that file permissions keep a scan process from the database and from the server's /proc files. Given
 * as a name from /etc/passwd (its primary group with it) or as uid:gid. Unset, it is `nobody` when the
 * server can start processes as another user (it runs as root, and a scan must never run as root; or it
 * holds CAP_SETUID and CAP_SETGID, as after SERVER_USER), and otherwise none: scans then run as the
 * server's user, bounded by the seccomp filter and the server's non-dumpable state alone.
 */
export interface ScanUser {
  uid: number;
  gid: number;
  /** The name from /etc/passwd, or the uid when it has none there. */
  name: string;
  /** "SCAN_USER", or "default" for the nobody chosen because the server runs as root. */
  source: "SCAN_USER" | "default";
}

/** Where nothing names `nobody`: its uid and gid on Debian, Fedora and in our image (scripts/docker-rootfs.ts). */
const NOBODY = { uid: 65534, gid: 65534 };
const CAP_SETGID = 6;
const CAP_SETUID = 7;

export interface ScanUserContext {
  /** The server's effective uid. */
  euid: number;
  /** The text of /etc/passwd ("" when it cannot be read). */
  passwd: string;
  /** The server's effective capabilities (CapEff of /proc/self/status). */
  capabilities: bigint;
}

export function scanUserOf(setting: string | undefined, context: ScanUserContext = currentContext()): ScanUser | null {
  const needed = (1n << BigInt(CAP_SETUID)) | (1n << BigInt(CAP_SETGID));
  const canSwitch = context.euid === 0 || (context.capabilities & needed) === needed;
  if (setting === undefined) {
    const nobody = { ...(passwdEntries(context.passwd).get("nobody") ?? NOBODY), name: "nobody", source: "default" as const };
    return canSwitch && nobody.uid !== context.euid ? nobody : null;
  }
  const user = userNamed(setting, context.passwd, "SCAN_USER");
  if (user.uid === 0) throw new ConfigError(`SCAN_USER: ${setting} is root; scans must run as an unprivileged user.`);
  if (user.uid === context.euid) throw new ConfigError(`SCAN_USER: ${setting} is the server's own user (uid ${user.uid}); name a second user, so that scans cannot read the server's files.`);
  if (!canSwitch) {
    throw new ConfigError(
      `SCAN_USER: starting scans as ${setting} needs the server to start as root, or to hold CAP_SETUID and CAP_SETGID (systemd: AmbientCapabilities=CAP_SETUID CAP_SETGID, as the README's unit does).`,
    );
  }
  return { ...user, source: "SCAN_USER" };
}

/** A user given as a name from /etc/passwd (with its primary group) or as uid:gid; `variable` names the setting in errors. */
export function userNamed(setting: string, passwd: string, variable: string): { uid: number; gid: number; name: string } {
  const ids = /^(\d+):(\d+)$/.exec(setting);
  if (ids) {
    const uid = Number(ids[1]);
    const gid = Number(ids[2]);
    if (uid > 0xfffffffe || gid > 0xfffffffe) throw new ConfigError(`${variable}: ${setting} is out of range; uids and gids go up to 4294967294.`);
    const named = [...passwdEntries(passwd)].find(([, entry]) => entry.uid === uid);
    return { uid, gid, name: named?.[0] ?? String(uid) };
  }
  const entry = passwdEntries(passwd).get(setting);
  if (!entry) throw new ConfigError(`${variable}: no user ${setting} in /etc/passwd; create it, or give uid:gid.`);
  return { ...entry, name: setting };
}

/** name → uid and primary gid, from passwd(5) lines `name:password:uid:gid:gecos:home:shell`. */
function passwdEntries(passwd: string): Map<string, { uid: number; gid: number }> {
  const entries = new Map<string, { uid: number; gid: number }>();
  for (const line of passwd.split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (!name || !uid || !gid || !/^\d+$/.test(uid) || !/^\d+$/.test(gid)) continue;
    if (!entries.has(name)) entries.set(name, { uid: Number(uid), gid: Number(gid) });
  }
  return entries;
}

function currentContext(): ScanUserContext {
  return { euid: process.geteuid?.() ?? -1, passwd: passwdText(), capabilities: effectiveCapabilities() };
}

export function passwdText(): string {
  return readOrEmpty("/etc/passwd");
}

/** CapEff of this thread; 0 where /proc cannot tell. */
function effectiveCapabilities(): bigint {
  const hex = /^CapEff:\s*([0-9a-f]+)$/m.exec(readOrEmpty("/proc/thread-self/status"))?.[1];
  return hex ? BigInt(`0x${hex}`) : 0n;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
