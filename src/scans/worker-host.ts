/** What a thread host reports: each message, a crash (an uncaught error), and its end. */
export interface WorkerHostEvents<Out> {
  message(message: Out): void;
  crashed(reason: string): void;
  ended(): void;
}

/**
 * A Bun Worker of this process running `entry`, for scan and check threads (SCAN_ISOLATION=thread). Not
 * ref'd: an idle thread must not keep a stopping process alive. An uncaught error is reported, not rethrown.
 */
export function workerHost<In, Out>(entry: string | URL, events: WorkerHostEvents<Out>): { post(message: In): void; terminate(): void; closed: Promise<void> } {
  const worker = new Worker(entry, { ref: false });
  worker.onmessage = (event: MessageEvent<Out>) => events.message(event.data);
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    events.crashed((event as ErrorEvent).message || "unknown error");
  });
  const closed = new Promise<void>((resolve) => {
    worker.addEventListener("close", () => {
      resolve();
      events.ended();
    });
  });
  // What goes in is copied; a thread may transfer what it sends back (a check's answer body).
  return { post: (message) => worker.postMessage(message), terminate: () => void worker.terminate(), closed };
}
