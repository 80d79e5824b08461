import { expect, test } from "bun:test";
import { decoderSlots } from "../../src/net/decoder-slots.ts";

const never = new AbortController().signal;

test("no more than `limit` slots are out at once; a release lets the longest waiter in", async () => {
  const slots = decoderSlots(2);
  const first = await slots.take(never);
  await slots.take(never);
  const order: string[] = [];
  const third = slots.take(never).then((release) => (order.push("third"), release));
  const fourth = slots.take(never).then((release) => (order.push("fourth"), release));
  await Bun.sleep(0);
  expect(order).toEqual([]);
  first();
  // Releasing twice frees one slot, not two.
  first();
  await third;
  await Bun.sleep(0);
  expect(order).toEqual(["third"]);
  (await third)();
  await fourth;
  expect(order).toEqual(["third", "fourth"]);
});

test("a waiter whose signal fires gives up with the signal's reason and holds no place in the line", async () => {
  const slots = decoderSlots(1);
  const held = await slots.take(never);
  const controller = new AbortController();
  const gaveUp = slots.take(controller.signal);
  const next = slots.take(never);
  controller.abort(new Error("timed out after 10 ms"));
  expect(gaveUp).rejects.toThrow("timed out after 10 ms");
  held();
  // The slot goes to the waiter behind the one that gave up.
  const release = await next;
  release();
  expect(await Promise.race([slots.take(never).then(() => "free"), Bun.sleep(50).then(() => "stuck")])).toBe("free");
});

test("an already fired signal is refused at once", async () => {
  const controller = new AbortController();
  controller.abort(new Error("aborted by the caller"));
  expect(decoderSlots(2).take(controller.signal)).rejects.toThrow("aborted by the caller");
});
