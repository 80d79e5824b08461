import { expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { byteBudget } from "../../src/net/byte-budget.ts";
import { readCappedBody } from "../../src/net/read-capped-body.ts";

function streamOf(bytes: Uint8Array, chunk = 4096): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

test("a budget grants what is left and nothing once spent", () => {
  const budget = byteBudget(100);
  expect(budget.take(60)).toBe(60);
  expect(budget.take(60)).toBe(40);
  expect(budget.take(1)).toBe(0);
  expect(budget.usedBytes).toBe(100);
});

test("bodies read under one budget share it: the second is cut where the budget ran out, and says so", async () => {
  const budget = byteBudget(50_000);
  const first = await readCappedBody(streamOf(new Uint8Array(30_000).fill(97)), 1_000_000, null, budget);
  expect(first).toMatchObject({ truncated: false, overBudget: false });
  expect(first.body.length).toBe(30_000);
  const second = await readCappedBody(streamOf(new Uint8Array(30_000).fill(98)), 1_000_000, null, budget);
  expect(second).toMatchObject({ truncated: true, overBudget: true });
  expect(second.body.length).toBe(20_000);
  const third = await readCappedBody(streamOf(new Uint8Array(10).fill(99)), 1_000_000, null, budget);
  expect(third.body.length).toBe(0);
  expect(third.overBudget).toBe(true);
});

test("the budget counts decoded bytes, so a compressed body is charged for what it inflates to", async () => {
  const budget = byteBudget(100_000);
  const compressed = gzipSync(new Uint8Array(1_000_000));
  const read = await readCappedBody(streamOf(new Uint8Array(compressed)), 5_000_000, "gzip", budget);
  expect(read.body.length).toBe(100_000);
  expect(read).toMatchObject({ truncated: true, overBudget: true });
});

test("a cut by maxBytes is not a cut by the budget", async () => {
  const budget = byteBudget(1_000_000);
  const read = await readCappedBody(streamOf(new Uint8Array(30_000)), 10_000, null, budget);
  expect(read).toMatchObject({ truncated: true, overBudget: false });
  expect(budget.usedBytes).toBe(10_000);
});

test("once the budget is spent, a compressed body is not decoded at all: its stream is cancelled after one chunk", async () => {
  const budget = byteBudget(1_000);
  budget.take(1_000);
  // Not gzip at all: a decoder started on it would fail, so a read that resolves never started one.
  const garbage = new Uint8Array(64 * 1024).fill(7);
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(garbage);
    },
    cancel() {
      cancelled = true;
    },
  });
  const read = await readCappedBody(stream, 5_000_000, "gzip", budget);
  expect(read).toMatchObject({ truncated: true, overBudget: true });
  expect(read.body.length).toBe(0);
  expect(cancelled).toBe(true);
});

test("an empty body after the budget is spent is read as empty, not as cut", async () => {
  const budget = byteBudget(10);
  budget.take(10);
  const read = await readCappedBody(streamOf(new Uint8Array(0)), 5_000_000, "gzip", budget);
  expect(read).toMatchObject({ truncated: false, overBudget: false });
});

test("released bytes are given back, never below nothing", () => {
  const budget = byteBudget(100);
  budget.take(80);
  budget.release(50);
  expect(budget.usedBytes).toBe(30);
  expect(budget.take(100)).toBe(70);
  budget.release(1_000);
  expect(budget.usedBytes).toBe(0);
  budget.release(-5);
  expect(budget.usedBytes).toBe(0);
});
