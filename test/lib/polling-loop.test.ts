import { expect, test } from "bun:test";
import { pollingLoop } from "../../src/lib/polling-loop.ts";

test("rounds run one after another, a failing round is reported and the loop goes on, and stop waits for the running round", async () => {
  const events: string[] = [];
  let round = 0;
  let release = () => {};
  const loop = pollingLoop(
    async () => {
      round++;
      events.push(`start ${round}`);
      if (round === 2) throw new Error("boom");
      if (round === 3) await new Promise<void>((resolve) => (release = resolve));
      events.push(`end ${round}`);
    },
    { pollMs: 1, onError: (error) => events.push(`error ${(error as Error).message}`) },
  );
  while (round < 3) await Bun.sleep(2);
  expect(loop.stopped).toBe(false);
  const stopping = loop.stop(5_000);
  expect(loop.stopped).toBe(true);
  release();
  await stopping;
  await Bun.sleep(10);
  expect(events).toEqual(["start 1", "end 1", "start 2", "error boom", "start 3", "end 3"]);
});

test("without pollMs nothing runs by itself, and a round stuck past the grace period does not hold stop", async () => {
  let ran = false;
  const idle = pollingLoop(async () => void (ran = true), { pollMs: undefined, onError: () => {} });
  await Bun.sleep(5);
  expect(ran).toBe(false);
  await idle.stop();
  const stuck = pollingLoop(() => new Promise(() => {}), { pollMs: 1, onError: () => {} });
  await stuck.stop(20);
  expect(stuck.stopped).toBe(true);
});
