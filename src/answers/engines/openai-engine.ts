import OpenAI from "openai";
import type { AnswerEngine, RawAnswer, RawSource } from "../engine.ts";
import { engineIdentity, sdkClientOptions, type EngineSettings } from "./engine-settings.ts";
import { record, records, text } from "./shape.ts";

/**
 * OpenAI through its official SDK: the Responses API with the hosted `web_search` tool. Cited sources
 * are the `url_citation` annotations on the message's output_text; the search call's own sources
 * (include: web_search_call.action.sources) are kept as retrieved.
 * https://platform.openai.com/docs/guides/tools-web-search
 */
export function openAiEngine(settings: EngineSettings): AnswerEngine {
  const client = new OpenAI(sdkClientOptions(settings));
  return {
    ...engineIdentity("openai", settings),
    async ask(prompt, signal) {
      const response: unknown = await client.responses.create(
        { model: settings.model, input: prompt, tools: [{ type: "web_search" }], include: ["web_search_call.action.sources"] },
        { signal },
      );
      return readOpenAiResponse(response, settings.model);
    },
  };
}

export function readOpenAiResponse(response: unknown, askedModel: string): RawAnswer {
  const body = record(response);
  const parts: string[] = [];
  const cited: RawSource[] = [];
  const retrieved: RawSource[] = [];
  for (const item of records(body?.output)) {
    if (item.type === "message") {
      for (const content of records(item.content)) {
        if (content.type !== "output_text") continue;
        const value = text(content.text);
        if (value !== null) parts.push(value);
        for (const annotation of records(content.annotations)) {
          const url = text(annotation.url);
          if (annotation.type === "url_citation" && url !== null) cited.push({ url, title: text(annotation.title), kind: "cited", hostHint: null });
        }
      }
    } else if (item.type === "web_search_call") {
      for (const source of records(record(item.action)?.sources)) {
        const url = text(source.url);
        if (url !== null) retrieved.push({ url, title: null, kind: "retrieved", hostHint: null });
      }
    }
  }
  return { text: parts.join("\n\n"), sources: [...cited, ...retrieved], model: text(body?.model) ?? askedModel, reportedCostUsd: null };
}
