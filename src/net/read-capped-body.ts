import type { ByteBudget } from "./byte-budget.ts";
import { decodedBody } from "./decoded-body.ts";

export interface CappedBody {
  body: Uint8Array;
  truncated: boolean;
  /** True when the cut came from the scan's byte budget rather than from maxBytes. */
  overBudget: boolean;
}

/**
 * Reads a response body, decoded per its Content-Encoding, up to maxBytes (and what is left of the
 * scan's byte budget, when given) and then stops reading and decoding, so a huge body or a
 * decompression bomb costs about maxBytes of memory.
 */
export async function readCappedBody(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  contentEncoding: string | null = null,
  budget?: ByteBudget,
): Promise<CappedBody> {
  if (!stream) return { body: new Uint8Array(0), truncated: false, overBudget: false };
  const chunks: Uint8Array[] = [];
  let length = 0;
  let truncated = false;
  let overBudget = false;
  // Once the scan's budget is spent, a body is not decoded at all: starting a decoder costs more than the
  // budget check it would meet (one slice of a gzip bomb inflates to a megabyte), and a scan makes a
  // dozen such requests after its budget ran out.
  const spent = { now: false };
  const raw = budget ? whileBudgetLeft(streamChunks(stream), budget, spent) : streamChunks(stream);
  const source = contentEncoding ? decodedBody(raw, contentEncoding) : raw;
  for await (const value of source) {
    const wanted = Math.min(value.byteLength, maxBytes - length);
    const granted = budget ? budget.take(wanted) : wanted;
    if (granted < value.byteLength) {
      chunks.push(value.subarray(0, granted));
      length += granted;
      truncated = true;
      overBudget = granted < wanted;
      break; // ends the generators: the decoder is destroyed and the stream cancelled
    }
    chunks.push(value);
    length += value.byteLength;
  }
  if (spent.now) {
    truncated = true;
    overBudget = true;
  }
  const body = concat(chunks, length);
  chunks.length = 0;
  // The chunks and the decoder's output are garbage now, as large as the body. JavaScriptCore does not
  // count memory it did not allocate itself (the fetch stream's chunks) towards its next collection, so
  // several scans' spent chunks piled up between collections: measured with 8 hostile scans at once,
  // peaks of 300-337 MB RSS fell to 261-269 MB with this collection. Only large bodies pay for it
  // (a few milliseconds for a scan thread's heap); the pages of ordinary sites stay far below.
  if (length >= COLLECT_AFTER_BYTES) Bun.gc(true);
  return { body, truncated, overBudget };
}

/** A body at least this large is followed by a garbage collection (see readCappedBody). */
export const COLLECT_AFTER_BYTES = 1024 * 1024;

/** The raw chunks while the budget has bytes left; notes when it stopped for that. */
async function* whileBudgetLeft(chunks: AsyncGenerator<Uint8Array>, budget: ByteBudget, spent: { now: boolean }): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    if (budget.usedBytes >= budget.limitBytes) {
      spent.now = true;
      return;
    }
    yield chunk;
  }
}

/** The chunks of a stream; stopping early cancels it, so the connection is not left open. */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0].slice();
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
