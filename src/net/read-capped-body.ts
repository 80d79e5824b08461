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
  /** The body's size as the response declares it (Content-Length), when it is sent unencoded. */
  declaredBytes: number | null = null,
): Promise<CappedBody> {
  if (!stream) return { body: new Uint8Array(0), truncated: false, overBudget: false };
  const expected = contentEncoding || declaredBytes === null ? 0 : Math.min(declaredBytes, maxBytes, budget ? budget.limitBytes - budget.usedBytes : maxBytes);
  const bytes = new BodyBytes(expected);
  let truncated = false;
  let overBudget = false;
  // Once the scan's budget is spent, a body is not decoded at all: starting a decoder costs more than the
  // budget check it would meet (one slice of a gzip bomb inflates to a megabyte), and a scan makes a
  // dozen such requests after its budget ran out.
  const spent = { now: false };
  const raw = budget ? whileBudgetLeft(streamChunks(stream), budget, spent) : streamChunks(stream);
  const source = contentEncoding ? decodedBody(raw, contentEncoding) : raw;
  for await (const value of source) {
    const wanted = Math.min(value.byteLength, maxBytes - bytes.length);
    const granted = budget ? budget.take(wanted) : wanted;
    if (granted < value.byteLength) {
      bytes.add(value.subarray(0, granted));
      truncated = true;
      overBudget = granted < wanted;
      break; // ends the generators: the decoder is destroyed and the stream cancelled
    }
    bytes.add(value);
  }
  if (spent.now) {
    truncated = true;
    overBudget = true;
  }
  const length = bytes.length;
  const body = bytes.joined();
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

/**
 * A body's bytes as they arrive. When its size is known, they go straight into one buffer of that size:
 * gathering chunks and joining them at the end held the body twice at its largest moment. A response that
 * sends more than it declared (or a body of unknown size) falls back to chunks, joined at the end.
 */
class BodyBytes {
  private buffer: Uint8Array | null;
  private readonly chunks: Uint8Array[] = [];
  length = 0;

  constructor(expected: number) {
    this.buffer = expected > 0 ? new Uint8Array(expected) : null;
  }

  add(bytes: Uint8Array): void {
    if (this.buffer && this.length + bytes.byteLength <= this.buffer.length) {
      this.buffer.set(bytes, this.length);
    } else {
      if (this.buffer) {
        this.chunks.push(this.buffer.subarray(0, this.length));
        this.buffer = null;
      }
      this.chunks.push(bytes);
    }
    this.length += bytes.byteLength;
  }

  /** The body in one array of its own (never a view of the stream's chunks, which it would keep alive). */
  joined(): Uint8Array {
    if (this.buffer) return this.length === this.buffer.length ? this.buffer : this.buffer.slice(0, this.length);
    const body = concat(this.chunks, this.length);
    this.chunks.length = 0;
    return body;
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
