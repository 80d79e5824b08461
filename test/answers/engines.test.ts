/**
 * The four engines driven through the providers' official SDKs against loopback fakes that answer in
 * each API's documented shape: what is cited, mentioned, where, and when an engine is unavailable.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AnswerTarget } from "../../src/answers/analyze-answer.ts";
import { askEngine } from "../../src/answers/ask-engine.ts";
import { brandMatcher } from "../../src/answers/brand-mention.ts";
import { configuredEngines, providerSecrets } from "../../src/answers/configured-engines.ts";
import { ENGINE_NAMES, type AnswerEngine, type EngineName } from "../../src/answers/engine.ts";
import { loadConfig } from "../../src/config.ts";
import { startFakeProviders, type FakeProviders, type FakeSource } from "../helpers/fake-answer-providers.ts";

const KEYS: Record<EngineName, string> = {
  openai: "sk-proj-Zq8fakeOpenAiKey0123456789abcdefXYZ",
  anthropic: "sk-ant-api03-fakeAnthropicKey0123456789abcdef-QQ",
  gemini: "AIzaSyFakeGeminiKey0123456789abcdefghij",
  perplexity: "pplx-fakePerplexityKey0123456789abcdefgh",
};

let fakes: FakeProviders;
let engines: Record<EngineName, AnswerEngine>;
let secrets: string[];

beforeAll(async () => {
  fakes = await startFakeProviders();
  const config = loadConfig({
    OPENAI_API_KEY: KEYS.openai,
    OPENAI_BASE_URL: fakes.baseUrls.openai,
    ANTHROPIC_API_KEY: KEYS.anthropic,
    ANTHROPIC_BASE_URL: fakes.baseUrls.anthropic,
    GEMINI_API_KEY: KEYS.gemini,
    GEMINI_BASE_URL: fakes.baseUrls.gemini,
    PERPLEXITY_API_KEY: KEYS.perplexity,
    PERPLEXITY_BASE_URL: fakes.baseUrls.perplexity,
    ANSWERS_TIMEOUT_MS: "1500",
    ANSWERS_RETRIES: "0",
  });
  engines = Object.fromEntries(configuredEngines(config).map((engine) => [engine.name, engine])) as Record<EngineName, AnswerEngine>;
  secrets = providerSecrets(config);
});
afterAll(() => fakes.stop());

const names = ["Acme", "Acme Tools"];
const target: AnswerTarget = { domain: "example.com", brandNames: names, competitors: ["rival.io", "other.net"], mentions: brandMatcher(names) };

/** A source as the provider gives it: Gemini's are grounding redirects titled with the source's domain. */
function source(provider: EngineName, url: string, title = "A page"): FakeSource {
  if (provider !== "gemini") return { url, title };
  return { url: `https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQ${encodeURIComponent(url).length}x`, title: new URL(url).hostname };
}

const ask = (provider: EngineName) => askEngine(engines[provider], "Which tool should I use?", target, { timeoutMs: 1500, secrets });

describe.each(ENGINE_NAMES.map((name) => [name]))("%s", (provider) => {
  test("all four engines are on when their keys are set, and ask through the SDK with the key", async () => {
    fakes.behave(provider, { kind: "answer", text: "Acme Tools is a good choice.", cited: [source(provider, "https://example.com/")] });
    const before = fakes.requests.length;
    await ask(provider);
    const request = fakes.requests.slice(before).find((entry) => entry.provider === provider)!;
    const sent = request.headers.authorization ?? request.headers["x-api-key"] ?? request.headers["x-goog-api-key"];
    expect(sent).toContain(KEYS[provider]);
    expect(JSON.stringify(request.body)).toContain("Which tool should I use?");
    // Each asks with its provider's web search tool.
    expect(JSON.stringify(request.body)).toMatch(provider === "gemini" ? /googleSearch/ : /web_search/);
  });

  test("cited through a www. variant, mentioned, at its position among the cited domains", async () => {
    fakes.behave(provider, {
      kind: "answer",
      text: "For small teams, ACME's planner stands out.",
      cited: [source(provider, "https://docs.other.net/guide"), source(provider, "https://www.example.com/pricing"), source(provider, "https://other.net/x")],
      retrieved: [source(provider, "https://unrelated.org/")],
    });
    const result = await ask(provider);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.analysis.cited).toBe(true);
    expect(result.analysis.mentioned).toBe(true);
    expect(result.analysis.position).toBe(2);
    expect(result.analysis.otherDomains).toEqual(["other.net"]);
    expect(result.analysis.competitorsCited).toEqual(["other.net"]);
    expect(result.analysis.domainUrls.length).toBe(1);
    expect(result.analysis.sources.find((entry) => entry.host === "unrelated.org")?.kind).toBe("retrieved");
    if (provider === "gemini") expect(result.analysis.domainUrls[0]).toStartWith("https://vertexaisearch.cloud.google.com/");
    else expect(result.analysis.domainUrls).toEqual(["https://www.example.com/pricing"]);
    expect(result.model.length).toBeGreaterThan(0);
    expect(result.costUsd).toBeGreaterThan(0);
  });

  test("mentioned only: the brand is named but another site is cited", async () => {
    fakes.behave(provider, { kind: "answer", text: "Many people like Acme Tools.", cited: [source(provider, "https://rival.io/compare")] });
    const result = await ask(provider);
    expect(result.status === "ok" && { cited: result.analysis.cited, mentioned: result.analysis.mentioned, position: result.analysis.position }).toEqual({ cited: false, mentioned: true, position: null });
    expect(result.status === "ok" && result.analysis.competitorsCited).toEqual(["rival.io"]);
  });

  test("absent: neither cited nor named (a name inside a longer word does not count)", async () => {
    fakes.behave(provider, { kind: "answer", text: "Acmeville has a fine tool shop.", cited: [source(provider, "https://rival.io/")], retrieved: [source(provider, "https://example.com/blog")] });
    const result = await ask(provider);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect([result.analysis.cited, result.analysis.mentioned]).toEqual([false, false]);
    // Found by the search but not cited by the answer.
    expect(result.analysis.retrievedOnly).toBe(true);
  });

  test("an answer without any source is unavailable, not 'not cited'", async () => {
    fakes.behave(provider, { kind: "answer", text: "Acme is fine." });
    const result = await ask(provider);
    expect(result.status === "unavailable" && result.reason).toBe("no-sources");
  });

  test("HTTP 500 is unavailable, with the status", async () => {
    fakes.behave(provider, { kind: "status", status: 500, message: "The server had an error while processing your request." });
    const result = await ask(provider);
    expect(result.status === "unavailable" && result.reason).toBe("error");
    expect(result.status === "unavailable" && result.detail).toContain("HTTP 500");
    expect(result.costUsd).toBe(0);
  });

  test("an engine that does not answer in time is unavailable (timeout)", async () => {
    fakes.behave(provider, { kind: "hang" });
    const result = await ask(provider);
    expect(result.status === "unavailable" && result.reason).toBe("timeout");
  });

  test("malformed JSON is unavailable", async () => {
    fakes.behave(provider, { kind: "malformed" });
    const result = await ask(provider);
    expect(result.status).toBe("unavailable");
    expect(result.status === "unavailable" && result.reason).toBe("malformed");
  });

  test("a huge answer is read up to the response cap, then unavailable", async () => {
    fakes.behave(provider, { kind: "huge", bytes: 9 * 1024 * 1024 });
    const result = await ask(provider);
    expect(result.status === "unavailable" && result.reason).toBe("too-large");
  });

  test("a long answer under the cap is stored cut, and the brand is still found past the cut", async () => {
    fakes.behave(provider, { kind: "answer", text: `${"Lorem ipsum dolor sit amet. ".repeat(4000)}In the end, Acme wins.`, cited: [source(provider, "https://example.com/")] });
    const result = await ask(provider);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.analysis.textCut).toBe(true);
    expect(new TextEncoder().encode(result.analysis.text).length).toBeLessThanOrEqual(32 * 1024);
    expect(result.analysis.mentioned).toBe(true);
  });

  test("the key never appears in a result, even when the provider quotes it back", async () => {
    const key = KEYS[provider];
    fakes.behave(provider, { kind: "status", status: 401, message: `Incorrect API key provided: ${key}. Masked: ${key.slice(0, 8)}****${key.slice(-4)}.` });
    const result = await ask(provider);
    expect(result.status).toBe("unavailable");
    const shown = JSON.stringify(result);
    expect(shown).toContain("HTTP 401");
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(key.slice(0, 8));
    expect(shown).not.toContain(key.slice(-8));
  });
});

test("Gemini: a redirect chunk whose title is not a domain is skipped; web.domain wins when present", async () => {
  fakes.behave("gemini", {
    kind: "answer",
    text: "Acme.",
    cited: [
      { url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AAA", title: "<script>alert(1)</script>" },
      { url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/BBB", title: "shop.example.com" },
    ],
  });
  const result = await ask("gemini");
  expect(result.status === "ok" && result.analysis.sources.map((entry) => entry.host)).toEqual(["shop.example.com"]);
  expect(result.status === "ok" && result.analysis.cited).toBe(true);
});

describe("anthropic pause_turn", () => {
  const anthropicRequests = (from: number) => fakes.requests.slice(from).filter((entry) => entry.provider === "anthropic") as { body: { messages: { role: string; content: unknown }[]; tools: { max_uses: number }[] } }[];

  test("a paused turn is continued with the response sent back as the assistant's turn, and its searches count", async () => {
    let call = 0;
    fakes.behave("anthropic", () =>
      ++call === 1 ? { kind: "paused", retrieved: [{ url: "https://rival.io/", title: "Rival" }] } : { kind: "answer", text: "Acme is the pick.", cited: [{ url: "https://www.example.com/", title: "Acme" }] },
    );
    const before = fakes.requests.length;
    const result = await ask("anthropic");
    const sent = anthropicRequests(before);
    expect(sent.length).toBe(2);
    expect(sent[1]!.body.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(sent[1]!.body.messages[1]!.content)).toContain("server_tool_use");
    expect(sent.map((request) => request.body.tools[0]!.max_uses)).toEqual([3, 2]);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.analysis.cited).toBe(true);
    expect(result.analysis.text).toContain("Acme is the pick.");
    // The paused part's search results are kept as retrieved sources.
    expect(result.analysis.sources.map((entry) => entry.host)).toContain("rival.io");
  });

  test("a turn that keeps pausing is continued at most twice and never past three searches", async () => {
    fakes.behave("anthropic", { kind: "paused", retrieved: [{ url: "https://example.com/", title: "Acme" }] });
    const before = fakes.requests.length;
    const result = await ask("anthropic");
    const sent = anthropicRequests(before);
    expect(sent.map((request) => request.body.tools[0]!.max_uses)).toEqual([3, 2, 1]);
    // Retrieved only, never cited: no answer text came.
    expect(result.status === "ok" && result.analysis.cited).toBe(false);
  });
});
