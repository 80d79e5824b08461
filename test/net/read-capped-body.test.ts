import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { byteBudget } from "../../src/net/byte-budget.ts";
import { COLLECT_AFTER_BYTES, readCappedBody } from "../../src/net/read-capped-body.ts";

/** A body of `size` bytes in 64 KiB chunks, as the fetch stream hands them over. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(left, 64 * 1024)).fill(97);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const gc = spyOn(Bun, "gc");
afterEach(() => gc.mockClear());

test("a body of a megabyte or more is followed by a full collection: its spent chunks are freed before the next body", async () => {
  const read = await readCappedBody(streamOf(COLLECT_AFTER_BYTES + 10), 8 * COLLECT_AFTER_BYTES);
  expect(read.body.byteLength).toBe(COLLECT_AFTER_BYTES + 10);
  expect(gc).toHaveBeenCalledTimes(1);
  expect(gc).toHaveBeenCalledWith(true);
});

test("a body cut at its cap past a megabyte is collected after too, and a smaller one is not", async () => {
  await readCappedBody(streamOf(8 * COLLECT_AFTER_BYTES), COLLECT_AFTER_BYTES);
  expect(gc).toHaveBeenCalledTimes(1);
  gc.mockClear();
  const small = await readCappedBody(streamOf(512 * 1024), 8 * COLLECT_AFTER_BYTES);
  expect(small.body.byteLength).toBe(512 * 1024);
  expect(gc).not.toHaveBeenCalled();
});

describe("a body of declared size is read straight into one buffer, and is the same as read in chunks", () => {
  const declared = (size: number) => readCappedBody(streamOf(size), 8 * COLLECT_AFTER_BYTES, null, undefined, size);

  test("as declared: every byte, nothing cut", async () => {
    const read = await declared(300_000);
    expect(read).toMatchObject({ truncated: false, overBudget: false });
    expect(read.body.byteLength).toBe(300_000);
    expect(read.body.every((byte) => byte === 97)).toBe(true);
  });

  test("a response that sends more or less than it declared still gives what was sent, up to the cap", async () => {
    const more = await readCappedBody(streamOf(300_000), 8 * COLLECT_AFTER_BYTES, null, undefined, 100_000);
    expect(more.body.byteLength).toBe(300_000);
    expect(more.body.every((byte) => byte === 97)).toBe(true);
    const less = await readCappedBody(streamOf(100_000), 8 * COLLECT_AFTER_BYTES, null, undefined, 300_000);
    expect(less.body.byteLength).toBe(100_000);
    expect(less.body.buffer.byteLength).toBe(100_000);
    const capped = await readCappedBody(streamOf(300_000), 200_000, null, undefined, 300_000);
    expect(capped).toMatchObject({ truncated: true, overBudget: false });
    expect(capped.body.byteLength).toBe(200_000);
  });

  test("the scan's byte budget cuts it as it cuts a body of unknown size", async () => {
    const budget = byteBudget(150_000);
    const read = await readCappedBody(streamOf(300_000), 8 * COLLECT_AFTER_BYTES, null, budget, 300_000);
    expect(read).toMatchObject({ truncated: true, overBudget: true });
    expect(read.body.byteLength).toBe(150_000);
  });
});
