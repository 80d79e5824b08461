/**
 * The schema service's MCP tools through the SDK's own client, in process, against a loopback fixture
 * page: analyze_page runs the analysis and returns the record, get_schema_report reads it, an unknown
 * domain is an answer (found: false) and a bad URL a tool error.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { BARE_ARTICLE } from "../fixtures/schema-pages/pages.ts";

let site: FixtureSite;
let service: TestRuntime;
let client: Client;

beforeAll(async () => {
  site = await startFixtureSite({ "/blog/lacing": () => new Response(BARE_ARTICLE, { headers: { "content-type": "text/html" } }) });
  service = await createTestRuntime({ SERVICE: "schema", SCAN_CONNECT_TO: site.connectTo("blog.test", 80) });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      return service.request(new URL(request.url).pathname, { method: request.method, headers: request.headers, body: await request.text() });
    },
  });
  client = new Client({ name: "schema-test-agent", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client.close();
  await service.close();
  await site.stop();
});

const textOf = (result: CallToolResult) => (result.content[0] as { type: "text"; text: string }).text;

describe("schema MCP tools", () => {
  test("the service lists analyze_page and get_schema_report", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["analyze_page", "get_schema_report"]);
    expect(client.getInstructions()).toContain("structured data");
  });

  test("get_schema_report before any analysis says found=false; analyze_page then analyses the page", async () => {
    const before = (await client.callTool({ name: "get_schema_report", arguments: { domain: "blog.test" } })) as CallToolResult;
    expect(before.isError).toBeFalsy();
    expect(before.structuredContent).toMatchObject({ domain: "blog.test", found: false });

    const analysed = (await client.callTool({ name: "analyze_page", arguments: { url: "http://blog.test/blog/lacing" } })) as CallToolResult;
    expect(analysed.isError).toBeFalsy();
    const structured = analysed.structuredContent as { state: string; summary: { page: { url: string }; suggested: { type: string; jsonLd: string }[] } };
    expect(structured.state).toBe("complete");
    expect(analysed.structuredContent).toMatchObject({ reportUrl: `http://localhost/api/report/blog.test.json?url=${encodeURIComponent("http://blog.test/blog/lacing")}` });
    expect(structured.summary.page.url).toBe("http://blog.test/blog/lacing");
    expect(structured.summary.suggested.map((entry) => entry.type)).toEqual(["FAQPage, BlogPosting, BreadcrumbList"]);
    expect(textOf(analysed)).toContain("Suggested JSON-LD");
    expect(textOf(analysed)).toContain('"@type": "BlogPosting"');

    const after = (await client.callTool({ name: "get_schema_report", arguments: { domain: "https://blog.test/anything" } })) as CallToolResult;
    expect(after.structuredContent).toMatchObject({ domain: "blog.test", found: true, scanRunning: false });

    // Records are kept per page: `url` asks for one page's.
    const page = (await client.callTool({ name: "get_schema_report", arguments: { domain: "blog.test", url: "http://blog.test/blog/lacing" } })) as CallToolResult;
    expect(page.structuredContent).toMatchObject({ found: true, reportUrl: `http://localhost/api/report/blog.test.json?url=${encodeURIComponent("http://blog.test/blog/lacing")}` });
    const other = (await client.callTool({ name: "get_schema_report", arguments: { domain: "blog.test", url: "http://blog.test/blog/other" } })) as CallToolResult;
    expect(other.structuredContent).toMatchObject({ found: false });
    expect(textOf(other)).toContain("has not been analysed");
    const elsewhere = (await client.callTool({ name: "get_schema_report", arguments: { domain: "blog.test", url: "https://else.test/x" } })) as CallToolResult;
    expect(elsewhere.isError).toBe(true);
    expect(textOf(elsewhere)).toContain("is not a page of blog.test");
  });

  test("an invalid URL is a tool error that names the problem", async () => {
    const result = (await client.callTool({ name: "analyze_page", arguments: { url: "javascript:alert(1)" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Only http and https");
  });
});
