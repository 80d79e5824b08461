import { installSeccompFilter, setNoNewPrivs } from "./install-seccomp.ts";
import { filterArchOf, scanProcessFilter } from "./seccomp-filter.ts";

/**
 * Confines a scan process before it reads anything a site sent (docs/scan-boundary.md): no new
 * privileges (PR_SET_NO_NEW_PRIVS: no set-uid binary or file capability can raise it again), and the
 * seccomp filter of seccomp-filter.ts on every thread it has. Whatever cannot be done here is said, not
 * thrown: the pool logs it, and the scan runs without that part.
 */
export interface Confinement {
  noNewPrivs: boolean;
  seccomp: boolean;
  /** Why a part is missing; null when both are in place. */
  problem: string | null;
}

export function confineScanProcess(): Confinement {
  const noNewPrivs = setNoNewPrivs();
  if (noNewPrivs !== null) return { noNewPrivs: false, seccomp: false, problem: noNewPrivs };
  const arch = filterArchOf();
  if (!arch) return { noNewPrivs: true, seccomp: false, problem: `no seccomp filter for the ${process.arch} architecture (only x64 and arm64 are known)` };
  const problem = installSeccompFilter(arch, scanProcessFilter(arch, process.pid));
  return { noNewPrivs: true, seccomp: problem === null, problem };
}
