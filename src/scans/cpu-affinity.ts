import { libc } from "../lib/libc.ts";

/**
 * The CPUs a thread may run on, read and set with glibc's sched_getaffinity and sched_setaffinity
 * through bun:ffi (lib/libc.ts): neither Bun nor Node has an API for them. On Linux a thread id (or 0, the calling
 * thread) names one thread alone, as `taskset -p` does. Elsewhere, or where libc cannot be opened,
 * nothing is read or set, and callers go on without confining anything.
 */

/** glibc's cpu_set_t: 1024 CPUs, one bit each. */
const MASK_WORDS = 16;

/** The CPUs the thread `tid` (0: this thread) may run on, in ascending order; null when they cannot be read. */
export function threadCpus(tid = 0): number[] | null {
  const calls = libc();
  if (!calls) return null;
  const mask = new BigUint64Array(MASK_WORDS);
  if (calls.sched_getaffinity(tid, mask.byteLength, mask) !== 0) return null;
  const cpus: number[] = [];
  for (let word = 0; word < MASK_WORDS; word++) {
    for (let bit = 0; bit < 64; bit++) if ((mask[word]! >> BigInt(bit)) & 1n) cpus.push(word * 64 + bit);
  }
  return cpus;
}

/** Lets the thread `tid` (0: this thread) run only on `cpus`; false when that was refused or cannot be done here. */
export function setThreadCpus(tid: number, cpus: readonly number[]): boolean {
  const calls = libc();
  if (!calls || cpus.length === 0) return false;
  const mask = new BigUint64Array(MASK_WORDS);
  for (const cpu of cpus) {
    if (!Number.isInteger(cpu) || cpu < 0 || cpu >= MASK_WORDS * 64) return false;
    mask[cpu >> 6] = mask[cpu >> 6]! | (1n << BigInt(cpu & 63));
  }
  return calls.sched_setaffinity(tid, mask.byteLength, mask) === 0;
}
