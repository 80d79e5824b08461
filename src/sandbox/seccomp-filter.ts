import { ARCH_OFFSET, argOffset, bpfProgram, NR_OFFSET } from "./bpf-program.ts";

/**
 * The seccomp filter of a scan process (docs/scan-boundary.md): a classic BPF program over struct
 * seccomp_data, built here as bytes for SECCOMP_SET_MODE_FILTER. It is a deny-list: the calls a scan
 * never makes and that reach into other processes, credentials, mounts, namespaces, kernel modules and
 * the other large kernel surfaces (bpf, io_uring, perf, userfaultfd, keyrings) fail with EPERM, and
 * everything else is allowed. An allow-list would have to name every call Bun, JavaScriptCore and glibc
 * make on every path (threads, GC, JIT, DNS, TLS, inflating), and one missed call kills a scan in a way
 * no test may show; a failed call here is an error JavaScript sees, never a killed process.
 * Sources: seccomp(2), Documentation/userspace-api/seccomp_filter.rst, and Docker's default profile
 * (moby/profiles/seccomp/default.json) for which calls are safe to refuse and how (clone3: ENOSYS).
 */

/** The architectures whose system call numbers are known here, as Node names them (process.arch). */
export type FilterArch = "x64" | "arm64";

/** AUDIT_ARCH_* of <linux/audit.h>: the filter refuses calls made under any other ABI (i386 via int 0x80). */
export const AUDIT_ARCH: Record<FilterArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };
/** Set in the numbers of the x32 ABI, which an x86_64 process can also call into. */
export const X32_SYSCALL_BIT = 0x40000000;

/** [x86_64, aarch64] numbers from <asm/unistd_64.h> and <asm-generic/unistd.h>; null where the call does not exist. */
const DENIED: Record<string, readonly [number, number | null]> = {
  // Other processes: reading or writing their memory, stealing their descriptors, signalling them.
  ptrace: [101, 117],
  process_vm_readv: [310, 270],
  process_vm_writev: [311, 271],
  kcmp: [312, 272],
  pidfd_getfd: [438, 438],
  pidfd_send_signal: [424, 424],
  tkill: [200, 130],
  // Credentials: a scan keeps the user it was started as.
  setuid: [105, 146],
  setgid: [106, 144],
  setreuid: [113, 145],
  setregid: [114, 143],
  setresuid: [117, 147],
  setresgid: [119, 149],
  setfsuid: [122, 151],
  setfsgid: [123, 152],
  setgroups: [116, 159],
  capset: [126, 91],
  // Mounts, namespaces, and running anything else.
  mount: [165, 40],
  umount2: [166, 39],
  pivot_root: [155, 41],
  chroot: [161, 51],
  move_mount: [429, 429],
  open_tree: [428, 428],
  fsopen: [430, 430],
  fsconfig: [431, 431],
  fsmount: [432, 432],
  fspick: [433, 433],
  mount_setattr: [442, 442],
  unshare: [272, 97],
  setns: [308, 268],
  execve: [59, 221],
  execveat: [322, 281],
  open_by_handle_at: [304, 265],
  name_to_handle_at: [303, 264],
  // The machine: kernel modules, reboot, swap, clocks, names, the kernel log.
  kexec_load: [246, 104],
  kexec_file_load: [320, 294],
  reboot: [169, 142],
  init_module: [175, 105],
  finit_module: [313, 273],
  delete_module: [176, 106],
  swapon: [167, 224],
  swapoff: [168, 225],
  acct: [163, 89],
  quotactl: [179, 60],
  quotactl_fd: [443, 443],
  settimeofday: [164, 170],
  clock_settime: [227, 112],
  clock_adjtime: [305, 266],
  adjtimex: [159, 171],
  sethostname: [170, 161],
  setdomainname: [171, 162],
  syslog: [103, 116],
  vhangup: [153, 58],
  personality: [135, 92],
  lookup_dcookie: [212, 18],
  fanotify_init: [300, 262],
  nfsservctl: [180, 42],
  // Large kernel surfaces a scan has no use for, and where exploitable bugs have clustered. io_uring's
  // operations are not seen by seccomp at all, so refusing its setup is what keeps the filter whole.
  bpf: [321, 280],
  perf_event_open: [298, 241],
  userfaultfd: [323, 282],
  keyctl: [250, 219],
  add_key: [248, 217],
  request_key: [249, 218],
  io_uring_setup: [425, 425],
  io_uring_enter: [426, 426],
  io_uring_register: [427, 427],
  // x86 only: port I/O, the LDT, and calls long removed.
  iopl: [172, null],
  ioperm: [173, null],
  modify_ldt: [154, null],
  uselib: [134, null],
  _sysctl: [156, null],
  create_module: [174, null],
  get_kernel_syms: [177, null],
  query_module: [178, null],
};

/** Calls allowed only with some arguments (below), by the same [x86_64, aarch64] numbers. */
const NR = {
  socket: [41, 198],
  socketpair: [53, 199],
  kill: [62, 129],
  tgkill: [234, 131],
  rt_sigqueueinfo: [129, 138],
  rt_tgsigqueueinfo: [297, 240],
  clone: [56, 220],
  clone3: [435, 435],
  ioctl: [16, 29],
} as const satisfies Record<string, readonly [number, number]>;

const AF_UNIX = 1;
const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
/** getaddrinfo asks the kernel for the machine's addresses (AI_ADDRCONFIG) over NETLINK_ROUTE. */
const NETLINK_ROUTE = 0;
/** CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET. */
const CLONE_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;
/** TIOCSTI pushes input into a terminal the server may share; TIOCLINUX reaches the console. */
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;

const EPERM = 1;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;

export const RET_ALLOW = 0x7fff0000;
export const retErrno = (errno: number) => 0x00050000 | errno;

/**
 * The program for `arch` in a process whose id is `pid` (signals may only go to itself). Each call is
 * compared on its low 32 bits, which is all the kernel reads of an int argument (socket's family, kill's
 * pid, ioctl's request) and holds clone's namespace flags.
 */
export function scanProcessFilter(arch: FilterArch, pid: number): Uint8Array {
  const column = arch === "x64" ? 0 : 1;
  const { load, jump, ret, label, assemble } = bpfProgram();

  load(ARCH_OFFSET);
  jump("eq", AUDIT_ARCH[arch], null, "deny");
  load(NR_OFFSET);
  if (arch === "x64") jump("ge", X32_SYSCALL_BIT, "deny", null);
  for (const numbers of Object.values(DENIED)) {
    const nr = numbers[column];
    if (nr !== null && nr !== undefined) jump("eq", nr, "deny", null);
  }
  jump("eq", NR.clone3[column], "no-clone3", null);

  // Each guarded call: if it is this one, judge its argument and return; otherwise fall through with nr still loaded.
  const guarded = (name: keyof typeof NR, judge: (next: string) => void) => {
    const next = `after-${name}`;
    jump("eq", NR[name][column], null, next);
    judge(next);
    label(next);
  };
  guarded("socket", () => {
    load(argOffset(0));
    jump("eq", AF_UNIX, "allow", null);
    jump("eq", AF_INET, "allow", null);
    jump("eq", AF_INET6, "allow", null);
    jump("eq", AF_NETLINK, null, "no-family");
    load(argOffset(2));
    jump("eq", NETLINK_ROUTE, "allow", "no-family");
  });
  guarded("socketpair", () => {
    load(argOffset(0));
    jump("eq", AF_UNIX, "allow", "no-family");
  });
  for (const name of ["kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"] as const) {
    guarded(name, () => {
      load(argOffset(0));
      jump("eq", pid, "allow", "deny");
    });
  }
  guarded("clone", () => {
    load(argOffset(0));
    jump("set", CLONE_NAMESPACES, "deny", "allow");
  });
  guarded("ioctl", () => {
    load(argOffset(1));
    jump("eq", TIOCSTI, "deny", null);
    jump("eq", TIOCLINUX, "deny", "allow");
  });
  label("allow");
  ret(RET_ALLOW);
  label("deny");
  ret(retErrno(EPERM));
  // glibc then starts threads with clone, whose flags the filter can read (clone3 passes them in memory).
  label("no-clone3");
  ret(retErrno(ENOSYS));
  label("no-family");
  ret(retErrno(EAFNOSUPPORT));
  return assemble();
}

/** The filter's architecture for this process, or null where its system call numbers are not known here. */
export function filterArchOf(arch: string = process.arch): FilterArch | null {
  return arch === "x64" || arch === "arm64" ? arch : null;
}

/** The denied calls and their numbers, for the test that checks them against the kernel's headers. */
export const DENIED_CALLS: Readonly<Record<string, readonly [number, number | null]>> = DENIED;
export const GUARDED_CALLS: Readonly<Record<string, readonly [number, number]>> = NR;
