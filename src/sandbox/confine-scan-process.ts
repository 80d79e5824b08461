import { ptr } from "bun:ffi";
import { libc } from "../lib/libc.ts";
import { filterArchOf, scanProcessFilter } from "./seccomp-filter.ts";

/**
 * Confines a scan process before it reads anything a site sent (docs/scan-boundary.md): no new
 * privileges (PR_SET_NO_NEW_PRIVS: no set-uid binary or file capability can raise it again), and the
 * seccomp filter of seccomp-filter.ts on every thread it has (SECCOMP_FILTER_FLAG_TSYNC: the runtime's
 * threads, its HTTP client and JIT among them, already run when JavaScript starts). Whatever cannot be
 * done here is said, not thrown: the pool logs it, and the scan runs without that part.
 */
export interface Confinement {
  noNewPrivs: boolean;
  seccomp: boolean;
  /** Why a part is missing; null when both are in place. */
  problem: string | null;
}

const PR_SET_NO_NEW_PRIVS = 38;
const SECCOMP_SET_MODE_FILTER = 1;
const SECCOMP_FILTER_FLAG_TSYNC = 1;
/** The seccomp system call's number: [x86_64, aarch64]. */
const SYS_SECCOMP = { x64: 317, arm64: 277 } as const;

export function confineScanProcess(): Confinement {
  const calls = libc();
  if (!calls) return { noNewPrivs: false, seccomp: false, problem: process.platform === "linux" ? "libc.so.6 could not be opened" : `not on Linux (${process.platform})` };
  if (calls.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) !== 0) {
    return { noNewPrivs: false, seccomp: false, problem: `prctl(PR_SET_NO_NEW_PRIVS) failed with errno ${calls.errno()}` };
  }
  const arch = filterArchOf();
  if (!arch) return { noNewPrivs: true, seccomp: false, problem: `no seccomp filter for the ${process.arch} architecture (only x64 and arm64 are known)` };
  const filter = scanProcessFilter(arch, process.pid);
  // struct sock_fprog: an unsigned short count, padding, then the pointer to the instructions.
  const program = new BigUint64Array(2);
  program[0] = BigInt(filter.byteLength / 8);
  program[1] = BigInt(ptr(filter));
  const result = Number(calls.syscall(SYS_SECCOMP[arch], SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, ptr(program)));
  // With TSYNC a positive result is the id of a thread that could not be synchronised.
  if (result !== 0) {
    const why = result > 0 ? `thread ${result} could not take the filter` : `errno ${calls.errno()}`;
    return { noNewPrivs: true, seccomp: false, problem: `seccomp(SECCOMP_SET_MODE_FILTER) failed: ${why}` };
  }
  return { noNewPrivs: true, seccomp: true, problem: null };
}
