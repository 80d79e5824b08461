import { expect, test } from "bun:test";
import { heapBytes } from "../../src/scans/thread-heap.ts";

const MIB = 1024 * 1024;

test("a buffer held by the heap is counted once", () => {
  Bun.gc(true);
  const before = heapBytes();
  const held = new Uint8Array(64 * MIB).fill(1);
  // The heap learns of memory held outside it at its next collection.
  Bun.gc(true);
  const growth = heapBytes() - before;
  expect(held[held.length - 1]).toBe(1);
  expect(growth).toBeGreaterThan(60 * MIB);
  expect(growth).toBeLessThan(80 * MIB);
});
