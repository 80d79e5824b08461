import { ARCH_OFFSET, argOffset, bpfProgram, NR_OFFSET } from "./bpf-program.ts";
import { AUDIT_ARCH, RET_ALLOW, retErrno, X32_SYSCALL_BIT, type FilterArch } from "./seccomp-filter.ts";

/**
 * The server's seccomp filter, once it holds CAP_SETUID and CAP_SETGID to start scan processes as
 * SCAN_USER (docs/scan-boundary.md): the set*id calls may only name the scan user's uid and gid (or -1,
 * "unchanged"), and setgroups only clear the list, which is all Bun does in a child before exec. So the
 * two capabilities have that one use: a compromised server cannot take uid 0, or any other user, with
 * them. Every other call is allowed. The scan processes inherit it under their own filter.
 */

/** [x86_64, aarch64] numbers, and how many id arguments each call takes. */
const UID_CALLS = { setuid: [105, 146, 1], setreuid: [113, 145, 2], setresuid: [117, 147, 3], setfsuid: [122, 151, 1] } as const;
const GID_CALLS = { setgid: [106, 144, 1], setregid: [114, 143, 2], setresgid: [119, 149, 3], setfsgid: [123, 152, 1] } as const;
const SETGROUPS = [116, 159] as const;
const UNCHANGED = 0xffffffff;
const EPERM = 1;

export function serverFilter(arch: FilterArch, user: { uid: number; gid: number }): Uint8Array {
  const column = arch === "x64" ? 0 : 1;
  const { load, jump, ret, label, assemble } = bpfProgram();
  load(ARCH_OFFSET);
  jump("eq", AUDIT_ARCH[arch], null, "deny");
  load(NR_OFFSET);
  if (arch === "x64") jump("ge", X32_SYSCALL_BIT, "deny", null);
  const idCalls = [...Object.entries(UID_CALLS).map(([name, call]) => [name, call, user.uid] as const), ...Object.entries(GID_CALLS).map(([name, call]) => [name, call, user.gid] as const)];
  for (const [name, call, id] of idCalls) {
    const next = `after-${name}`;
    jump("eq", call[column], null, next);
    for (let index = 0; index < call[2]; index++) {
      const checked = `${name}-${index}`;
      load(argOffset(index));
      jump("eq", id, checked, null);
      jump("eq", UNCHANGED, checked, "deny");
      label(checked);
    }
    ret(RET_ALLOW);
    label(next);
  }
  jump("eq", SETGROUPS[column], null, "allow");
  load(argOffset(0));
  jump("eq", 0, "allow", "deny");
  label("allow");
  ret(RET_ALLOW);
  label("deny");
  ret(retErrno(EPERM));
  return assemble();
}

/** The numbers, for the test that checks them against the kernel's headers. */
export const SERVER_FILTERED_CALLS: Readonly<Record<string, readonly [number, number]>> = Object.fromEntries(
  [...Object.entries(UID_CALLS), ...Object.entries(GID_CALLS), ["setgroups", SETGROUPS]].map(([name, call]) => [name, [call[0], call[1]] as const]),
);
