import type { Config } from "../config.ts";
import { createRuntime } from "../runtime.ts";
import { startServer } from "../server.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";

/** Running scans get this long to finish on SIGTERM/SIGINT; the rest are released for the next start. */
const SHUTDOWN_GRACE_MS = 8000;

export async function serveCommand(config: Config): Promise<number> {
  const runtime = createRuntime(config);
  const server = startServer({ app: runtime.app, fastRoutes: runtime.fastRoutes, hostname: config.HOST, port: config.PORT, log: runtime.log });
  runtime.log("info", "listening", {
    service: config.SERVICE,
    version: VERSION,
    url: `http://${config.HOST}:${server.port}`,
    database: config.DATABASE_PATH,
    workers: config.WORKER_CONCURRENCY,
  });

  const signal = await new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  runtime.log("info", "shutting down", { signal, graceMs: SHUTDOWN_GRACE_MS });
  await server.stop();
  await runtime.stop(SHUTDOWN_GRACE_MS);
  runtime.log("info", "stopped");
  return EXIT.ok;
}
