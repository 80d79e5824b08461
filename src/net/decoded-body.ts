import { createBrotliDecompress, createGunzip, createInflate, constants as zlib, type Gunzip } from "node:zlib";

/**
 * Undoes Content-Encoding as a stream whose memory stays small whatever the compression ratio.
 *
 * Bun's own decompression turns each network chunk into all of its output at once: 64 KiB of a
 * gzip bomb becomes 64 MiB in one piece, before any byte cap can act. Here the compressed bytes are
 * fed to zlib in small slices, and the output is pulled from the decoder (paused mode) rather than
 * pushed by 'data' events: zlib then stops inflating whenever its output buffer is full and goes on
 * only when the consumer asks for more. Slicing alone is not enough, because brotli has no bound on
 * its ratio: 256 MiB of zeros compress to about 200 bytes, so one small slice can inflate to
 * gigabytes. Memory stays at about one zlib chunk however the body was built.
 */
const SLICE_BYTES = 1024;

type Decoder = Gunzip;

function decoderFor(encoding: string): Decoder | null {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      // Truncated bodies (cut by a cap or a dying server) are common; keep what was decoded.
      return createGunzip({ finishFlush: zlib.Z_SYNC_FLUSH });
    case "deflate":
      return createInflate({ finishFlush: zlib.Z_SYNC_FLUSH });
    case "br":
      return createBrotliDecompress() as unknown as Decoder;
    default:
      return null;
  }
}

/** True when the response's Content-Encoding is one this module decodes. */
export function isDecodable(contentEncoding: string | null): boolean {
  return contentEncoding !== null && decoderFor(contentEncoding.trim().toLowerCase()) !== null;
}

/**
 * Yields the decoded body of `raw`. Stops decoding as soon as the consumer stops iterating, and
 * throws when the compressed data is corrupt.
 */
export async function* decodedBody(raw: AsyncIterable<Uint8Array>, contentEncoding: string): AsyncGenerator<Uint8Array> {
  const found = decoderFor(contentEncoding.trim().toLowerCase());
  if (!found) {
    yield* raw;
    return;
  }
  const decoder: Decoder = found;
  let failure: Error | null = null;
  // Wakes the pull loop when output is ready, a write or the end has been processed, or zlib failed.
  let wake: (() => void) | null = null;
  const signal = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  decoder.on("readable", signal);
  decoder.on("error", (error: Error) => {
    failure = error;
    signal();
  });

  /** Runs one write (or the end) and yields its output as zlib produces it, one buffer at a time. */
  async function* step(start: (done: () => void) => void): AsyncGenerator<Uint8Array> {
    let processed = false;
    // After an error zlib never calls a write's callback, so the error ends the step as well.
    start(() => {
      processed = true;
      signal();
    });
    for (;;) {
      let chunk: Buffer | null;
      while (failure === null && (chunk = decoder.read() as Buffer | null) !== null) {
        yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      }
      if (failure) throw undecodable(contentEncoding, failure);
      if (processed) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }

  try {
    for await (const chunk of raw) {
      for (let offset = 0; offset < chunk.byteLength; offset += SLICE_BYTES) {
        const piece = chunk.subarray(offset, offset + SLICE_BYTES);
        yield* step((done) => decoder.write(piece, done));
      }
    }
    yield* step((done) => decoder.end(done));
    // end's callback can come before the last pushes are read out ('finish' precedes 'end').
    let rest: Buffer | null;
    while ((rest = decoder.read() as Buffer | null) !== null) yield new Uint8Array(rest.buffer, rest.byteOffset, rest.byteLength);
  } finally {
    decoder.destroy();
  }
}

function undecodable(encoding: string, cause: Error): Error {
  return Object.assign(new Error(`the ${encoding} response body could not be decompressed (${cause.message})`), { code: "BODY_DECODE" });
}
