/**
 * /api/answers through the whole app: account keys only, watches and prompts validated at the edge,
 * a run refused by the budget before any call (402 with the figures), then granted, carried out
 * against the fake providers and read back as results and spend; one account never sees another's.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { answerRunWorker } from "../../src/answers/answer-run-worker.ts";
import { configuredEngines, providerSecrets } from "../../src/answers/configured-engines.ts";
import { createApiKey } from "../../src/auth/api-key-service.ts";
import { setBudget } from "../../src/store/answer-runs-repo.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { startFakeProviders, type FakeProviders } from "../helpers/fake-answer-providers.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";

const OPENAI_KEY = "sk-proj-apiFakeOpenAiKey0123456789abcdef";
let fakes: FakeProviders;
let service: TestRuntime;
let userKey: string;
let otherKey: string;
let operatorKey: string;
let userId: number;

beforeAll(async () => {
  fakes = await startFakeProviders();
  fakes.behave("openai", { kind: "answer", text: "Acme leads.", cited: [{ url: "https://www.example.com/", title: "Acme" }, { url: "https://rival.io/", title: "Rival" }] });
  service = await createTestRuntime({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: fakes.baseUrls.openai, ANSWERS_RETRIES: "0", SCAN_CONNECT_TO: "hooks.test:443:127.0.0.1:9" }, { runWorker: false });
  const db = service.runtime.db;
  userId = (await insertUser(db, { email: "owner@example.com", passwordHash: "x", createdAt: Date.now() }))!;
  const other = (await insertUser(db, { email: "other@example.com", passwordHash: "x", createdAt: Date.now() }))!;
  userKey = (await createApiKey(db, { prefix: "aivis", name: "mine", userId, now: Date.now() })).key;
  otherKey = (await createApiKey(db, { prefix: "aivis", name: "theirs", userId: other, now: Date.now() })).key;
  operatorKey = (await createApiKey(db, { prefix: "aivis", name: "ops", userId: null, now: Date.now() })).key;
});
afterAll(async () => {
  await service.close();
  await fakes.stop();
});

function call(path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? userKey}`;
  return service.request(path, { method: init.method ?? "GET", headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
}

test("only an account's key: none is 401, an operator's key 403", async () => {
  expect((await call("/api/answers/watches", { key: null })).status).toBe(401);
  expect((await call("/api/answers/watches", { key: "aivis_wrong" })).status).toBe(401);
  const operator = await call("/api/answers/watches", { key: operatorKey });
  expect(operator.status).toBe(403);
  expect((await operator.json()).error).toContain("operator's key");
});

test("watch, prompts, a refused run, a granted run, results and spend", async () => {
  expect((await call("/api/answers/watches", { method: "POST", body: { domain: "ftp://x" } })).status).toBe(400);
  expect((await call("/api/answers/watches", { method: "POST", body: { domain: "example.com", samples: 11 } })).status).toBe(400);
  expect((await call("/api/answers/watches", { method: "POST", body: { domain: "example.com", engines: ["bing"] } })).status).toBe(400);
  const created = await call("/api/answers/watches", { method: "POST", body: { domain: "https://www.Example.com/", brandNames: ["Acme"], competitors: ["rival.io"], samples: 2 } });
  expect(created.status).toBe(201);
  const watch = await created.json();
  expect(watch).toMatchObject({ domain: "example.com", brandNames: ["Acme"], competitors: ["rival.io"], samples: 2, schedule: "none", prompts: [] });
  expect((await call("/api/answers/watches", { method: "POST", body: { domain: "example.com" } })).status).toBe(409);

  const noPrompts = await call(`/api/answers/watches/${watch.id}/runs`, { method: "POST" });
  expect(noPrompts.status).toBe(400);
  expect((await call(`/api/answers/watches/${watch.id}/prompts`, { method: "POST", body: { name: "best", prompt: "Best planner?", group: "buying" } })).status).toBe(201);
  expect((await call(`/api/answers/watches/${watch.id}/prompts`, { method: "POST", body: { name: "best", prompt: "Again?" } })).status).toBe(409);
  expect((await call(`/api/answers/watches/${watch.id}/prompts`, { method: "POST", body: { name: "long", prompt: "x".repeat(2001) } })).status).toBe(400);

  const before = fakes.requests.length;
  const refused = await call(`/api/answers/watches/${watch.id}/runs`, { method: "POST" });
  expect(refused.status).toBe(402);
  const refusal = await refused.json();
  expect(refusal.error).toContain("no budget");
  expect(refusal.figures).toMatchObject({ estimateUsd: 0.06, account: { budgetUsd: 0 } });
  expect(fakes.requests.length).toBe(before);

  await setBudget(service.runtime.db, userId, 5_000_000, Date.now());
  const queued = await call(`/api/answers/watches/${watch.id}/runs`, { method: "POST" });
  expect(queued.status).toBe(202);
  const { runId } = await queued.json();
  expect((await call(`/api/answers/runs/${runId}`).then((response) => response.json())).state).toBe("queued");
  expect((await call(`/api/answers/watches/${watch.id}/results`)).status).toBe(404);

  const config = service.runtime.config;
  const worker = answerRunWorker({ db: service.runtime.db, engines: configuredEngines(config), serviceLimitMicros: null, timeoutMs: 5000, secrets: providerSecrets(config), now: Date.now, log: () => undefined });
  expect(await worker.drain()).toBe(1);

  const run = await (await call(`/api/answers/runs/${runId}`)).json();
  expect(run).toMatchObject({ state: "done", spentUsd: 0.06, reservedUsd: 0 });
  const results = await (await call(`/api/answers/watches/${watch.id}/results`)).json();
  expect(results.byEngine[0]).toMatchObject({ engine: "openai", shares: { cited: { k: 2, n: 2 }, mentioned: { k: 2, n: 2 } } });
  expect(results.byGroup[0].group).toBe("buying");
  expect(results.shareOfVoice.map((entry: { domain: string; voice: number }) => [entry.domain, entry.voice])).toEqual([
    ["example.com", 0.5],
    ["rival.io", 0.5],
  ]);
  const spend = await (await call("/api/answers/spend")).json();
  expect(spend).toEqual({ monthlyBudgetUsd: 5, spend: [{ month: new Date().toISOString().slice(0, 7), engine: "openai", usd: 0.06, calls: 2 }] });
  const suggestions = await (await call(`/api/answers/watches/${watch.id}/suggestions`)).json();
  expect(suggestions.basedOnScan).toBeNull();
  expect(suggestions.suggestions[0].prompt).toBe("What is example.com and what does it offer?");

  // Another account sees none of it.
  expect((await call(`/api/answers/watches/${watch.id}`, { key: otherKey })).status).toBe(404);
  expect((await call(`/api/answers/runs/${runId}`, { key: otherKey })).status).toBe(404);
  expect((await (await call("/api/answers/watches", { key: otherKey })).json()).watches).toEqual([]);

  // The provider key is in no table.
  const db = service.runtime.db;
  for (const table of ["answer_watches", "answer_prompts", "answer_runs", "answer_samples", "answer_spend", "answer_budgets", "settings"]) {
    expect(JSON.stringify(await db.all(`SELECT * FROM ${table}`))).not.toContain(OPENAI_KEY);
  }

  // The MCP tool reads the same results with the account's key, and refuses without one.
  const mcp = async (key: string | null) => {
    const client = new Client({ name: "test", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      fetch: (url, init) => service.request(new URL(String(url)).pathname, init),
      requestInit: key === null ? {} : { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    try {
      return (await client.callTool({ name: "get_answer_results", arguments: { domain: "www.example.com" } })) as CallToolResult;
    } finally {
      await client.close();
    }
  };
  const viaMcp = await mcp(userKey);
  expect(viaMcp.isError).toBeFalsy();
  expect(viaMcp.structuredContent).toMatchObject({ domain: "example.com", found: true, engines: [{ engine: "openai", cited: { k: 2, n: 2 } }] });
  expect((await mcp(otherKey)).structuredContent).toMatchObject({ found: false });
  const anonymous = await mcp(null);
  expect(anonymous.isError).toBe(true);
  expect(JSON.stringify(anonymous.content)).toContain("API key");

  expect((await call(`/api/answers/watches/${watch.id}`, { method: "DELETE" })).status).toBe(204);
  expect((await call(`/api/answers/watches/${watch.id}`)).status).toBe(404);
});

test("alerts: a hostile URL refused, the secret shown once, email refused without SMTP, a test alert logged; another account sees none", async () => {
  const watch = await (await call("/api/answers/watches", { method: "POST", body: { domain: "alerts.example" } })).json();
  const path = `/api/answers/watches/${watch.id}/alerts`;
  for (const webhookUrl of ["http://127.0.0.1/hook", "http://[::1]/", "http://169.254.169.254/latest", "file:///etc/passwd"]) {
    const refused = await call(path, { method: "PUT", body: { webhookUrl } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toStartWith("webhookUrl:");
  }
  expect((await call(path, { method: "PUT", body: { shareDropPoints: 0 } })).status).toBe(400);
  const noSmtp = await call(path, { method: "PUT", body: { email: true } });
  expect(noSmtp.status).toBe(400);
  expect((await noSmtp.json()).error).toContain("SMTP_URL");
  expect((await call(`${path}/test`, { method: "POST" })).status).toBe(409);

  const set = await call(path, { method: "PUT", body: { webhookUrl: "https://hooks.test/sightline" } });
  expect(set.status).toBe(200);
  const { webhookSecret } = await set.json();
  expect(webhookSecret).toStartWith("whsec_");
  const shown = await (await call(path)).text();
  expect(shown).not.toContain(webhookSecret);
  expect(JSON.parse(shown)).toEqual({ webhookUrl: "https://hooks.test/sightline", email: false, shareDropPoints: 20, deliveries: [] });
  expect(await (await call(`${path}/test`, { method: "POST" })).json()).toEqual({ queued: 1 });
  const log = (await (await call(path)).json()).deliveries;
  expect(log).toMatchObject([{ channel: "webhook", event: "test", state: "pending", attempts: 0 }]);
  expect((await call(path, { key: otherKey })).status).toBe(404);
  expect((await call(path, { method: "PUT", key: otherKey, body: { webhookUrl: null } })).status).toBe(404);
  for (const table of ["watch_alerts", "alert_deliveries", "settings"]) expect(JSON.stringify(await service.runtime.db.all(`SELECT * FROM ${table}`))).not.toContain(webhookSecret);
});
