import type { Server } from "bun";
import type { Config } from "../config.ts";
import { createRuntime, type Runtime } from "../runtime.ts";
import { databaseLocationOf } from "../store/database-target.ts";
import { startServer } from "../server.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";
import { startupBanner } from "./startup-banner.ts";

/** Running scans get this long to finish on SIGTERM/SIGINT; the rest are released for the next start. */
const SHUTDOWN_GRACE_MS = 8000;

export async function serveCommand(config: Config): Promise<number> {
  const runtime = await createRuntime(config);
  const server = startServer({ app: runtime.app, fastRoutes: runtime.fastRoutes, hostname: config.HOST, port: config.PORT, log: runtime.log });
  runtime.log("info", "listening", {
    service: config.SERVICE,
    version: VERSION,
    url: `http://${config.HOST}:${server.port}`,
    database: databaseLocationOf(config),
    workers: config.WORKER_CONCURRENCY,
  });
  if (config.LOG_LEVEL !== "silent") process.stderr.write(startupBanner(config, server.port ?? config.PORT));

  const signal = await new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  runtime.log("info", "shutting down", { signal, graceMs: SHUTDOWN_GRACE_MS });
  await stopServing(server, runtime, SHUTDOWN_GRACE_MS);
  runtime.log("info", "stopped");
  return EXIT.ok;
}

/**
 * Stops taking requests and stops the worker at the same time, each with `graceMs` to finish. Bun's
 * graceful stop waits for every request in flight however long it takes, so a client trickling its
 * body (or a long MCP wait) would otherwise hold the shutdown, and the worker's jobs, indefinitely:
 * connections still open after the grace are closed.
 */
export async function stopServing(server: Server<undefined>, runtime: Pick<Runtime, "worker" | "log" | "stop">, graceMs: number): Promise<void> {
  const [drained] = await Promise.all([settlesWithin(server.stop(), graceMs), runtime.worker.stop(graceMs)]);
  if (!drained) {
    runtime.log("warn", "closing connections still open after the shutdown grace", { graceMs });
    await server.stop(true);
  }
  // The worker has stopped already (stop is idempotent); this closes the database, now that no request can use it.
  await runtime.stop(graceMs);
}

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
