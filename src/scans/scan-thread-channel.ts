import type { FromScanThread, ToScanThread } from "./scan-thread-messages.ts";

/**
 * How the scan code talks to the pool, wherever it runs (SCAN_ISOLATION): as a Bun Worker, through the
 * worker's messages; as a child process of the binary, through the IPC channel its parent opened. The
 * messages are the same structured-clone data either way (scan-thread-messages.ts).
 *
 * A child process also has to end with its parent and say why it crashed: it leaves when the channel
 * closes (the server stopped, or was killed with -9 and the kernel closed its end), and an uncaught
 * error is posted as a `fatal` message before it exits 1, so that the pool can say what went wrong, as
 * a Worker's error event does.
 */
export interface ScanThreadChannel {
  /** True in a child process of its own, false in a Worker of the serving process. */
  readonly isProcess: boolean;
  post(message: FromScanThread): void;
  listen(handler: (message: ToScanThread) => void): void;
}

declare const self: Worker;

export function scanThreadChannel(): ScanThreadChannel {
  return Bun.isMainThread ? processChannel() : workerChannel();
}

function workerChannel(): ScanThreadChannel {
  return {
    isProcess: false,
    post: (message) => self.postMessage(message),
    listen: (handler) => {
      self.onmessage = (event: MessageEvent<ToScanThread>) => handler(event.data);
    },
  };
}

function processChannel(): ScanThreadChannel {
  const send = process.send?.bind(process);
  if (!send) throw new Error("a scan process needs the IPC channel its pool opens: it is started by the server, not by hand");
  process.on("disconnect", () => process.exit(0));
  process.on("uncaughtException", (error) => {
    try {
      send({ type: "fatal", error: error instanceof Error ? error.message : String(error) } satisfies FromScanThread);
    } finally {
      // Give the message its turn on the channel, then leave as a crashed Worker would.
      setTimeout(() => process.exit(1), 20);
    }
  });
  return {
    isProcess: true,
    post: (message) => void send(message),
    listen: (handler) => {
      process.on("message", (message) => handler(message as ToScanThread));
    },
  };
}
