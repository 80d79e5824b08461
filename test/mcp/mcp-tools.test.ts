/**
 * The visibility tools through the SDK's own client, in process (its fetch handed to the app), with a
 * worker that never runs: what an agent sees while a scan is queued, joining, the per-IP limit, cached
 * records at no cost, and a record that lands while scan_site waits.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { mcpRoutes } from "../../src/http/mcp-routes.ts";
import { setClientAddress } from "../../src/http/client-address.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { findActiveJob, listJobs } from "../../src/scans/queue.ts";
import { failedRecord } from "../../src/analyzers/visibility/failed-record.ts";
import type { StartScanDeps } from "../../src/scans/start-scan.ts";

let service: TestRuntime;
let scans: StartScanDeps;
const clients: Client[] = [];

beforeAll(async () => {
  service = await createTestRuntime({ LIMIT_PER_IP_PER_HOUR: "1" }, { runWorker: false, lookup: fakeDns() });
  scans = {
    db: service.runtime.db,
    cacheTtlSeconds: 86_400,
    limits: { perIpPerHour: 1, perDomainPerHour: 3, perKeyPerHour: 60 },
    connectTo: [],
    lookup: fakeDns(),
    wakeWorker() {},
    now: Date.now,
  };
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await service.close();
});

/** An MCP client connected from `clientIp` to an app whose scan_site waits `waitMs`. */
async function connect(clientIp: string, waitMs: number): Promise<Client> {
  const app = new Elysia().use(
    mcpRoutes({ service: "visibility", version: "test", publicUrl: "http://localhost", trustProxy: 0, db: scans.db, scans, scanWait: { waitMs, pollMs: 20 } }),
  );
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      setClientAddress(request, clientIp);
      return app.handle(request);
    },
  });
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

describe("scan_site and get_report while scans are queued", () => {
  test("a scan that outlasts the wait says it is still running and how to fetch it, reporting progress meanwhile", async () => {
    const agent = await connect("192.0.2.10", 300);
    const progress: number[] = [];
    const result = (await agent.callTool({ name: "scan_site", arguments: { url: "https://www.Queued.test/page" } }, undefined, {
      onprogress: (event) => void progress.push(event.progress),
    })) as CallToolResult;

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      domain: "queued.test",
      state: "running",
      fromCache: false,
      summary: null,
      reportUrl: "http://localhost/api/report/queued.test.json",
    });
    expect(textOf(result)).toContain("still running");
    expect(textOf(result)).toContain("get_report");
    expect(progress.length).toBeGreaterThan(0);
    expect((await listJobs(scans.db, "queued", 10)).find((job) => job.domain === "queued.test")?.callerKind).toBe("mcp");

    const report = (await agent.callTool({ name: "get_report", arguments: { domain: "queued.test" } })) as CallToolResult;
    expect(report.isError).toBeFalsy();
    expect(report.structuredContent).toMatchObject({ domain: "queued.test", found: false, scanRunning: true, summary: null });
    expect(textOf(report)).toContain("running");
  });

  test("MCP callers share the per-IP limit: a second fresh scan from the same address is a tool error with the seconds to wait", async () => {
    const agent = await connect("192.0.2.10", 300);
    // Joining the scan already running costs nothing, even with the address's only slot spent.
    const joined = (await agent.callTool({ name: "scan_site", arguments: { url: "queued.test" } })) as CallToolResult;
    expect(joined.isError).toBeFalsy();
    expect(joined.structuredContent).toMatchObject({ state: "running" });

    const refused = (await agent.callTool({ name: "scan_site", arguments: { url: "another.test" } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    const seconds = Number(/Try again in (\d+) seconds?/.exec(textOf(refused))?.[1]);
    expect(seconds).toBeGreaterThan(3000);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(await findActiveJob(scans.db, "another.test")).toBeNull();

    // Another address has its own bucket.
    const other = await connect("192.0.2.99", 300);
    const allowed = (await other.callTool({ name: "scan_site", arguments: { url: "another.test" } })) as CallToolResult;
    expect(allowed.isError).toBeFalsy();
    expect(await findActiveJob(scans.db, "another.test")).not.toBeNull();
  });

  test("a recent record is returned at once and costs nothing, even to a caller whose limit is spent", async () => {
    await insertScan(scans.db, {
      domain: "stored.test",
      status: "failed",
      score: null,
      scannedAt: Date.now(),
      recordJson: JSON.stringify(failedRecord("stored.test", "Connection refused by stored.test:443", new Date())),
      artifactsJson: null,
      caller: { kind: "pipeline" },
    });
    const agent = await connect("192.0.2.10", 300);
    const result = (await agent.callTool({ name: "scan_site", arguments: { url: "stored.test" } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ domain: "stored.test", state: "complete", fromCache: true, summary: { status: "failed", score: null, grade: null } });
    expect(textOf(result)).toContain("Connection refused by stored.test:443");
    expect(await findActiveJob(scans.db, "stored.test")).toBeNull();
  });

  test("a record stored while scan_site waits is returned as the result of the scan", async () => {
    const agent = await connect("192.0.2.20", 10_000);
    const call = agent.callTool({ name: "scan_site", arguments: { url: "finishing.test", forceRescan: true } }) as Promise<CallToolResult>;
    // Play the worker: once the job is queued, store its record.
    while (!await findActiveJob(scans.db, "finishing.test")) await Bun.sleep(5);
    await insertScan(scans.db, {
      domain: "finishing.test",
      status: "failed",
      score: null,
      scannedAt: Date.now(),
      recordJson: JSON.stringify(failedRecord("finishing.test", "DNS lookup failed", new Date())),
      artifactsJson: null,
      caller: { kind: "mcp" },
    });
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ domain: "finishing.test", state: "complete", fromCache: false, summary: { domain: "finishing.test" } });
  });

  test("a name that cannot be a domain is a tool error for both tools", async () => {
    const agent = await connect("192.0.2.30", 300);
    const scan = (await agent.callTool({ name: "scan_site", arguments: { url: "ftp://example.test" } })) as CallToolResult;
    expect(scan.isError).toBe(true);
    expect(textOf(scan)).toStartWith('Cannot scan "ftp://example.test"');
    const report = (await agent.callTool({ name: "get_report", arguments: { domain: "not a domain" } })) as CallToolResult;
    expect(report.isError).toBe(true);
    expect(textOf(report)).toContain("is not a domain");
  });
});
