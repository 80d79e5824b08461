import { describe, expect, test } from "bun:test";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";
import { decodedBody, isDecodable } from "../../src/net/decoded-body.ts";
import { readCappedBody } from "../../src/net/read-capped-body.ts";

async function* once(bytes: Uint8Array) {
  yield bytes;
}
async function collect(chunks: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}
const text = "AI crawlers read this. ".repeat(500);

describe("decodedBody", () => {
  test.each([
    ["gzip", gzipSync(text)],
    ["x-gzip", gzipSync(text)],
    ["deflate", deflateSync(text)],
    ["br", brotliCompressSync(text)],
    ["GZIP ", gzipSync(text)],
  ])("decodes %s", async (encoding, compressed) => {
    expect(isDecodable(encoding)).toBe(true);
    expect(await collect(decodedBody(once(new Uint8Array(compressed)), encoding))).toBe(text);
  });

  test("passes an unknown encoding through untouched", async () => {
    expect(isDecodable("identity")).toBe(false);
    expect(await collect(decodedBody(once(new TextEncoder().encode("plain")), "identity"))).toBe("plain");
  });

  test("a corrupt body is an error that says so", async () => {
    const corrupt = new Uint8Array(gzipSync(text));
    corrupt.fill(7, 10, 40);
    await expect(collect(decodedBody(once(corrupt), "gzip"))).rejects.toThrow("could not be decompressed");
  });

  test("a bomb arriving in one network chunk is decoded in small steps", async () => {
    // 256 MiB of zeros is about 256 KiB of gzip: Bun's decoder would hand all of it over at once.
    const bomb = new Uint8Array(gzipSync(new Uint8Array(256 * 1024 * 1024), { level: 9 }));
    let largest = 0;
    let total = 0;
    for await (const chunk of decodedBody(once(bomb), "gzip")) {
      largest = Math.max(largest, chunk.byteLength);
      total += chunk.byteLength;
      if (total > 8 * 1024 * 1024) break;
    }
    expect(largest).toBeLessThanOrEqual(2 * 1024 * 1024);
  }, 60_000); // compressing 256 MiB to build the bomb takes seconds on a loaded machine

  test("a brotli bomb smaller than one slice is not inflated beyond what is read", async () => {
    // Brotli has no ratio bound: 256 MiB of zeros compress to about 200 bytes, less than one slice.
    // Output pushed by 'data' events would all be inflated (and held) before the cap could act.
    const bomb = new Uint8Array(
      brotliCompressSync(new Uint8Array(256 * 1024 * 1024), {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 24 },
      }),
    );
    expect(bomb.byteLength).toBeLessThan(1024);
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const decoding = decodedBody(once(bomb), "br");
    const first = await decoding.next();
    const growth = process.memoryUsage().rss - before;
    await decoding.return(undefined);
    expect(first.done).toBe(false);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  test("decodes a body sent in many small network chunks, ending in the last one", async () => {
    const compressed = new Uint8Array(gzipSync(text));
    async function* dribble() {
      for (let offset = 0; offset < compressed.byteLength; offset += 7) yield compressed.subarray(offset, offset + 7);
    }
    expect(await collect(decodedBody(dribble(), "gzip"))).toBe(text);
  });

  test("readCappedBody stops decoding at the cap", async () => {
    const bomb = new Uint8Array(gzipSync(new Uint8Array(64 * 1024 * 1024), { level: 9 }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bomb);
        controller.close();
      },
    });
    const { body, truncated } = await readCappedBody(stream, 1024 * 1024, "gzip");
    expect(truncated).toBe(true);
    expect(body.byteLength).toBe(1024 * 1024);
  });
});
