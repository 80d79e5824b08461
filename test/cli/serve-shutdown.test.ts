import { expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { stopServing } from "../../src/cli/serve-command.ts";
import { silentLog } from "../../src/log.ts";
import { startServer } from "../../src/server.ts";
import { createTestRuntime, fakeDns } from "../helpers/test-runtime.ts";

/** A client that sends a scan request's headers and then its body one byte at a time, never idle long enough to be cut off. */
function tricklingClient(port: number): { socket: Socket; closed: Promise<void>; stop(): void } {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write("POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{");
  const timer = setInterval(() => socket.write(" "), 50);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, closed, stop: () => clearInterval(timer) };
}

test("shutdown ends within its grace while a client keeps a request open, and stops the worker meanwhile", async () => {
  const service = await createTestRuntime({}, { lookup: fakeDns() });
  const server = startServer({ app: service.runtime.app, fastRoutes: service.runtime.fastRoutes, hostname: "127.0.0.1", port: 0, log: silentLog });
  const client = tricklingClient(server.port!);
  let clientClosed = false;
  void client.closed.then(() => (clientClosed = true));
  let workerStoppedWhileRequestOpen = false;
  try {
    await Bun.sleep(150); // the request is in the handler, reading its body
    const runtime = {
      log: silentLog,
      stop: service.runtime.stop,
      worker: {
        ...service.runtime.worker,
        stop(graceMs: number) {
          workerStoppedWhileRequestOpen = !clientClosed;
          return service.runtime.worker.stop(graceMs);
        },
      },
    };
    // Without a bound, Bun's graceful stop waits for the trickling request (80 s here) before anything else stops.
    const outcome = await Promise.race([
      stopServing(server, runtime, 300).then(() => "stopped" as const),
      Bun.sleep(10_000).then(() => "still waiting" as const),
    ]);
    expect(outcome).toBe("stopped");
    expect(workerStoppedWhileRequestOpen).toBe(true);
    await client.closed; // the connection was closed by the server, not finished by the client
  } finally {
    client.stop();
    client.socket.destroy();
    await server.stop(true);
    await service.close();
  }
}, 20_000);
