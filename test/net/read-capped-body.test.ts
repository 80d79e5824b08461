import { afterEach, expect, spyOn, test } from "bun:test";
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
