/**
 * A tool call that waits longer than Bun's idle timeout (10 seconds by default: a response whose
 * first bytes have not left by then is reset) still gets its answer, over a real socket served by
 * startServer exactly as in production: the answer is an event stream carrying keep-alive frames.
 * Without the frames, or with a plain JSON answer, the connection is reset and this test fails.
 * It takes about 14 seconds by nature (Bun checks idle connections only every few seconds).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import type { Server } from "bun";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { mcpRoutes } from "../../src/http/mcp-routes.ts";
import { startServer } from "../../src/server.ts";
import { silentLog } from "../../src/log.ts";
import type { App } from "../../src/app.ts";

const WAIT_MS = 14_000;
let service: TestRuntime;
let server: Server<undefined>;

beforeAll(async () => {
  // No worker: the scan stays queued, so scan_site waits the whole time and answers "still running".
  service = await createTestRuntime({}, { runWorker: false, lookup: fakeDns() });
  const db = service.runtime.db;
  const app = new Elysia().use(
    mcpRoutes({
      service: "visibility",
      version: "test",
      publicUrl: "http://localhost",
      trustProxy: 0,
      db,
      scans: {
        db,
        cacheTtlSeconds: 86_400,
        limits: { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 },
        connectTo: [],
        lookup: fakeDns(),
        wakeWorker() {},
        now: Date.now,
      },
      scanWait: { waitMs: WAIT_MS, pollMs: 1000 },
    }),
  );
  server = startServer({ app: app as unknown as App, hostname: "127.0.0.1", port: 0, log: silentLog });
});
afterAll(async () => {
  await server.stop(true);
  await service.close();
});

test("scan_site waiting past the server's idle timeout still answers", async () => {
  const client = new Client({ name: "patient-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
  try {
    const result = (await client.callTool({ name: "scan_site", arguments: { url: "slow.test" } }, undefined, { timeout: 30_000 })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ domain: "slow.test", state: "running", summary: null });
  } finally {
    await client.close();
  }
}, 40_000);
