import { expect, test } from "bun:test";
import { RefreshAhead } from "../../src/lib/refresh-ahead.ts";

function setUp() {
  let now = 0;
  let reads = 0;
  let next = 0;
  const pending: Array<() => void> = [];
  const value = new RefreshAhead(
    () => {
      reads++;
      const answer = ++next;
      return new Promise<number>((resolve) => pending.push(() => resolve(answer)));
    },
    150,
    200,
    () => now,
  );
  return {
    value,
    reads: () => reads,
    finishReads: async () => {
      for (const resolve of pending.splice(0)) resolve();
      await Bun.sleep(0);
    },
    at: (ms: number) => (now = ms),
  };
}

test("the first caller waits for the read; callers meanwhile share it", async () => {
  const s = setUp();
  const first = s.value.get();
  const second = s.value.get();
  expect(first).toBeInstanceOf(Promise);
  expect(s.reads()).toBe(1);
  await s.finishReads();
  expect(await first).toBe(1);
  expect(await second).toBe(1);
  expect(s.value.get()).toBe(1);
});

test("young: served as is; past refreshAfterMs: served while one background read renews it; past maxAgeMs: waited for", async () => {
  const s = setUp();
  const first = s.value.get();
  await s.finishReads();
  await first;

  s.at(100);
  expect(s.value.get()).toBe(1);
  expect(s.reads()).toBe(1);

  s.at(160);
  expect(s.value.get()).toBe(1);
  expect(s.value.get()).toBe(1);
  expect(s.reads()).toBe(2);
  await s.finishReads();
  expect(s.value.get()).toBe(2);

  // The renewed value is dated by when its read began (160): at 370 it is past maxAgeMs.
  s.at(370);
  const waited = s.value.get();
  expect(waited).toBeInstanceOf(Promise);
  await s.finishReads();
  expect(await waited).toBe(3);
});

test("a failed read is seen by the caller who waits for it, and the next call reads again", async () => {
  let calls = 0;
  const value = new RefreshAhead(async () => {
    calls++;
    if (calls === 1) throw new Error("database gone");
    return "ok";
  }, 150, 200, () => 0);
  await expect(Promise.resolve(value.get())).rejects.toThrow("database gone");
  expect(await value.get()).toBe("ok");
});
