import Anthropic from "@anthropic-ai/sdk";
import type { AnswerEngine, RawAnswer, RawSource } from "../engine.ts";
import { engineIdentity, sdkClientOptions, type EngineSettings } from "./engine-settings.ts";
import { record, records, text } from "./shape.ts";

/** Searches Claude may run for one answer, continuations included: each is billed ($10 per 1,000), so a call's cost stays bounded. */
const MAX_SEARCHES = 3;
const MAX_TOKENS = 2048;
/** Times a paused turn is continued; past them the answer is read from what came. */
const MAX_CONTINUATIONS = 2;

/**
 * Anthropic through its official SDK: the Messages API with the web search server tool. Cited sources
 * are the `web_search_result_location` citations on text blocks; the `web_search_tool_result` blocks'
 * results are kept as retrieved.
 * https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 *
 * A long search turn may stop with `stop_reason: "pause_turn"`; as the server-tools docs say, the
 * response is sent back as-is, as the assistant's turn so far, and the model continues it
 * (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/server-tools). At most
 * MAX_CONTINUATIONS times, and never past MAX_SEARCHES searches in all.
 */
export function anthropicEngine(settings: EngineSettings): AnswerEngine {
  const client = new Anthropic(sdkClientOptions(settings));
  const create = (messages: Anthropic.MessageParam[], searches: number, signal: AbortSignal) =>
    client.messages.create(
      { model: settings.model, max_tokens: MAX_TOKENS, messages, tools: [{ type: "web_search_20250305", name: "web_search", max_uses: searches }] },
      { signal },
    );
  return {
    ...engineIdentity("anthropic", settings),
    async ask(prompt, signal) {
      const question: Anthropic.MessageParam = { role: "user", content: prompt };
      let response = await create([question], MAX_SEARCHES, signal);
      const content = [...response.content];
      for (let continued = 0; response.stop_reason === "pause_turn" && continued < MAX_CONTINUATIONS; continued++) {
        const searchesLeft = MAX_SEARCHES - content.filter((block) => block.type === "server_tool_use" && block.name === "web_search").length;
        if (searchesLeft <= 0) break;
        response = await create([question, { role: "assistant", content }], searchesLeft, signal);
        content.push(...response.content);
      }
      return readAnthropicResponse({ ...response, content }, settings.model);
    },
  };
}

export function readAnthropicResponse(response: unknown, askedModel: string): RawAnswer {
  const body = record(response);
  const parts: string[] = [];
  const cited: RawSource[] = [];
  const retrieved: RawSource[] = [];
  for (const block of records(body?.content)) {
    if (block.type === "text") {
      const value = text(block.text);
      if (value !== null) parts.push(value);
      for (const citation of records(block.citations)) {
        const url = text(citation.url);
        if (citation.type === "web_search_result_location" && url !== null) cited.push({ url, title: text(citation.title), kind: "cited", hostHint: null });
      }
    } else if (block.type === "web_search_tool_result") {
      // On a search error the content is one error object instead of a list of results.
      for (const result of records(block.content)) {
        const url = text(result.url);
        if (result.type === "web_search_result" && url !== null) retrieved.push({ url, title: text(result.title), kind: "retrieved", hostHint: null });
      }
    }
  }
  // Claude splits its answer into text blocks around citations; they read as one text.
  return { text: parts.join(""), sources: [...cited, ...retrieved], model: text(body?.model) ?? askedModel, reportedCostUsd: null };
}
