/**
 * Issue 30, finding 1, against the compiled binary (SERVICE=schema): a page of 5,000 minimal Products
 * made a 19.1 MB record, a 23 MB report page, and an MCP batch of ten get_schema_report calls answered
 * 212 MB. Now the record stays within its stated cap, the report page shows a page of items, the
 * history reads columns, a batch is refused, and one call's answer is a summary under 256 KiB.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { MAX_RECORD_ITEMS_CHARS } from "../../src/analyzers/structured-data/structured-data-caps.ts";
import { MAX_MCP_ANSWER_BYTES } from "../../src/mcp/mcp-answer-limit.ts";
import { MAX_WAITS_PER_CLIENT } from "../../src/mcp/scan-waits.ts";

const PRODUCTS = 5000;
const PAGE = `<!doctype html><html><head><title>Catalogue</title><script type="application/ld+json">${JSON.stringify(
  Array.from({ length: PRODUCTS }, (_, index) => ({ "@context": "https://schema.org", "@type": "Product", name: `p${index}` })),
)}</script></head><body><h1>Catalogue</h1></body></html>`;
const SLOW_PAGE_MS = 8000;
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

let work: string;
let site: FixtureSite;
let service: ServiceProcess;

beforeAll(async () => {
  const binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-bounds-"));
  site = await startFixtureSite({
    "/": () => new Response(PAGE, { headers: { "content-type": "text/html" } }),
    // Answers after a while, so that an analysis of it is running while agents join it.
    "/slow": async () => {
      await Bun.sleep(SLOW_PAGE_MS);
      return new Response("<!doctype html><title>Slow</title>", { headers: { "content-type": "text/html" } });
    },
  });
  service = await startService([binary], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "schema.sqlite"),
    LOG_LEVEL: "info",
    PUBLIC_URL: "https://schema.example.test",
    SCAN_TIMEOUT_MS: "60000",
    SCAN_CONNECT_TO: site.connectTo("catalogue.test", 80),
  });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test("a page of 5,000 minimal Products: a bounded record, a paged report, a summary over MCP, batches refused", async () => {
  const client = new Client({ name: "bounds-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`)));
  try {
    const analysed = (await client.callTool({ name: "analyze_page", arguments: { url: "http://catalogue.test/" } }, undefined, { timeout: 120_000 })) as CallToolResult;
    expect(analysed.isError).toBeFalsy();
    expect(analysed.structuredContent).toMatchObject({ state: "complete", summary: { counts: { items: PRODUCTS } } });
    expect(JSON.stringify(analysed).length).toBeLessThan(MAX_MCP_ANSWER_BYTES);
  } finally {
    await client.close();
  }

  const recordText = await (await fetch(`${service.baseUrl}/api/report/catalogue.test.json`)).text();
  // Was 19.1 MB; now the cap plus one item and the record's bounded parts.
  expect(recordText.length).toBeLessThan(MAX_RECORD_ITEMS_CHARS + 64 * 1024);
  const record = JSON.parse(recordText) as { result: { summary: { items: number; listed: number }; items: unknown[]; limits: { limit: string }[] } };
  expect(record.result.summary.items).toBe(PRODUCTS);
  expect(record.result.summary.listed).toBe(record.result.items.length);
  expect(record.result.limits.map((limit) => limit.limit)).toContain("record-size");

  const reportPage = await (await fetch(`${service.baseUrl}/report/catalogue.test`)).text();
  // Was 23 MB of HTML: now one page of items with a link to the next.
  expect(reportPage.length).toBeLessThan(512 * 1024);
  expect(reportPage).toContain("Next items");
  expect((await fetch(`${service.baseUrl}/report/catalogue.test?items=2`)).status).toBe(200);

  const history = await fetch(`${service.baseUrl}/api/report/catalogue.test/history.json`);
  expect(history.status).toBe(200);
  expect(((await history.json()) as { scans: { grade: string | null; rescored: boolean }[] }).scans).toEqual([expect.objectContaining({ grade: null, rescored: false, status: "ok" })]);

  const batch = Array.from({ length: 10 }, (_, index) => ({ jsonrpc: "2.0", id: index + 1, method: "tools/call", params: { name: "get_schema_report", arguments: { domain: "catalogue.test" } } }));
  const refused = await fetch(`${service.baseUrl}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(batch) });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(-32600);
}, 240_000);

test("agents joining a running analysis from one address: at most MAX_WAITS_PER_CLIENT wait, the others answer at once", async () => {
  const agents = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const client = new Client({ name: "joining-agent", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`)));
      return client;
    }),
  );
  try {
    const answers: CallToolResult[] = [];
    const calls = agents.map((agent) =>
      (agent.callTool({ name: "analyze_page", arguments: { url: "http://catalogue.test/slow" } }, undefined, { timeout: 120_000 }) as Promise<CallToolResult>).then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );
    // Those that do not wait answer while the page is still being fetched.
    while (answers.length < 10 - MAX_WAITS_PER_CLIENT) await Bun.sleep(20);
    for (const answer of answers) {
      expect(answer.structuredContent).toMatchObject({ state: "running", summary: null });
      expect((answer.content[0] as { text: string }).text).toContain("not waited for");
    }
    const all = await Promise.all(calls);
    expect(all.filter((answer) => (answer.structuredContent as { state: string }).state === "complete")).toHaveLength(MAX_WAITS_PER_CLIENT);
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
  }
}, 120_000);
