/**
 * Issue 30, findings 1 and 3, on the MCP endpoint: a batch of ten get_schema_report calls was answered
 * with 212 MB, and 80 requests of 100 scan_site calls each held 8,000 waits. Now a batch is refused as
 * MCP 2025-06-18 says, answers are summaries within MAX_MCP_ANSWER_BYTES, and waits are bounded per
 * client address (the others answer at once with the scan's state).
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
import { findActiveJob } from "../../src/scans/queue.ts";
import { startScan, type StartScanDeps } from "../../src/scans/start-scan.ts";
import { failedRecord } from "../../src/analyzers/visibility/failed-record.ts";
import { BATCH_REFUSAL } from "../../src/mcp/handle-mcp-request.ts";
import { MAX_MCP_ANSWER_BYTES } from "../../src/mcp/mcp-answer-limit.ts";
import { cutToBytes } from "../../src/mcp/mcp-tool.ts";
import { MAX_WAITS_PER_CLIENT } from "../../src/mcp/scan-waits.ts";
import { MAX_DIGEST_ITEMS } from "../../src/mcp/schema/record-digest.ts";
import { analyzeHtml, jsonLd, page } from "../analyzers/schema/analyze-fixtures.ts";

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
let service: TestRuntime;
let scans: StartScanDeps;
const clients: Client[] = [];

beforeAll(async () => {
  service = await createTestRuntime({ LIMIT_PER_IP_PER_HOUR: "2" }, { runWorker: false, lookup: fakeDns() });
  scans = {
    db: service.runtime.db,
    cacheTtlSeconds: 86_400,
    limits: { perIpPerHour: 2, perDomainPerHour: 3, perKeyPerHour: 60 },
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

function app(serviceName: "visibility" | "schema", waitMs = 300) {
  return new Elysia().use(mcpRoutes({ service: serviceName, version: "test", publicUrl: "http://localhost", trustProxy: 0, db: scans.db, scans, scanWait: { waitMs, pollMs: 20 } }));
}

async function connect(server: ReturnType<typeof app>, clientIp: string, sizes?: number[]): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      setClientAddress(request, clientIp);
      const response = await server.handle(request);
      if (!sizes) return response;
      const body = await response.arrayBuffer();
      sizes.push(body.byteLength);
      return new Response(body, { status: response.status, headers: response.headers });
    },
  });
  const client = new Client({ name: "bounds-agent", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

describe("one JSON-RPC message per request", () => {
  test("a batch is refused with HTTP 400 and a JSON-RPC Invalid Request without an id, as MCP 2025-06-18 asks", async () => {
    const calls = Array.from({ length: 10 }, (_, index) => ({ jsonrpc: "2.0", id: index + 1, method: "tools/call", params: { name: "get_report", arguments: { domain: "a.test" } } }));
    for (const batch of [calls, calls.slice(0, 1), []]) {
      const response = await service.request("/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(batch) });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(await response.json()).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: `Invalid Request: ${BATCH_REFUSAL}` }, id: null });
    }
    // One message is still served.
    const ping = await service.request("/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
    expect(ping.status).toBe(200);
  });
});

describe("answers are summaries within the cap", () => {
  test("get_schema_report of a record of 5,000 items answers a summary of under 256 KiB, the full record at its URL", async () => {
    const items = Array.from({ length: 5000 }, (_, index) => ({ "@context": "https://schema.org", "@type": "Product", name: `p${index}` }));
    const record = { domain: "big.test", status: "ok" as const, scannedAt: new Date().toISOString(), result: analyzeHtml(page(jsonLd(items)), "https://big.test/") };
    const recordJson = JSON.stringify(record);
    expect(recordJson.length).toBeGreaterThan(MAX_MCP_ANSWER_BYTES);
    await insertScan(scans.db, { domain: "big.test", status: "ok", score: 0, scannedAt: Date.now(), recordJson, artifactsJson: null, caller: { kind: "pipeline" } });

    const sizes: number[] = [];
    const agent = await connect(app("schema"), "198.51.100.1", sizes);
    sizes.length = 0;
    const result = (await agent.callTool({ name: "get_schema_report", arguments: { domain: "big.test" } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    // The client may list the tools first (to check outputs against their schemas): every answer counts.
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThan(MAX_MCP_ANSWER_BYTES + 4096);
    const summary = (result.structuredContent as { summary: { counts: { items: number }; items: unknown[]; moreItems: number }; reportUrl: string });
    expect(summary.summary.counts.items).toBe(5000);
    expect(summary.summary.items).toHaveLength(MAX_DIGEST_ITEMS);
    expect(summary.summary.moreItems).toBe(5000 - MAX_DIGEST_ITEMS);
    expect(summary.reportUrl).toBe("http://localhost/api/report/big.test.json");
    expect(textOf(result)).toContain(`… and ${5000 - MAX_DIGEST_ITEMS} more item(s)`);
  }, 120_000);

  test("text past the cap is cut on a character boundary with a note", () => {
    expect(cutToBytes("short", 100)).toBe("short");
    const cut = cutToBytes("é".repeat(100_000), 1000);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1000);
    expect(cut).toEndWith("the full record is at the answer's reportUrl]");
    expect(cut).not.toContain("\uFFFD");
  });
});

describe("waits for a running scan are bounded per client address", () => {
  test(`of six calls joining one scan from one address, ${MAX_WAITS_PER_CLIENT} wait and the others answer at once with its state`, async () => {
    const server = app("visibility", 60_000);
    const agents = await Promise.all(Array.from({ length: 6 }, () => connect(server, "203.0.113.7")));
    const settled: CallToolResult[] = [];
    const calls = agents.map((agent) => (agent.callTool({ name: "scan_site", arguments: { url: "joined.test" } }, undefined, { timeout: 120_000 }) as Promise<CallToolResult>).then((result) => {
      settled.push(result);
      return result;
    }));
    while (settled.length < 6 - MAX_WAITS_PER_CLIENT) await Bun.sleep(10);
    // The answered ones did not wait: they state the scan and why; the waiting ones are still out.
    for (const result of settled) {
      expect(result.structuredContent).toMatchObject({ domain: "joined.test", state: "running", summary: null });
      expect(textOf(result)).toContain(`not waited for: ${MAX_WAITS_PER_CLIENT} calls from this address are already waiting`);
    }
    await Bun.sleep(200);
    expect(settled).toHaveLength(6 - MAX_WAITS_PER_CLIENT);

    // Another address still waits: its own bound.
    const other = await connect(server, "203.0.113.8");
    let otherDone = false;
    const otherCall = (other.callTool({ name: "scan_site", arguments: { url: "joined.test" } }, undefined, { timeout: 120_000 }) as Promise<CallToolResult>).then((result) => {
      otherDone = true;
      return result;
    });
    await Bun.sleep(200);
    expect(otherDone).toBe(false);

    // Play the worker: the record lands, and every waiting call returns it.
    expect(await findActiveJob(scans.db, "joined.test")).not.toBeNull();
    await insertScan(scans.db, { domain: "joined.test", status: "failed", score: null, scannedAt: Date.now(), recordJson: JSON.stringify(failedRecord("joined.test", "DNS lookup failed", new Date())), artifactsJson: null, caller: { kind: "mcp" } });
    const waited = (await Promise.all(calls)).filter((result) => (result.structuredContent as { state: string }).state === "complete");
    expect(waited).toHaveLength(MAX_WAITS_PER_CLIENT);
    expect((await otherCall).structuredContent).toMatchObject({ state: "complete", summary: { domain: "joined.test", status: "failed" } });
  }, 120_000);
});

describe("anonymous MCP shares the per-IP limits of the form", () => {
  test("scans asked for through the form spend the same address's slots as MCP calls", async () => {
    const address = "192.0.2.77";
    for (const url of ["form-one.test", "form-two.test"]) {
      expect((await startScan(scans, { url, forceRescan: false, caller: { kind: "challenge" }, clientIp: address })).kind).toBe("started");
    }
    const agent = await connect(app("visibility"), address);
    const refused = (await agent.callTool({ name: "scan_site", arguments: { url: "mcp-three.test" } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toStartWith("Rate limit exceeded: at most 2 fresh scans from your address per hour.");
  });
});
