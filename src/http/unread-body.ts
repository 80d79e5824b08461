/**
 * A body the route answered without reading is read to its end before the answer goes out. Bun (1.4.4)
 * keeps parsing an unread chunked body after the handler's response is written, and on a malformed chunk
 * writes its own 400 on the same connection: two responses to one request (issue 30, finding 10). Once the
 * body has been read, Bun finds the bad chunk first, answers its 400 alone and closes the connection, and
 * our answer is dropped. The read is bounded by Bun's maxRequestBodySize, a cost the sender paid. A body
 * framed by Content-Length needs no parsing, so Bun skips it without a second answer and it is left unread.
 */

/** True when the request's chunked body is still there to read (not read, not cancelled by its route). */
export function hasUnreadChunkedBody(request: Request): boolean {
  // The header first: most requests have none, and reading `body` makes Bun create a stream.
  return request.headers.has("transfer-encoding") && request.body !== null && !request.bodyUsed;
}

/** Reads and discards the rest of the body; false when it ends malformed or the connection closes first. */
export async function drainBody(request: Request): Promise<boolean> {
  if (request.body === null) return true;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return true;
    }
  } catch {
    return false;
  }
}
