import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { setThreadCpus, threadCpus } from "../../src/scans/cpu-affinity.ts";

const linux = process.platform === "linux";

/** "0-2,5" → [0, 1, 2, 5], as /proc writes a CPU list. */
function parseCpuList(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to] = part.split("-").map(Number) as [number, number | undefined];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, index) => from + index);
  });
}

function processCpus(): number[] {
  return parseCpuList(readFileSync("/proc/self/status", "utf8").match(/^Cpus_allowed_list:\s*(\S+)/m)![1]!);
}

test.skipIf(!linux)("reads the CPUs this thread may use, as the kernel lists them", () => {
  expect(threadCpus()).toEqual(processCpus());
  expect(threadCpus(process.pid)).toEqual(processCpus());
});

test.skipIf(!linux)("refuses what cannot be a CPU set, changing nothing", () => {
  expect(setThreadCpus(0, [])).toBe(false);
  expect(setThreadCpus(0, [-1])).toBe(false);
  expect(setThreadCpus(0, [1024])).toBe(false);
  expect(setThreadCpus(0, [0.5])).toBe(false);
  // A thread that does not exist.
  expect(setThreadCpus(2 ** 30, processCpus())).toBe(false);
  expect(threadCpus(2 ** 30)).toBeNull();
  expect(threadCpus()).toEqual(processCpus());
});

test.skipIf(!linux || processCpus().length < 2)("keeps one thread to the CPUs given, and that thread alone", async () => {
  const last = processCpus().at(-1)!;
  const worker = new Worker(new URL("./fixtures/confine-self-worker.ts", import.meta.url));
  try {
    const answer = new Promise<{ set: boolean; read: number[]; self: string; main: string }>((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
    });
    worker.postMessage([last]);
    const { set, read, self, main } = await answer;
    expect(set).toBe(true);
    expect(read).toEqual([last]);
    expect(self).toBe(String(last));
    expect(parseCpuList(main)).toEqual(processCpus());
  } finally {
    worker.terminate();
  }
});
