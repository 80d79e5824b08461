import type { Server } from "bun";
import { requestBodyLimitBytes } from "../http/request-body-limit.ts";
import type { Config } from "../config.ts";
import type { Runtime } from "../runtime.ts";
import { createLogger } from "../log.ts";
import { databaseLocationOf } from "../store/database-target.ts";
import { handlersOf, startServer } from "../server.ts";
import { healthzFastRoute } from "../http/health-status.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";
import { startupBanner } from "./startup-banner.ts";
import { scanCpuSet } from "../scans/thread-priority.ts";
import { bindCredentialRights, protectServerProcess } from "../sandbox/protect-server.ts";

/** Running scans get this long to finish on SIGTERM/SIGINT; the rest are released for the next start. */
const SHUTDOWN_GRACE_MS = 8000;

export async function serveCommand(config: Config): Promise<number> {
  const log = createLogger(config.LOG_LEVEL);
  // First: the server holds the secrets, and a process of its user must not read them from /proc.
  const unprotected = protectServerProcess();
  if (unprotected !== null) log("warn", "the server stays dumpable: processes of its user can read its environment (docs/scan-boundary.md)", { problem: unprotected });
  const { server, runtime } = await listenThenBuild(config, log);
  if (runtime.scanUser) {
    const unbound = bindCredentialRights(runtime.scanUser);
    if (unbound !== null) log("warn", "the server's CAP_SETUID and CAP_SETGID are not bound to SCAN_USER (docs/scan-boundary.md)", { problem: unbound });
  }
  // The binary starts with a reluctant JIT (scripts/build.ts) so that start-up code is not compiled; from
  // here on the server and its scan threads run the same code again and again, which the JIT pays back.
  Bun.unsafe.setJITPolicy(1);
  runtime.log("info", "listening", {
    service: config.SERVICE,
    version: VERSION,
    url: `http://${config.HOST}:${server.port}`,
    database: databaseLocationOf(config),
    workers: config.WORKER_CONCURRENCY,
    scanCpus: scanCpuSet(config.SCAN_CPUS)?.join(",") ?? "any",
    scanIsolation: config.SCAN_ISOLATION,
    uid: process.getuid?.(),
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
 * Listens first, answering /healthz on Bun's router at once, then loads and builds the runtime (the
 * web framework and every route, the store, the scan threads): the first 200 on /healthz then comes
 * about twice as soon (measured: median 190 ms against 430 ms at a load of 10 on 2 cores). Other
 * requests that arrive meanwhile wait for the app and are answered by it; if the runtime cannot be built (a database that cannot be reached), the server is closed and the
 * error ends the command, as before. /healthz is liveness, "the server accepts requests", which it does.
 */
async function listenThenBuild(config: Config, log: ReturnType<typeof createLogger>): Promise<{ server: Server<undefined>; runtime: Runtime }> {
  const healthz = healthzFastRoute({ service: config.SERVICE, version: VERSION });
  // Assigned right after listening, before any request can be handled; nothing is built if the port is taken.
  let building: Promise<Runtime> | undefined;
  const waiting = { handle: async (request: Request) => (await building!).app.handle(request) };
  const server = startServer({ app: waiting, fastRoutes: healthz, hostname: config.HOST, port: config.PORT, maxRequestBodyBytes: requestBodyLimitBytes(config), log });
  building = buildRuntime(config, log);
  // Not awaited by anyone until a request comes: keep a failure from being reported as unhandled.
  building.catch(() => {});
  let runtime: Runtime;
  try {
    runtime = await building;
  } catch (error) {
    await server.stop(true);
    throw error;
  }
  server.reload(handlersOf({ app: runtime.app, fastRoutes: { ...runtime.fastRoutes, ...healthz }, log }));
  return { server, runtime };
}

/**
 * Loading the runtime's modules and building it each hold the thread for tens to hundreds of ms; a
 * turn of the event loop before each lets the server answer a /healthz that came in meanwhile.
 */
async function buildRuntime(config: Config, log: ReturnType<typeof createLogger>): Promise<Runtime> {
  for (const load of RUNTIME_MODULES_IN_STEPS) {
    await nextTurn();
    await load();
  }
  await nextTurn();
  const { createRuntime } = await import("../runtime.ts");
  await nextTurn();
  return createRuntime(config, { log });
}

/**
 * The runtime's heaviest modules, imported one at a time (each then costs one turn, not all of them
 * together): literal specifiers, so that `bun build --compile` bundles them. The rest come with runtime.ts.
 */
const RUNTIME_MODULES_IN_STEPS: readonly (() => Promise<unknown>)[] = [
  () => import("elysia"),
  () => import("../store/database.ts"),
  () => import("../http/scan-routes.ts"),
  () => import("../http/docs-routes.ts"),
  () => import("../http/account-routes.ts"),
  () => import("../http/admin-routes.ts"),
  () => import("../http/page-routes.ts"),
  () => import("../app.ts"),
];

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
