import { libc } from "../lib/libc.ts";
import { installSeccompFilter, setNoNewPrivs } from "./install-seccomp.ts";
import { filterArchOf } from "./seccomp-filter.ts";
import { serverFilter } from "./server-filter.ts";

/**
 * Run once by `serve`, first (docs/scan-boundary.md). The server is made not dumpable: /proc/<pid>/environ,
 * mem and maps become root's, and ptrace or process_vm_readv from a process of the same user is refused,
 * so a process with the server's credentials but no CAP_SYS_PTRACE, such as a scan process when no
 * second user is configured, cannot read ADMIN_PASSWORD, PIPELINE_TOKEN or DATABASE_URL from it. The
 * price: no core dumps of the server. Its ambient capabilities are cleared on this thread, the one that
 * starts scan processes, so that a scan process started as SCAN_USER does not inherit CAP_SETUID (an
 * ambient capability survives a change between two non-root users and execve), and so are its
 * inheritable ones, which execve also passes on. Returns what could not be done, or null.
 */
const PR_SET_DUMPABLE = 4;
const PR_CAP_AMBIENT = 47;
const PR_CAP_AMBIENT_CLEAR_ALL = 4;
/** _LINUX_CAPABILITY_VERSION_3: two 32-bit words of each set. */
const CAPABILITY_VERSION_3 = 0x20080522;

export function protectServerProcess(): string | null {
  const calls = libc();
  if (!calls) return process.platform === "linux" ? "libc.so.6 could not be opened" : `not on Linux (${process.platform})`;
  if (calls.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) !== 0) return `prctl(PR_SET_DUMPABLE) failed with errno ${calls.errno()}`;
  // EINVAL before Linux 4.3, which has no ambient capabilities to clear.
  calls.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  // struct __user_cap_header_struct {version, pid 0: this thread}; data: {effective, permitted, inheritable} twice.
  const header = new Uint32Array([CAPABILITY_VERSION_3, 0]);
  const data = new Uint32Array(6);
  if (calls.capget(header, data) !== 0) return `capget failed with errno ${calls.errno()}`;
  if (data[2] !== 0 || data[5] !== 0) {
    data[2] = 0;
    data[5] = 0;
    if (calls.capset(header, data) !== 0) return `capset failed with errno ${calls.errno()}`;
  }
  return null;
}

/**
 * Once the server starts scan processes as `user`, its CAP_SETUID and CAP_SETGID serve that alone: the
 * filter of server-filter.ts lets the set*id calls name only that user (docs/scan-boundary.md). Returns
 * what could not be done, or null.
 */
export function bindCredentialRights(user: { uid: number; gid: number }): string | null {
  const arch = filterArchOf();
  if (!arch) return `no seccomp filter for the ${process.arch} architecture`;
  return setNoNewPrivs() ?? installSeccompFilter(arch, serverFilter(arch, user));
}
