import { ptr } from "bun:ffi";
import { libc } from "../lib/libc.ts";
import type { FilterArch } from "./seccomp-filter.ts";

const PR_SET_NO_NEW_PRIVS = 38;
const SECCOMP_SET_MODE_FILTER = 1;
const SECCOMP_FILTER_FLAG_TSYNC = 1;
/** The seccomp system call's number: [x86_64, aarch64]. */
const SYS_SECCOMP = { x64: 317, arm64: 277 } as const;

/** Sets no_new_privs (which an unprivileged filter requires) on this thread; why not, or null. */
export function setNoNewPrivs(): string | null {
  const calls = libc();
  if (!calls) return process.platform === "linux" ? "libc.so.6 could not be opened" : `not on Linux (${process.platform})`;
  return calls.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) === 0 ? null : `prctl(PR_SET_NO_NEW_PRIVS) failed with errno ${calls.errno()}`;
}

/**
 * Installs `filter` (bpf-program.ts) on every thread of this process (SECCOMP_FILTER_FLAG_TSYNC: the
 * runtime's threads already run when JavaScript starts, and a filter on the calling thread alone would
 * leave them out). Needs no_new_privs first. Returns why it could not, or null.
 */
export function installSeccompFilter(arch: FilterArch, filter: Uint8Array): string | null {
  const calls = libc();
  if (!calls) return "libc.so.6 could not be opened";
  // struct sock_fprog: an unsigned short count, padding, then the pointer to the instructions.
  const program = new BigUint64Array(2);
  program[0] = BigInt(filter.byteLength / 8);
  program[1] = BigInt(ptr(filter));
  const result = Number(calls.syscall(SYS_SECCOMP[arch], SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, ptr(program)));
  if (result === 0) return null;
  // With TSYNC a positive result is the id of a thread that could not be synchronised.
  return `seccomp(SECCOMP_SET_MODE_FILTER) failed: ${result > 0 ? `thread ${result} could not take the filter` : `errno ${calls.errno()}`}`;
}
