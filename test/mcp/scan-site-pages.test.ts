/**
 * scan_site's `pages` (issue 29) through the SDK's own client: the budget reaches the queued job within
 * the anonymous maximum; over it, the tool error names the maximum; a non-integer is refused by the schema.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { mcpRoutes } from "../../src/http/mcp-routes.ts";
import { setClientAddress } from "../../src/http/client-address.ts";
import { listJobs } from "../../src/scans/queue.ts";
import type { StartScanDeps } from "../../src/scans/start-scan.ts";

let service: TestRuntime;
let client: Client;
let scans: StartScanDeps;

beforeAll(async () => {
  service = await createTestRuntime({}, { runWorker: false, lookup: fakeDns() });
  scans = {
    db: service.runtime.db,
    cacheTtlSeconds: 86_400,
    limits: { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 },
    connectTo: [],
    lookup: fakeDns(),
    pageBudgets: { anonymous: { default: 10, max: 12 }, key: { default: 25, max: 100 }, pipeline: { default: 25, max: 100 } },
    wakeWorker() {},
    now: Date.now,
  };
  const app = new Elysia().use(
    mcpRoutes({ service: "visibility", version: "test", publicUrl: "http://localhost", trustProxy: 0, db: scans.db, scans, scanWait: { waitMs: 50, pollMs: 20 } }),
  );
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      setClientAddress(request, "192.0.2.40");
      return app.handle(request);
    },
  });
  client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
  await service.close();
});

const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

test("pages reaches the queued job; the default applies without it", async () => {
  expect(((await client.callTool({ name: "scan_site", arguments: { url: "twelve.test", pages: 12 } })) as CallToolResult).isError).toBeFalsy();
  expect(((await client.callTool({ name: "scan_site", arguments: { url: "plain.test" } })) as CallToolResult).isError).toBeFalsy();
  const jobs = await listJobs(scans.db, "queued", 10);
  expect(Object.fromEntries(jobs.map((job) => [job.domain, job.pages]))).toEqual({ "twelve.test": 12, "plain.test": 10 });
});

test("more than the anonymous maximum is a tool error naming it, and queues nothing", async () => {
  const refused = (await client.callTool({ name: "scan_site", arguments: { url: "many.test", pages: 13 } })) as CallToolResult;
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toBe('Cannot scan "many.test": pages must be at most 12 without an API key (an API key allows up to 100).');
  expect((await listJobs(scans.db, "queued", 10)).some((job) => job.domain === "many.test")).toBe(false);
});

test("a budget that is not a whole number of at least 1 is refused by the tool's schema", async () => {
  for (const pages of [0, 2.5, "3"]) {
    const result = (await client.callTool({ name: "scan_site", arguments: { url: "odd.test", pages } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("pages");
  }
  expect((await listJobs(scans.db, "queued", 10)).some((job) => job.domain === "odd.test")).toBe(false);
});
