/**
 * The MCP endpoint of the compiled binary, driven by the SDK's own Client over its Streamable HTTP
 * transport, as an agent would: initialize, list the tools, and call each one against fixture sites on
 * loopback (fresh scan, cached, never scanned, invalid URL, rate limited).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";

let work: string;
let service: ServiceProcess;
let secure: FixtureSite;
let plain: FixtureSite;
let client: Client;

beforeAll(async () => {
  const binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-mcp-"));
  secure = await startFixtureSite(wellPreparedSite("secure.test"), { tls: true });
  plain = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://secure.test${new URL(request.url).pathname}` } }));
  service = await startService([binary], {
    DATABASE_PATH: join(work, "mcp.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    FETCH_TIMEOUT_MS: "3000",
    SCAN_TIMEOUT_MS: "15000",
    LOG_LEVEL: "info",
    PUBLIC_URL: "https://scan.example.test",
    // One fresh scan per address an hour: the second fresh scan of this run is refused.
    LIMIT_PER_IP_PER_HOUR: "1",
    SCAN_CONNECT_TO: [secure.connectTo("secure.test", 443), plain.connectTo("secure.test", 80), secure.connectTo("good.test", 443)].join(","),
  });
  client = new Client({ name: "sightline-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`)));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await service?.stop();
  await secure?.stop();
  await plain?.stop();
  rmSync(work, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

describe("the binary's MCP endpoint, through the SDK client", () => {
  test("initializes as the visibility service, with instructions", () => {
    expect(client.getServerVersion()?.name).toBe("sightline-visibility");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("scan_site");
  });

  test("lists scan_site and get_report (beside get_answer_results) with input and output schemas and descriptions that state the cost", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool: Tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(["get_answer_results", "get_report", "scan_site"]);

    const scanSite = byName.get("scan_site")!;
    expect(scanSite.inputSchema.required).toEqual(["url"]);
    expect(Object.keys(scanSite.inputSchema.properties ?? {}).sort()).toEqual(["forceRescan", "pages", "url"]);
    expect(Object.keys(scanSite.outputSchema?.properties ?? {}).sort()).toEqual(["domain", "fromCache", "reportUrl", "state", "summary"]);
    // The summary's issues are the API's: their fields and descriptions come through.
    expect(JSON.stringify(scanSite.outputSchema)).toContain("topIssues");
    expect(JSON.stringify(scanSite.outputSchema)).toContain("What was found.");
    expect(scanSite.description).toContain("1 fresh scan per hour from one address and 3 fresh scans per hour per domain");
    expect(scanSite.description).toContain("costs nothing");

    const getReport = byName.get("get_report")!;
    expect(getReport.inputSchema.required).toEqual(["domain"]);
    expect(Object.keys(getReport.outputSchema?.properties ?? {}).sort()).toEqual(["domain", "found", "reportUrl", "scanRunning", "summary"]);
    expect(getReport.annotations?.readOnlyHint).toBe(true);
  });

  test("get_report on a domain never scanned says so, without an error", async () => {
    const result = await call("get_report", { domain: "secure.test" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ domain: "secure.test", found: false, scanRunning: false, summary: null });
    expect(textOf(result)).toContain("never been scanned");
  });

  test("scan_site runs a fresh scan and returns the record with a readable summary", async () => {
    const result = await call("scan_site", { url: "https://www.secure.test/docs" });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { domain: string; state: string; fromCache: boolean; summary: any; reportUrl: string };
    expect(structured).toMatchObject({ domain: "secure.test", state: "complete", fromCache: false, reportUrl: "https://scan.example.test/api/report/secure.test.json" });
    // The full record is served at reportUrl; the answer carries its summary.
    const record = await (await fetch(`${service.baseUrl}/api/report/secure.test.json`)).json();
    expect(record.status).toBe("ok");
    expect(record.result.pillars).toHaveLength(7);
    expect(record.result.score).toBeGreaterThan(0);
    expect(structured.summary).toEqual({
      domain: "secure.test",
      status: "ok",
      scannedAt: record.scannedAt,
      reason: null,
      score: record.result.score,
      grade: record.result.grade,
      label: record.result.label,
      pillars: record.result.pillars.map(({ id, title, score, weight }: { id: string; title: string; score: number; weight: number }) => ({ id, title, score, weight })),
      topIssues: record.result.topIssues,
      offSite: record.offSite,
    });

    const text = textOf(result);
    expect(text).toContain(`AI visibility ${record.result.score}/100, grade ${record.result.grade}`);
    for (const pillar of record.result.pillars) expect(text).toContain(`- ${pillar.title}: `);
    for (const issue of record.result.topIssues) expect(text).toContain(issue.fix.what);
    expect(text).toContain("Off-site presence: not checked");

  });

  test("scan_site again is served from the cache, and get_report returns the same record", async () => {
    const cached = await call("scan_site", { url: "secure.test" });
    expect(cached.isError).toBeFalsy();
    expect(cached.structuredContent).toMatchObject({ domain: "secure.test", state: "complete", fromCache: true });
    expect(textOf(cached)).toContain("no rate limit spent");

    const report = await call("get_report", { domain: "WWW.SECURE.TEST" });
    expect(report.structuredContent).toMatchObject({ domain: "secure.test", found: true, scanRunning: false });
    expect((report.structuredContent as { summary: unknown }).summary).toEqual((cached.structuredContent as { summary: unknown }).summary);
  });

  test("an invalid URL is a tool error that states the problem", async () => {
    for (const url of ["http://127.0.0.1/", "https://user:pw@secure.test/", "nonexistent-name.invalid"]) {
      const result = await call("scan_site", { url });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toStartWith(`Cannot scan ${JSON.stringify(url)}:`);
    }
  });

  test("a second fresh scan from the same address is refused with the seconds to wait", async () => {
    const result = await call("scan_site", { url: "good.test" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Rate limit exceeded: at most 1 fresh scan from your address per hour\. Try again in \d+ seconds?\./);
    const report = await call("get_report", { domain: "good.test" });
    expect(report.structuredContent).toMatchObject({ found: false, scanRunning: false });
  });
});
