import { expect, test } from "bun:test";
import { childEnv } from "../../scripts/lib/child-env.ts";

const linux = process.platform === "linux";

test.skipIf(!linux)("the runtime's shared helper threads are lowered to the scans' nice value, each once; the serving thread is not", async () => {
  const child = Bun.spawn([process.execPath, new URL("./fixtures/lower-helper-threads.ts", import.meta.url).pathname], { stdout: "pipe", stderr: "pipe", env: childEnv() });
  const [out, exit] = [await new Response(child.stdout).text(), await child.exited];
  expect(exit).toBe(0);
  const { first, again, threads } = JSON.parse(out) as { first: number; again: number; threads: { name: string; nice: number; main: boolean }[] };
  const client = threads.filter((thread) => thread.name === "HTTP Client");
  expect(client.length).toBeGreaterThan(0);
  for (const thread of client) expect(thread.nice).toBe(10);
  expect(first).toBeGreaterThanOrEqual(client.length);
  expect(again).toBe(0);
  expect(threads.find((thread) => thread.main)?.nice).toBe(0);
  // Threads that are not shared helpers keep their nice value.
  for (const thread of threads.filter((thread) => thread.name === "mi-scavenger")) expect(thread.nice).toBe(0);
});
