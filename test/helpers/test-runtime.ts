/**
 * The whole service in this process, on a temporary database, with its configuration given as
 * environment strings (exactly as an operator would) and requests handled without a socket, each
 * from the client address the test chooses.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createRuntime, type Runtime, type RuntimeOverrides } from "../../src/runtime.ts";
import { createRequestHandler } from "../../src/server.ts";
import { silentLog } from "../../src/log.ts";
import type { Lookup } from "../../src/net/resolve-host.ts";

export const DEFAULT_CLIENT = "198.51.100.7";

export interface TestRuntime {
  runtime: Runtime;
  databasePath: string;
  request(path: string, init?: RequestInit, client?: string): Promise<Response>;
  /** POST /api/scan with a JSON body; `token` becomes a bearer Authorization header. */
  scan(body: unknown, options?: { token?: string; client?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestRuntime(env: Record<string, string> = {}, overrides: RuntimeOverrides = {}): Promise<TestRuntime> {
  const directory = mkdtempSync(join(tmpdir(), "sightline-test-"));
  const databasePath = join(directory, "test.sqlite");
  const config = loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: "silent", OFFSITE_CHECKS: "off", PUBLIC_URL: "http://localhost", ...env });
  const runtime = await createRuntime(config, { log: silentLog, ...overrides });
  const handle = createRequestHandler(runtime.app, silentLog);

  const request = (path: string, init: RequestInit = {}, client = DEFAULT_CLIENT) => handle(new Request(`http://localhost${path}`, init), client);
  return {
    runtime,
    databasePath,
    request,
    scan(body, options = {}) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      return request("/api/scan", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }, options.client);
    },
    async close() {
      await runtime.stop(1000);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A DNS stand-in: names in `records` resolve to the given addresses, every other name ending in
 * `.test` resolves to a public documentation-free address, and anything else does not resolve.
 */
export function fakeDns(records: Record<string, string[]> = {}): Lookup {
  return async (hostname) => {
    const addresses = records[hostname] ?? (hostname.endsWith(".test") ? ["93.184.215.14"] : undefined);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
}
