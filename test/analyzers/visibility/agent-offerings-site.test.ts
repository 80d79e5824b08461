/**
 * What a site offers agents, scanned over loopback TLS through the real SafeFetcher: Markdown negotiation,
 * an A2A agent card and an MCP server card; a broken card; a retired ai-plugin.json; and a plain content
 * site, which is not judged.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { agentOfferings } from "../../../src/analyzers/visibility/audits/discover/agent-offerings.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { wellPreparedSite } from "../../fixtures/sites/well-prepared.ts";
import { type FixtureHandler, type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

interface Scanned {
  site: FixtureSite;
  record: VisibilityRecord;
  artifacts: Artifacts;
}

const json = (value: unknown, type = "application/json"): FixtureHandler => () => new Response(JSON.stringify(value), { headers: { "content-type": type } });

async function scan(domain: string, routes: Record<string, FixtureHandler>): Promise<Scanned> {
  const site = await startFixtureSite(routes, { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(domain)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "sightline-test", extraCaPem: testCaPem() });
  const result = await visibilityAnalyzer.scan({
    domain,
    fetcher,
    signal: AbortSignal.timeout(20_000),
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-28T00:00:00Z"),
  });
  return { site, record: result.record, artifacts: result.artifacts as Artifacts };
}

/** The well-prepared homepage, with a Link header pointing agents to llms.txt and the API catalog. */
async function withLinkHeader(answer: Response | Promise<Response>): Promise<Response> {
  const base = await answer;
  const headers = new Headers(base.headers);
  headers.set("link", `</llms.txt>; rel="describedby"; type="text/markdown", </.well-known/api-catalog>; rel="api-catalog"`);
  return new Response(await base.text(), { status: base.status, headers });
}

const AGENTS = "agents.secure.test";
const PLAIN = "plain.secure.test";
const RETIRED = "retired.secure.test";
let agents: Scanned;
let plain: Scanned;
let retired: Scanned;

beforeAll(async () => {
  const wellPrepared = wellPreparedSite(AGENTS);
  const homepage = wellPrepared["/"]!;
  [agents, plain, retired] = await Promise.all([
    scan(AGENTS, {
      ...wellPrepared,
      "/": (request) =>
        request.headers.get("accept") === "text/markdown"
          ? new Response("# Agents\n\nGarden tools for small farms.\n", { headers: { "content-type": "text/markdown; charset=utf-8", vary: "Accept" } })
          : withLinkHeader(typeof homepage === "string" ? new Response(homepage, { headers: { "content-type": "text/html" } }) : homepage(request)),
      "/.well-known/agent-card.json": json({ name: "Acme tools agent", url: `https://${AGENTS}/a2a`, version: "1.0.0", skills: [{ id: "order", name: "Order tools" }] }),
      "/.well-known/mcp/server-card.json": json({ $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json", name: "secure.test.agents/mcp", version: "1.0.0", remotes: [{ type: "streamable-http", url: `https://${AGENTS}/mcp` }] }),
      "/.well-known/oauth-protected-resource": json({ resource: `https://${AGENTS}/mcp` }),
    }),
    scan(PLAIN, wellPreparedSite(PLAIN)),
    scan(RETIRED, {
      ...wellPreparedSite(RETIRED),
      "/.well-known/ai-plugin.json": json({ schema_version: "v1", name_for_model: "acme" }),
      "/.well-known/mcp/server-card.json": json({ serverInfo: { name: "acme" } }),
      "/.well-known/nlweb.json": json({ name: "acme", endpoint: `https://${RETIRED}/ask` }),
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([agents?.site.stop(), plain?.site.stop(), retired?.site.stop()]);
});

const signal = (scanned: Scanned) => scanned.record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === "agent-offerings")!;

describe("agent-offerings", () => {
  test("Markdown negotiation with Vary: Accept, an A2A card and an MCP server card are what the site offers", () => {
    const outcome = signal(agents);
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("Markdown when asked for it (Content-Type text/markdown; charset=utf-8, Vary: Accept)");
    expect(outcome.detail).toContain(`an A2A agent card (https://${AGENTS}/.well-known/agent-card.json)`);
    expect(outcome.detail).toContain(`an MCP server card (https://${AGENTS}/.well-known/mcp/server-card.json)`);
    expect(outcome.detail).toContain('rel="describedby" → /llms.txt, in the Link header; rel="api-catalog" → /.well-known/api-catalog, in the Link header');
    // The protected-resource metadata names the MCP endpoint, not the origin: RFC 9728 section 3.3.
    expect(outcome.detail).toContain("names the resource");
  });

  test("a content site without any is not judged, and its score is unchanged", () => {
    const outcome = signal(plain);
    expect(outcome).toMatchObject({ status: "na", score: null });
    expect(outcome.detail).toContain("a site without them loses nothing");
    expect(plain.site.requests.map((request) => request.path)).toContain("/.well-known/agent-card.json");
  });

  test("a retired ai-plugin.json and an old-format server card are named as such", () => {
    const outcome = signal(retired);
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("ChatGPT plugins, which OpenAI retired in 2024");
    expect(outcome.detail).toContain("old format (`serverInfo`)");
    // NLWeb documents the /ask and /mcp endpoints and no discovery file (github.com/nlweb-ai/NLWeb, docs/nlweb-rest-api.md).
    expect(outcome.detail).toContain(`https://${RETIRED}/.well-known/nlweb.json: /.well-known/nlweb.json is not specified by NLWeb`);
    expect(outcome.fix?.how).toContain(`- Remove https://${RETIRED}/.well-known/ai-plugin.json; describe the service with an MCP server card or an A2A agent card.`);
    expect(outcome.fix?.how).toContain(`- Remove https://${RETIRED}/.well-known/nlweb.json; if the site runs NLWeb, describe its /mcp endpoint with an MCP server card.`);
  });

  test("a site that publishes no nlweb.json is not told about it", () => {
    expect(plain.site.requests.map((request) => request.path)).toContain("/.well-known/nlweb.json");
    expect(signal(plain).detail).not.toContain("nlweb");
  });

  test("the record lists what the site offers agents, for the report's section", () => {
    expect(agents.record.agentOfferings!.map(({ kind, status }) => `${kind} ${status}`)).toEqual([
      "markdown offered",
      "llms-txt offered",
      "a2a-agent-card offered",
      "mcp-server-card offered",
      "oauth-protected-resource invalid",
    ]);
    expect(agents.record.agentOfferings!.find((offering) => offering.kind === "a2a-agent-card")).toEqual({ kind: "a2a-agent-card", name: "A2A agent card", url: `https://${AGENTS}/.well-known/agent-card.json`, status: "offered", note: null });
    expect(retired.record.agentOfferings!.filter((offering) => offering.status === "unspecified").map((offering) => offering.kind)).toEqual(["ai-plugin", "nlweb-json"]);
    expect(plain.record.agentOfferings!.map((offering) => offering.kind)).toEqual(["llms-txt"]);
  });

  test("an older record without the artifact is not applicable", () => {
    const { agentDocuments: _dropped, ...older } = plain.artifacts;
    expect(runAudit(agentOfferings, older as Artifacts)).toMatchObject({ status: "na", score: null });
  });
});
