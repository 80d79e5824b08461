/**
 * HTTP/1.1 over a raw TCP socket, for tests of what fetch() cannot send (a short or doubled Host, a
 * malformed chunked body) and of what it would hide (two responses on one connection).
 */
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes `payload` as is and collects every byte until the server closes or `idleMs` pass without data. */
export function rawExchange(port: number, payload: string, idleMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString("latin1"));
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, idleMs);
    };
    socket.on("connect", () => {
      socket.write(payload, "latin1");
      arm();
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      arm();
    });
    socket.on("close", finish);
    socket.on("error", (error) => (chunks.length > 0 ? finish() : reject(error)));
  });
}

/** Splits what a connection received into responses, framed by Content-Length, chunked coding or close. */
export function parseResponses(stream: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = stream;
  while (rest.length > 0) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd < 0) throw new Error(`incomplete response head: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine = "", ...fieldLines] = rest.slice(0, headEnd).split("\r\n");
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
    if (status === undefined) throw new Error(`not a status line: ${JSON.stringify(statusLine.slice(0, 200))}`);
    const headers = new Map<string, string>();
    for (const line of fieldLines) {
      const colon = line.indexOf(":");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    rest = rest.slice(headEnd + 4);
    let body: string;
    if (headers.has("content-length")) {
      const length = Number(headers.get("content-length"));
      body = rest.slice(0, length);
      rest = rest.slice(length);
    } else if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
      body = "";
      for (;;) {
        const lineEnd = rest.indexOf("\r\n");
        const size = Number.parseInt(rest.slice(0, lineEnd), 16);
        rest = rest.slice(lineEnd + 2);
        if (size === 0) {
          rest = rest.slice(rest.indexOf("\r\n") + 2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else {
      body = rest;
      rest = "";
    }
    responses.push({ status: Number(status), headers, body });
  }
  return responses;
}

/** One request on its own connection; every response the server wrote to it. */
export async function rawRequest(port: number, payload: string, idleMs?: number): Promise<RawResponse[]> {
  return parseResponses(await rawExchange(port, payload, idleMs));
}
