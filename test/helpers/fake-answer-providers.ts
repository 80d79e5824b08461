/**
 * Fakes of the four answer providers on loopback, in the response shapes their API references document,
 * for the official SDKs to be pointed at through the *_BASE_URL settings:
 *
 *   OpenAI      POST {OPENAI_BASE_URL}/responses                      (base http://127.0.0.1:P/openai/v1)
 *   Anthropic   POST {ANTHROPIC_BASE_URL}/v1/messages                 (base http://127.0.0.1:P/anthropic)
 *   Gemini      POST {GEMINI_BASE_URL}/v1/models/M:generateContent     (base http://127.0.0.1:P/gemini)
 *   Perplexity  POST {PERPLEXITY_BASE_URL}/v1/responses               (base http://127.0.0.1:P/perplexity)
 *
 * Each provider answers by its current behaviour: an answer (text plus cited and retrieved sources),
 * an HTTP error with the provider's error body, a hang, malformed JSON or a huge body. Every request is
 * recorded with its headers, so tests can check what the SDK sent.
 */
import type { EngineName } from "../../src/answers/engine.ts";

export interface FakeSource {
  url: string;
  title: string;
}

export type FakeBehaviour =
  | { kind: "answer"; text: string; cited?: FakeSource[]; retrieved?: FakeSource[]; model?: string }
  | { kind: "status"; status: number; message: string }
  | { kind: "hang" }
  | { kind: "malformed" }
  | { kind: "huge"; bytes: number }
  /** Anthropic only: a long search turn paused (`stop_reason: "pause_turn"`) after one search, with no text yet. */
  | { kind: "paused"; retrieved: FakeSource[] };

export interface FakeRequest {
  provider: EngineName;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeProviders {
  port: number;
  baseUrls: Record<EngineName, string>;
  behave(provider: EngineName, behaviour: FakeBehaviour | ((call: number) => FakeBehaviour)): void;
  requests: FakeRequest[];
  stop(): Promise<void>;
}

const PATHS: Record<EngineName, RegExp> = {
  openai: /^\/openai\/v1\/responses$/,
  anthropic: /^\/anthropic\/v1\/messages$/,
  gemini: /^\/gemini\/v1(?:beta)?\/models\/[^/]+:generateContent$/,
  perplexity: /^\/perplexity\/v1\/responses$/,
};

export async function startFakeProviders(): Promise<FakeProviders> {
  const behaviours = new Map<EngineName, (call: number) => FakeBehaviour>();
  const calls = new Map<EngineName, number>();
  const requests: FakeRequest[] = [];
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const provider = (Object.keys(PATHS) as EngineName[]).find((name) => PATHS[name].test(path));
      if (!provider || request.method !== "POST") return new Response("not found", { status: 404 });
      const body: unknown = await request.json().catch(() => null);
      requests.push({ provider, path, headers: request.headers.toJSON(), body });
      const call = (calls.get(provider) ?? 0) + 1;
      calls.set(provider, call);
      const behaviour = behaviours.get(provider)?.(call) ?? { kind: "status", status: 500, message: "no behaviour set" };
      return respond(provider, behaviour, hanging);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    port: server.port!,
    baseUrls: { openai: `${base}/openai/v1`, anthropic: `${base}/anthropic`, gemini: `${base}/gemini`, perplexity: `${base}/perplexity` },
    behave(provider, behaviour) {
      behaviours.set(provider, typeof behaviour === "function" ? behaviour : () => behaviour);
    },
    requests,
    async stop() {
      for (const release of hanging) release();
      await server.stop(true);
    },
  };
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

function respond(provider: EngineName, behaviour: FakeBehaviour, hanging: Set<() => void>): Response | Promise<Response> {
  switch (behaviour.kind) {
    case "answer":
      return json(ANSWERS[provider](behaviour));
    case "status":
      return json(ERRORS[provider](behaviour.status, behaviour.message), behaviour.status);
    case "hang":
      return new Promise<Response>((resolve) => {
        const release = () => resolve(new Response("", { status: 499 }));
        hanging.add(release);
      });
    case "paused":
      // https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/server-tools ("pause_turn")
      return provider === "anthropic"
        ? json({
            id: "msg_paused",
            type: "message",
            role: "assistant",
            model: "claude-haiku-4-5-20251001",
            content: [
              { type: "server_tool_use", id: `srvtoolu_${Math.random().toString(36).slice(2, 10)}`, name: "web_search", input: { query: "the prompt" } },
              { type: "web_search_tool_result", tool_use_id: "srvtoolu_p", content: behaviour.retrieved.map((source) => ({ type: "web_search_result", url: source.url, title: source.title, encrypted_content: "Eqg", page_age: null })) },
            ],
            stop_reason: "pause_turn",
            stop_sequence: null,
            usage: { input_tokens: 900, output_tokens: 40, server_tool_use: { web_search_requests: 1 } },
          })
        : json(ERRORS[provider](500, "paused turns are Anthropic's"), 500);
    case "malformed":
      return new Response('{"id": "resp_1", "output": [ {"type": "mess', { headers: { "content-type": "application/json" } });
    case "huge": {
      // A valid answer whose text alone is `bytes` long, streamed without a declared length.
      const chunk = "Acme is great. ".repeat(4096);
      let sent = 0;
      const head = new TextEncoder().encode(JSON.stringify(ANSWERS[provider]({ kind: "answer", text: "@@TEXT@@", cited: [{ url: "https://www.example.com/", title: "Example" }] })));
      const [before, after] = new TextDecoder().decode(head).split("@@TEXT@@") as [string, string];
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(before));
        },
        pull(controller) {
          if (sent >= behaviour.bytes) {
            controller.enqueue(encoder.encode(after));
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(chunk));
          sent += chunk.length;
        },
      });
      return new Response(stream, { headers: { "content-type": "application/json" } });
    }
  }
}

type Answer = Extract<FakeBehaviour, { kind: "answer" }>;

const ANSWERS: Record<EngineName, (answer: Answer) => unknown> = {
  // https://platform.openai.com/docs/api-reference/responses/object; web search: guides/tools-web-search
  openai: (answer) => ({
    id: "resp_68b1",
    object: "response",
    created_at: 1764300000,
    status: "completed",
    model: answer.model ?? "gpt-5-mini-2025-08-07",
    output: [
      {
        type: "web_search_call",
        id: "ws_1",
        status: "completed",
        action: { type: "search", query: "the prompt", sources: (answer.retrieved ?? []).map((source) => ({ type: "url", url: source.url })) },
      },
      {
        type: "message",
        id: "msg_1",
        status: "completed",
        role: "assistant",
        content: [
          {
            type: "output_text",
            text: answer.text,
            annotations: (answer.cited ?? []).map((source, index) => ({ type: "url_citation", start_index: index, end_index: index + 1, url: source.url, title: source.title })),
          },
        ],
      },
    ],
    usage: { input_tokens: 812, output_tokens: 240, total_tokens: 1052 },
  }),
  // https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool (response example)
  anthropic: (answer) => ({
    id: "msg_01",
    type: "message",
    role: "assistant",
    model: answer.model ?? "claude-haiku-4-5-20251001",
    content: [
      { type: "server_tool_use", id: "srvtoolu_01", name: "web_search", input: { query: "the prompt" } },
      {
        type: "web_search_tool_result",
        tool_use_id: "srvtoolu_01",
        content: [...(answer.cited ?? []), ...(answer.retrieved ?? [])].map((source) => ({ type: "web_search_result", url: source.url, title: source.title, encrypted_content: "EqgfCioIARgBIiQ3YTAw", page_age: null })),
      },
      { type: "text", text: "Based on the search results, " },
      {
        type: "text",
        text: answer.text,
        citations: (answer.cited ?? []).map((source) => ({ type: "web_search_result_location", url: source.url, title: source.title, encrypted_index: "Eo8BCioIAhgBIiQy", cited_text: "a passage" })),
      },
    ],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 6039, output_tokens: 931, server_tool_use: { web_search_requests: 1 } },
  }),
  // https://ai.google.dev/gemini-api/docs/google-search (groundingMetadata example)
  gemini: (answer) => {
    const chunks = [...(answer.cited ?? []), ...(answer.retrieved ?? [])].map((source) => ({ web: { uri: source.url, title: source.title } }));
    return {
      candidates: [
        {
          content: { parts: [{ text: answer.text }], role: "model" },
          finishReason: "STOP",
          groundingMetadata: {
            webSearchQueries: ["the prompt"],
            searchEntryPoint: { renderedContent: "<style>.container{}</style><div class=\"container\"></div>" },
            groundingChunks: chunks,
            groundingSupports: (answer.cited ?? []).map((_source, index) => ({ segment: { startIndex: 0, endIndex: 10, text: "a claim" }, groundingChunkIndices: [index], confidenceScores: [0.9] })),
          },
        },
      ],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 300, totalTokenCount: 312 },
      modelVersion: answer.model ?? "gemini-2.5-flash",
    };
  },
  // https://docs.perplexity.ai/docs/agent-api (response: search_results and message output items, usage.cost)
  perplexity: (answer) => {
    const results = [...(answer.cited ?? []), ...(answer.retrieved ?? [])].map((source, index) => ({ id: index + 1, url: source.url, title: source.title, snippet: "a snippet", date: "2026-10-01" }));
    const markers = (answer.cited ?? []).map((_source, index) => `[${index + 1}]`).join("");
    return {
      id: "resp_pplx_1",
      object: "response",
      created_at: 1764300000,
      model: answer.model ?? "perplexity/sonar",
      status: "completed",
      output: [
        { type: "search_results", queries: ["the prompt"], results },
        { type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: `${answer.text}${markers}`, annotations: [] }] },
      ],
      usage: { input_tokens: 20, output_tokens: 300, total_tokens: 320, cost: { currency: "USD", input_cost: 0.00002, output_cost: 0.0003, total_cost: 0.00532 } },
    };
  },
};

const ERRORS: Record<EngineName, (status: number, message: string) => unknown> = {
  openai: (_status, message) => ({ error: { message, type: "invalid_request_error", param: null, code: null } }),
  anthropic: (_status, message) => ({ type: "error", error: { type: "api_error", message } }),
  gemini: (status, message) => ({ error: { code: status, message, status: status === 401 ? "UNAUTHENTICATED" : "INTERNAL" } }),
  perplexity: (_status, message) => ({ error: { message, type: "invalid_request_error", code: 400 } }),
};
