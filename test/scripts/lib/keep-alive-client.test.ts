import { afterEach, describe, expect, test } from "bun:test";
import { keepAliveClient } from "../../../scripts/lib/keep-alive-client.ts";

const stoppers: (() => void)[] = [];
afterEach(() => {
  for (const stop of stoppers.splice(0)) stop();
});

/** A raw TCP server that answers each request with `answer(requestNumber)`, written as the chunks given. */
function rawServer(answer: (request: number) => string[] | "close"): { port: number; stop: (force?: boolean) => void } {
  let requests = 0;
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      data(socket) {
        const chunks = answer(++requests);
        if (chunks === "close") return void socket.end();
        for (const [index, chunk] of chunks.entries()) setTimeout(() => socket.write(chunk), index * 20);
      },
    },
  });
  stoppers.push(() => server.stop(true));
  return server;
}

describe("keepAliveClient: the benchmark's light HTTP client", () => {
  test("answers come back with their status, all over one keep-alive connection to Bun's server", async () => {
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        return new URL(request.url).pathname === "/missing" ? new Response("not here", { status: 404 }) : Response.json({ status: "ok" });
      },
    });
    stoppers.push(() => server.stop(true));
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    try {
      for (let index = 0; index < 50; index++) expect(await client.get("/healthz")).toBe(200);
      expect(await client.get("/missing")).toBe(404);
    } finally {
      client.close();
    }
  });

  test("the requests go over one connection", async () => {
    let connections = 0;
    const answer = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
    const server = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open: () => void connections++,
        data: (socket) => void socket.write(answer),
      },
    });
    stoppers.push(() => server.stop(true));
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    try {
      for (let index = 0; index < 20; index++) expect(await client.get("/healthz")).toBe(200);
    } finally {
      client.close();
    }
    expect(connections).toBe(1);
  });

  test("an answer that arrives in pieces is read to its last byte before it counts, and the next one after it", async () => {
    const body = '{"status":"ok"}';
    const whole = `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    const server = rawServer((request) => (request === 1 ? [whole.slice(0, 10), whole.slice(10, 40), whole.slice(40)] : [whole]));
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    try {
      const started = performance.now();
      expect(await client.get("/a")).toBe(200);
      // The body's last piece is written 40 ms after the first: an answer taken at its headers would be early.
      expect(performance.now() - started).toBeGreaterThanOrEqual(35);
      expect(await client.get("/b")).toBe(200);
    } finally {
      client.close();
    }
  });

  test("a second request while one is in flight is refused, not interleaved", async () => {
    const server = rawServer(() => ["HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n"]);
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    try {
      const first = client.get("/first");
      await expect(client.get("/second")).rejects.toThrow("one request at a time");
      expect(await first).toBe(204);
    } finally {
      client.close();
    }
  });

  test("a server that closes the connection fails the request in flight and every later one", async () => {
    const server = rawServer(() => "close");
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    await expect(client.get("/healthz")).rejects.toThrow("closed the connection");
    await expect(client.get("/healthz")).rejects.toThrow("closed the connection");
    client.close();
  });

  test("an answer without Content-Length is an error that names its status line", async () => {
    const server = rawServer(() => ["HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n"]);
    const client = await keepAliveClient(`http://127.0.0.1:${server.port}`);
    await expect(client.get("/healthz")).rejects.toThrow("no Content-Length in the answer: HTTP/1.1 200 OK");
    client.close();
  });

  test("a port nobody listens on fails at connect", async () => {
    const server = rawServer(() => "close");
    const port = server.port;
    server.stop(true);
    await expect(keepAliveClient(`http://127.0.0.1:${port}`)).rejects.toThrow();
  });
});
