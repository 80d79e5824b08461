import { dlopen, FFIType, ptr, read } from "bun:ffi";

type TypedArray = Uint32Array | Int32Array;

/**
 * The few glibc calls that neither Bun nor Node expose (CPU affinity, prctl, setgroups and setres[ug]id,
 * capget and capset, the seccomp system call), through
 * bun:ffi. The executable links glibc dynamically, and the FROM scratch image copies the libraries `ldd`
 * names (scripts/docker-rootfs.ts), so libc.so.6 is there wherever the binary runs. Null off Linux, or
 * where the library cannot be opened: callers then say what they could not do, and go on.
 */
export interface Libc {
  sched_getaffinity(tid: number, bytes: number, mask: BigUint64Array): number;
  sched_setaffinity(tid: number, bytes: number, mask: BigUint64Array): number;
  prctl(option: number, arg2: number | bigint, arg3: number | bigint, arg4: number | bigint, arg5: number | bigint): number;
  /** syscall(2): glibc's wrapper takes its arguments in registers on x86_64 and aarch64, so the variadic call is safe there. */
  syscall(number: number | bigint, arg1: number | bigint, arg2: number | bigint, arg3: number | bigint): number | bigint;
  setgroups(count: number, groups: null): number;
  /** glibc changes the ids of every thread of the process (its setxid broadcast), not only the caller's. */
  setresgid(real: number, effective: number, saved: number): number;
  setresuid(real: number, effective: number, saved: number): number;
  capget(header: TypedArray, data: TypedArray): number;
  capset(header: TypedArray, data: TypedArray): number;
  /** The errno of the last failed call on this thread. */
  errno(): number;
}

let opened: Libc | null | undefined;

export function libc(): Libc | null {
  if (opened !== undefined) return opened;
  if (process.platform !== "linux") return (opened = null);
  try {
    const affinity = { args: [FFIType.i32, FFIType.u64, FFIType.ptr], returns: FFIType.i32 } as const;
    const { symbols } = dlopen("libc.so.6", {
      sched_getaffinity: affinity,
      sched_setaffinity: affinity,
      prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
      syscall: { args: [FFIType.i64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i64_fast },
      setgroups: { args: [FFIType.u64, FFIType.ptr], returns: FFIType.i32 },
      setresgid: { args: [FFIType.u32, FFIType.u32, FFIType.u32], returns: FFIType.i32 },
      setresuid: { args: [FFIType.u32, FFIType.u32, FFIType.u32], returns: FFIType.i32 },
      capget: { args: [FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
      capset: { args: [FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
      __errno_location: { args: [], returns: FFIType.ptr },
    });
    opened = {
      sched_getaffinity: (tid, bytes, mask) => symbols.sched_getaffinity(tid, bytes, ptr(mask)),
      sched_setaffinity: (tid, bytes, mask) => symbols.sched_setaffinity(tid, bytes, ptr(mask)),
      prctl: (option, arg2, arg3, arg4, arg5) => symbols.prctl(option, arg2, arg3, arg4, arg5),
      syscall: (number, arg1, arg2, arg3) => symbols.syscall(number, arg1, arg2, arg3),
      setgroups: (count, groups) => symbols.setgroups(count, groups),
      setresgid: (real, effective, saved) => symbols.setresgid(real, effective, saved),
      setresuid: (real, effective, saved) => symbols.setresuid(real, effective, saved),
      capget: (header, data) => symbols.capget(ptr(header), ptr(data)),
      capset: (header, data) => symbols.capset(ptr(header), ptr(data)),
      errno: () => {
        const location = symbols.__errno_location();
        return location === null ? 0 : read.i32(location, 0);
      },
    };
  } catch {
    opened = null;
  }
  return opened;
}
