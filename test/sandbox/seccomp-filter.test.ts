/**
 * The scan process's seccomp filter (src/sandbox/seccomp-filter.ts): its numbers against the kernel's
 * own headers, its verdicts run through a small classic-BPF interpreter for both architectures, and in a
 * real process that confines itself: what a compromised parser would try is refused, what a scan needs
 * (threads, TCP, DNS, inflating, GC) still works.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { DENIED_CALLS, filterArchOf, GUARDED_CALLS, scanProcessFilter, type FilterArch } from "../../src/sandbox/seccomp-filter.ts";
import { SERVER_FILTERED_CALLS, serverFilter } from "../../src/sandbox/server-filter.ts";

const HEADERS: Record<FilterArch, { path: string; prefix: RegExp }> = {
  x64: { path: "/usr/include/x86_64-linux-gnu/asm/unistd_64.h", prefix: /^#define __NR_(\w+)\s+(\d+)$/gm },
  arm64: { path: "/usr/include/asm-generic/unistd.h", prefix: /^#define __NR(?:3264)?_(\w+)\s+(\d+)$/gm },
};

for (const [arch, column] of [["x64", 0], ["arm64", 1]] as const) {
  test.skipIf(!existsSync(HEADERS[arch].path))(`the ${arch} numbers are the kernel's (${HEADERS[arch].path})`, () => {
    const numbers = new Map<string, number>();
    for (const match of readFileSync(HEADERS[arch].path, "utf8").matchAll(HEADERS[arch].prefix)) numbers.set(match[1]!, Number(match[2]));
    for (const [name, pair] of Object.entries({ ...DENIED_CALLS, ...GUARDED_CALLS, ...SERVER_FILTERED_CALLS })) {
      const ours = pair[column];
      if (ours === null) expect(numbers.has(name), `${name} does not exist on ${arch}`).toBe(false);
      else expect(numbers.get(name), name).toBe(ours);
    }
  });
}

const ALLOW = 0x7fff0000;
const errno = (value: number) => 0x00050000 | value;
const AUDIT_ARCH = { x64: 0xc000003e, arm64: 0xc00000b7, i386: 0x40000003 };

/** Runs the filter over one struct seccomp_data, as the kernel would: returns its verdict. */
function verdict(program: Uint8Array, data: { nr: number; arch: number; args?: number[] }): number {
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const word = (offset: number) => {
    if (offset === 0) return data.nr >>> 0;
    if (offset === 4) return data.arch >>> 0;
    const index = (offset - 16) / 8;
    if (!Number.isInteger(index) || index < 0 || index > 5) throw new Error(`load at ${offset}`);
    return (data.args?.[index] ?? 0) >>> 0;
  };
  let accumulator = 0;
  for (let pc = 0; pc < program.byteLength / 8; pc++) {
    const code = view.getUint16(pc * 8, true);
    const jt = view.getUint8(pc * 8 + 2);
    const jf = view.getUint8(pc * 8 + 3);
    const k = view.getUint32(pc * 8 + 4, true);
    if (code === 0x20) accumulator = word(k);
    else if (code === 0x06) return k;
    else if (code === 0x15) pc += accumulator === k ? jt : jf;
    else if (code === 0x35) pc += accumulator >= k ? jt : jf;
    else if (code === 0x45) pc += (accumulator & k) !== 0 ? jt : jf;
    else throw new Error(`opcode ${code}`);
  }
  throw new Error("the program ran off its end");
}

describe.each([["x64"], ["arm64"]] as const)("the filter for %s", (arch) => {
  const pid = 4242;
  const program = scanProcessFilter(arch, pid);
  const column = arch === "x64" ? 0 : 1;
  const nr = (name: keyof typeof GUARDED_CALLS | string) => ((GUARDED_CALLS as Record<string, readonly [number, number]>)[name] ?? DENIED_CALLS[name]!)[column]!;
  const call = (name: string, args: number[] = []) => verdict(program, { nr: nr(name), arch: AUDIT_ARCH[arch], args });
  const READ = arch === "x64" ? 0 : 63;
  const MMAP = arch === "x64" ? 9 : 222;
  const FUTEX = arch === "x64" ? 202 : 98;

  test("allows what a scan makes: reads, memory, futexes, inet and unix sockets, its own signals, threads", () => {
    for (const number of [READ, MMAP, FUTEX]) expect(verdict(program, { nr: number, arch: AUDIT_ARCH[arch] })).toBe(ALLOW);
    for (const family of [1, 2, 10]) expect(call("socket", [family, 1, 0])).toBe(ALLOW);
    expect(call("socket", [16, 3, 0])).toBe(ALLOW); // NETLINK_ROUTE, for getaddrinfo
    expect(call("socketpair", [1, 1, 0])).toBe(ALLOW);
    expect(call("kill", [pid, 9])).toBe(ALLOW);
    expect(call("tgkill", [pid, pid + 3, 30])).toBe(ALLOW);
    // glibc's pthread_create: CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID
    expect(call("clone", [0x3d0f00])).toBe(ALLOW);
    expect(call("ioctl", [1, 0x5421 /* FIONBIO */])).toBe(ALLOW);
  });

  test("refuses, with an errno rather than a kill, what reaches past the scan", () => {
    for (const name of ["ptrace", "process_vm_readv", "setuid", "setresuid", "capset", "mount", "unshare", "setns", "execve", "bpf", "io_uring_setup", "userfaultfd", "perf_event_open", "keyctl", "kexec_load", "init_module", "tkill", "pidfd_getfd"]) {
      expect(call(name), name).toBe(errno(1));
    }
    expect(call("socket", [17, 3, 0])).toBe(errno(97)); // AF_PACKET
    expect(call("socket", [40, 1, 0])).toBe(errno(97)); // AF_VSOCK
    expect(call("socket", [16, 3, 9])).toBe(errno(97)); // NETLINK_AUDIT
    expect(call("socketpair", [2, 1, 0])).toBe(errno(97));
    expect(call("kill", [pid + 1, 9])).toBe(errno(1)); // the server
    expect(call("kill", [0, 9])).toBe(errno(1)); // its process group, the server's
    expect(call("kill", [-1, 9])).toBe(errno(1));
    expect(call("tgkill", [pid - 1, pid - 1, 9])).toBe(errno(1));
    expect(call("rt_sigqueueinfo", [1, 9, 0])).toBe(errno(1));
    expect(call("clone", [0x10000000 | 17])).toBe(errno(1)); // CLONE_NEWUSER
    expect(call("clone", [0x40000000 | 17])).toBe(errno(1)); // CLONE_NEWNET
    expect(call("clone3")).toBe(errno(38)); // ENOSYS: glibc falls back to clone, whose flags are seen
    expect(call("ioctl", [1, 0x5412])).toBe(errno(1)); // TIOCSTI
  });

  test("refuses every call made under another ABI", () => {
    expect(verdict(program, { nr: READ, arch: AUDIT_ARCH.i386 })).toBe(errno(1));
    expect(verdict(program, { nr: READ, arch: AUDIT_ARCH[arch === "x64" ? "arm64" : "x64"] })).toBe(errno(1));
    if (arch === "x64") expect(verdict(program, { nr: 0x40000000 | READ, arch: AUDIT_ARCH.x64 })).toBe(errno(1)); // x32
  });
});

describe.each([["x64"], ["arm64"]] as const)("the server's filter for %s", (arch) => {
  const scanUser = { uid: 4102, gid: 4103 };
  const program = serverFilter(arch, scanUser);
  const column = arch === "x64" ? 0 : 1;
  const call = (name: string, args: number[] = []) => verdict(program, { nr: SERVER_FILTERED_CALLS[name]![column]!, arch: AUDIT_ARCH[arch], args });
  const UNCHANGED = 0xffffffff;

  test("lets the set*id calls name the scan user alone (or leave an id unchanged), and setgroups only clear the list", () => {
    expect(call("setuid", [4102])).toBe(ALLOW);
    expect(call("setgid", [4103])).toBe(ALLOW);
    expect(call("setresuid", [4102, 4102, 4102])).toBe(ALLOW);
    expect(call("setresgid", [UNCHANGED, 4103, UNCHANGED])).toBe(ALLOW);
    expect(call("setreuid", [4102, UNCHANGED])).toBe(ALLOW);
    expect(call("setgroups", [0, 0])).toBe(ALLOW);
    expect(verdict(program, { nr: arch === "x64" ? 0 : 63, arch: AUDIT_ARCH[arch] })).toBe(ALLOW); // read
  });

  test("refuses root and every other id, in any argument, and any group list", () => {
    expect(call("setuid", [0])).toBe(errno(1));
    expect(call("setuid", [4103])).toBe(errno(1)); // the scan user's gid is not its uid
    expect(call("setgid", [0])).toBe(errno(1));
    expect(call("setresuid", [4102, 0, 4102])).toBe(errno(1));
    expect(call("setresuid", [4102, 4102, 0])).toBe(errno(1));
    expect(call("setreuid", [UNCHANGED, 0])).toBe(errno(1));
    expect(call("setfsuid", [0])).toBe(errno(1));
    expect(call("setfsgid", [0])).toBe(errno(1));
    expect(call("setgroups", [1, 0])).toBe(errno(1));
    expect(verdict(program, { nr: SERVER_FILTERED_CALLS.setuid![column]!, arch: AUDIT_ARCH.i386, args: [4102] })).toBe(errno(1));
  });
});

test("only x64 and arm64 get a filter; other architectures are said to have none", () => {
  expect(filterArchOf("x64")).toBe("x64");
  expect(filterArchOf("arm64")).toBe("arm64");
  expect(filterArchOf("riscv64")).toBeNull();
  expect(filterArchOf("ia32")).toBeNull();
});

const probe = join(import.meta.dir, "fixtures/confined-probe.ts");
async function runProbe(env: Record<string, string>): Promise<{ confinement: unknown; attempts: Record<string, number | string>; works: Record<string, unknown> }> {
  const child = Bun.spawn([process.execPath, probe], { env: childEnv(env), stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect(err).toBe("");
  expect(code).toBe(0);
  return JSON.parse(out);
}

describe.skipIf(process.platform !== "linux" || filterArchOf() === null)("a process that confines itself as a scan process does", () => {
  test("is refused what a compromised parser would try, and keeps what a scan needs", async () => {
    const { confinement, attempts, works } = await runProbe({});
    expect(confinement).toEqual({ noNewPrivs: true, seccomp: true, problem: null });
    expect(attempts).toEqual({
      socketPacket: 97,
      socketVsock: 97,
      netlinkAudit: 97,
      ptraceParent: 1,
      killParent: 1,
      killGroup: 1,
      killSelf: 0,
      unshareUser: 1,
      ioUringSetup: 1,
      setuid: 1,
      clone3: 38,
      tiocsti: 1,
      spawn: "EPERM",
    });
    expect(works).toEqual({ fetchedBytes: 6000, worker: 42, dns: true });
  });

  test.skipIf(process.getuid?.() !== 0)("the control: unconfined, as root, the same process may signal its parent and its group, and spawn", async () => {
    const { confinement, attempts } = await runProbe({ PROBE_CONFINE: "0" });
    expect(confinement).toBeNull();
    if (process.arch === "x64") expect(attempts.ptraceParent).toBe(3); // ESRCH: the kernel, not the filter, answers
    expect(attempts.killParent).toBe(0);
    expect(attempts.killGroup).toBe(0);
    expect(attempts.spawn).toBe("ran");
  });
});
