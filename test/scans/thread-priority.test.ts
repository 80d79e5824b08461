import { expect, test } from "bun:test";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { threadCpus } from "../../src/scans/cpu-affinity.ts";
import { scanCpuSet } from "../../src/scans/thread-priority.ts";

const linux = process.platform === "linux";

interface ThreadState {
  name: string;
  nice: number;
  cpus: string;
  main: boolean;
}

async function lowerHelpersInChild(...args: string[]): Promise<{ first: number; again: number; threads: ThreadState[] }> {
  const child = Bun.spawn([process.execPath, new URL("./fixtures/lower-helper-threads.ts", import.meta.url).pathname, ...args], { stdout: "pipe", stderr: "pipe", env: childEnv() });
  const [out, exit] = [await new Response(child.stdout).text(), await child.exited];
  expect(exit).toBe(0);
  return JSON.parse(out);
}

test("scan work gets the last SCAN_CPUS of the process's CPUs, and no confinement when that is all of them", () => {
  expect(scanCpuSet(1, [0, 1])).toEqual([1]);
  expect(scanCpuSet(3, [0, 1, 2, 3])).toEqual([1, 2, 3]);
  expect(scanCpuSet(2, [0, 1, 2, 3])).toEqual([2, 3]);
  // The CPUs a container or taskset allows, not numbered from 0.
  expect(scanCpuSet(2, [4, 5, 6])).toEqual([5, 6]);
  expect(scanCpuSet(2, [0, 1])).toBeNull();
  expect(scanCpuSet(5, [0, 1])).toBeNull();
  // One CPU: nothing to leave to the serving thread.
  expect(scanCpuSet(1, [0])).toBeNull();
  // Unreadable (not Linux, no libc): nothing is confined.
  expect(scanCpuSet(1, null)).toBeNull();
});

test.skipIf(!linux)("the runtime's shared helper threads are lowered to the scans' nice value, each once; the serving thread is not", async () => {
  const { first, again, threads } = await lowerHelpersInChild();
  const client = threads.filter((thread) => thread.name === "HTTP Client");
  expect(client.length).toBeGreaterThan(0);
  for (const thread of client) expect(thread.nice).toBe(10);
  expect(first).toBeGreaterThanOrEqual(client.length);
  expect(again).toBe(0);
  expect(threads.find((thread) => thread.main)?.nice).toBe(0);
  // Threads that are not shared helpers keep their nice value.
  for (const thread of threads.filter((thread) => thread.name === "mi-scavenger")) expect(thread.nice).toBe(0);
  // No CPUs given: every thread keeps the process's.
  expect(new Set(threads.map((thread) => thread.cpus)).size).toBe(1);
});

const processCpus = threadCpus() ?? [];

test.skipIf(!linux || processCpus.length < 2)("given the scans' CPUs, every thread but the serving one is kept to them", async () => {
  const last = String(processCpus.at(-1));
  const { threads } = await lowerHelpersInChild(last);
  const main = threads.find((thread) => thread.main)!;
  expect(main.cpus).not.toBe(last);
  const others = threads.filter((thread) => !thread.main);
  expect(others.map((thread) => thread.name)).toContain("HTTP Client");
  for (const thread of others) expect(thread.cpus, thread.name).toBe(last);
  // Confining is not lowering: only the shared helpers run at the scans' nice value.
  for (const thread of others.filter((thread) => thread.name === "mi-scavenger")) expect(thread.nice).toBe(0);
});
