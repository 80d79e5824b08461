import { createBrotliDecompress, createGunzip, createInflate, constants as zlib, type Gunzip } from "node:zlib";

/**
 * Undoes Content-Encoding as a stream whose memory stays small whatever the compression ratio.
 *
 * Bun's own decompression turns each network chunk into all of its output at once: 64 KiB of a
 * gzip bomb becomes 64 MiB in one piece, before any byte cap can act. Here the compressed bytes are
 * fed to zlib in small slices, so each step yields at most about SLICE × 1032 bytes (deflate's
 * largest ratio) and the reader's cap stops the work after the first step that crosses it.
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
  const decoder = decoderFor(contentEncoding.trim().toLowerCase());
  if (!decoder) {
    yield* raw;
    return;
  }
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  decoder.on("data", (chunk: Buffer) => pending.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  decoder.on("error", (error: Error) => {
    failure = error;
  });
  // After an error zlib never calls a write's callback, so the error settles the wait as well.
  const write = (piece: Uint8Array) =>
    new Promise<void>((resolve) => {
      if (failure) return resolve();
      const settle = () => {
        decoder.off("error", settle);
        resolve();
      };
      decoder.once("error", settle);
      decoder.write(piece, settle);
    });
  try {
    for await (const chunk of raw) {
      for (let offset = 0; offset < chunk.byteLength; offset += SLICE_BYTES) {
        await write(chunk.subarray(offset, offset + SLICE_BYTES));
        if (failure) throw undecodable(contentEncoding, failure);
        while (pending.length > 0) yield pending.shift()!;
      }
    }
    await new Promise<void>((resolve) => {
      decoder.once("error", () => resolve());
      decoder.end(() => resolve());
    });
    if (failure) throw undecodable(contentEncoding, failure);
    while (pending.length > 0) yield pending.shift()!;
  } finally {
    decoder.destroy();
  }
}

function undecodable(encoding: string, cause: Error): Error {
  return Object.assign(new Error(`the ${encoding} response body could not be decompressed (${cause.message})`), { code: "BODY_DECODE" });
}
