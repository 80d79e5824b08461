/**
 * A name that resolves to a private or reserved address is refused everywhere without saying which
 * address: the API's 400, the form's page, MCP tool results, and the stored failed record of a site
 * that redirects to such a name (its JSON, its report page, its MCP summary and its stored artifacts),
 * in both services.
 * Otherwise anyone could map the operator's internal network one name at a time.
 *
 * The private names resolve through a fake DNS (no SCAN_CONNECT_TO), as a real internal name would;
 * the redirecting site is a loopback fixture reached through SCAN_CONNECT_TO.
 */
import { LOCAL_SITE_HINT } from "../../src/scans/local-site-hint.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { setClientAddress } from "../../src/http/client-address.ts";
import { latestScan, storedArtifacts } from "../../src/store/scans-repo.ts";

const TOKEN = "pipeline-token-for-refusal-tests-0123456789";
/** Addresses no other text in a page or record could contain by chance. */
const PRIVATE_V4 = "10.213.57.91";
const PRIVATE_V6 = "fd13:5791::2a";
const DNS = {
  "inside.test": [PRIVATE_V4],
  "www.inside.test": [PRIVATE_V4],
  "inside6.test": [PRIVATE_V6],
  "www.inside6.test": [PRIVATE_V6],
  "half.test": ["93.184.215.14", PRIVATE_V4],
};
const REFUSED_NAMES = ["inside.test", "inside6.test", "half.test"];

let site: FixtureSite;
let service: TestRuntime;
const clients: Client[] = [];

beforeAll(async () => {
  // A site whose homepage redirects to an internal name (its www. name does not resolve, so nothing else answers).
  site = await startFixtureSite({ "/": () => new Response(null, { status: 302, headers: { location: "http://inside.test/admin" } }) });
  service = await createTestRuntime(
    {
      PIPELINE_TOKEN: TOKEN,
      LIMIT_PER_IP_PER_HOUR: "1000",
      LIMIT_PER_DOMAIN_PER_HOUR: "1000",
      SCAN_CONNECT_TO: site.connectTo("redirects.example", 80),
      SCAN_TIMEOUT_MS: "10000",
      FETCH_TIMEOUT_MS: "2000",
    },
    { lookup: fakeDns(DNS) },
  );
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await service.close();
  await site.stop();
});

function expectNoAddress(text: string): void {
  expect(text).not.toContain(PRIVATE_V4);
  expect(text).not.toContain(PRIVATE_V6);
  expect(text.toLowerCase()).not.toContain("fd13:5791");
}

async function mcpClient(): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      setClientAddress(request, "192.0.2.77");
      return service.request(new URL(request.url).pathname, { method: request.method, headers: request.headers, body: await request.text() }, "192.0.2.77");
    },
  });
  const client = new Client({ name: "refusal-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe("refusing a name that resolves privately", () => {
  test.each(REFUSED_NAMES)("POST /api/scan %s: 400 that says so, without the address", async (name) => {
    const response = await service.scan({ url: `https://${name}/page` }, { token: TOKEN });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: `${name} resolves to a private or reserved address, which cannot be scanned. ${LOCAL_SITE_HINT}` });
    expectNoAddress(text);
  });

  test("the form (with a solved challenge) shows the refusal without the address", async () => {
    const challenge = (await (await service.request("/api/challenge")).json()) as Challenge;
    const response = await service.request("/scan", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ url: "inside.test", challengeToken: await solveAltcha(challenge) }).toString(),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("inside.test resolves to a private or reserved address, which cannot be scanned.");
    expectNoAddress(page);
  }, 60_000);

  test.each(REFUSED_NAMES)("MCP scan_site %s: a tool error without the address", async (name) => {
    const agent = await mcpClient();
    const result = (await agent.callTool({ name: "scan_site", arguments: { url: name } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result);
    expect(text).toContain("private or reserved address");
    expectNoAddress(text);
  });
});

describe("a site that redirects to a name that resolves privately", () => {
  test("is stored as failed with a reason that names the refusal, not the address, wherever it is read", async () => {
    expect((await service.scan({ url: "redirects.example" }, { token: TOKEN })).status).toBe(202);
    let recordText = "";
    for (let attempt = 0; attempt < 400 && recordText === ""; attempt++) {
      const response = await service.request("/api/report/redirects.example.json");
      if (response.status === 200) recordText = await response.text();
      else await Bun.sleep(50);
    }
    const record = JSON.parse(recordText) as { status: string; reason?: string };
    expect(record.status).toBe("failed");
    expect(record.reason).toContain("private or reserved address");
    expectNoAddress(recordText);
    // The scanner never connected to the internal name: its fake address does not exist.
    expect(site.requests.map((request) => request.path)).toContain("/");

    const stored = await latestScan(service.runtime.db, "redirects.example");
    expectNoAddress(stored?.recordJson ?? "");
    expectNoAddress((await storedArtifacts(service.runtime.db, stored!.id))?.artifactsJson ?? "");

    const page = await service.request("/report/redirects.example");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("private or reserved address");
    expectNoAddress(html);

    const agent = await mcpClient();
    const report = (await agent.callTool({ name: "get_report", arguments: { domain: "redirects.example" } })) as CallToolResult;
    const reportText = JSON.stringify(report);
    expect(reportText).toContain("private or reserved address");
    expectNoAddress(reportText);
  }, 30_000);
});

describe("SERVICE=schema", () => {
  test("the refusal of a page whose name resolves privately, and the failed record after a redirect to one, name no address", async () => {
    const schema = await createTestRuntime(
      { SERVICE: "schema", PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: site.connectTo("redirects.example", 80), SCAN_TIMEOUT_MS: "10000", FETCH_TIMEOUT_MS: "2000" },
      { lookup: fakeDns(DNS) },
    );
    try {
      const refused = await schema.scan({ url: "https://inside6.test/pricing" }, { token: TOKEN });
      expect(refused.status).toBe(400);
      const refusal = await refused.text();
      expect(refusal).toContain("private or reserved address");
      expectNoAddress(refusal);

      expect((await schema.scan({ url: "http://redirects.example/" }, { token: TOKEN })).status).toBe(202);
      let recordText = "";
      for (let attempt = 0; attempt < 400 && recordText === ""; attempt++) {
        const response = await schema.request("/api/report/redirects.example.json");
        if (response.status === 200) recordText = await response.text();
        else await Bun.sleep(50);
      }
      expect(recordText).toContain("private or reserved address");
      expectNoAddress(recordText);
      const stored = await latestScan(schema.runtime.db, "redirects.example");
      expectNoAddress((await storedArtifacts(schema.runtime.db, stored!.id))?.artifactsJson ?? "");
      const page = await (await schema.request("/report/redirects.example")).text();
      expectNoAddress(page);
    } finally {
      await schema.close();
    }
  }, 30_000);
});
