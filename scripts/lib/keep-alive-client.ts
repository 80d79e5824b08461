/**
 * A minimal HTTP/1.1 client over one keep-alive TCP connection, for benchmarks that time a server's
 * answers. Bun's fetch hands every request to its HTTP client thread and back, which costs the
 * measuring process about as much CPU as the server spends answering; on a 2-CPU machine that client
 * then competes with the server it measures. This one writes a prepared request and reads the answer on
 * the calling thread, one request at a time, and understands only what the benchmarks ask for: GET, a
 * status line, headers and a Content-Length body (no chunked bodies, no redirects).
 */
export interface KeepAliveClient {
  /** GETs `path` and resolves with the status once the whole body has arrived. */
  get(path: string): Promise<number>;
  close(): void;
}

const HEADER_END = "\r\n\r\n";

export async function keepAliveClient(baseUrl: string): Promise<KeepAliveClient> {
  const url = new URL(baseUrl);
  const host = url.host;
  let buffered = "";
  let pending: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;

  /** Takes one whole response off the front of the buffer, if it is all there. */
  function takeResponse(): number | null {
    const headerEnd = buffered.indexOf(HEADER_END);
    if (headerEnd === -1) return null;
    const head = buffered.slice(0, headerEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) throw new Error(`no Content-Length in the answer: ${head.split("\r\n")[0]}`);
    // The benchmarks' answers are ASCII JSON, so characters count as bytes.
    const end = headerEnd + HEADER_END.length + Number(length[1]);
    if (buffered.length < end) return null;
    buffered = buffered.slice(end);
    return status;
  }

  function fail(error: Error): void {
    failure ??= error;
    pending?.reject(error);
    pending = null;
  }

  const socket = await Bun.connect({
    hostname: url.hostname,
    port: Number(url.port),
    socket: {
      data(_socket, chunk) {
        buffered += chunk.toString("latin1");
        try {
          const status = takeResponse();
          if (status === null || !pending) return;
          const waiting = pending;
          pending = null;
          waiting.resolve(status);
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      },
      close() {
        fail(new Error("the server closed the connection"));
      },
      error(_socket, error) {
        fail(error);
      },
    },
  });
  socket.setNoDelay(true);

  return {
    get(path) {
      if (failure) return Promise.reject(failure);
      if (pending) return Promise.reject(new Error("one request at a time on a keep-alive client"));
      return new Promise<number>((resolve, reject) => {
        pending = { resolve, reject };
        const request = `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
        // A request this short fits in any socket buffer; a short write would mean a broken connection.
        if (socket.write(request) !== request.length) fail(new Error("the request could not be written whole"));
      });
    },
    close() {
      socket.end();
    },
  };
}
