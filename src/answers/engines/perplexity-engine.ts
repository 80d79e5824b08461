import Perplexity from "@perplexity-ai/perplexity_ai";
import { ProviderAnswerError, type AnswerEngine, type RawAnswer, type RawSource } from "../engine.ts";
import { engineIdentity, sdkClientOptions, type EngineSettings } from "./engine-settings.ts";
import { finiteNumber, record, records, text } from "./shape.ts";

/**
 * Perplexity through its official SDK (@perplexity-ai/perplexity_ai): the Agent API (`responses.create`)
 * with its `web_search` tool and the Sonar model. Perplexity retired Sonar chat completions on
 * 27 September 2026 and moved Sonar to the Agent API
 * (https://docs.perplexity.ai/docs/agent-api/migrate-from-sonar/overview), whose answer carries the
 * sources as `search_results` output items and the citations as `url_citation` annotations and
 * [n] markers that number the search results. Perplexity reports each call's cost; it is recorded.
 */
export function perplexityEngine(settings: EngineSettings): AnswerEngine {
  const client = new Perplexity(sdkClientOptions(settings));
  return {
    ...engineIdentity("perplexity", settings),
    async ask(prompt, signal) {
      const response: unknown = await client.responses.create({ model: settings.model, input: prompt, tools: [{ type: "web_search" }] }, { signal });
      return readPerplexityResponse(response, settings.model);
    },
  };
}

export function readPerplexityResponse(response: unknown, askedModel: string): RawAnswer {
  const body = record(response);
  if (body?.status === "failed") throw new ProviderAnswerError(`the response failed: ${text(record(body.error)?.message) ?? "no reason given"}`);
  const parts: string[] = [];
  const annotated: RawSource[] = [];
  const results: { id: number | null; source: RawSource }[] = [];
  for (const item of records(body?.output)) {
    if (item.type === "message") {
      for (const content of records(item.content)) {
        const value = text(content.text);
        if (value !== null) parts.push(value);
        for (const annotation of records(content.annotations)) {
          const url = text(annotation.url);
          if (annotation.type === "url_citation" && url !== null) annotated.push({ url, title: text(annotation.title), kind: "cited", hostHint: null });
        }
      }
    } else if (item.type === "search_results") {
      for (const result of records(item.results)) {
        const url = text(result.url);
        if (url !== null) results.push({ id: Number.isInteger(result.id) ? (result.id as number) : null, source: { url, title: text(result.title), kind: "retrieved", hostHint: null } });
      }
    }
  }
  const answer = parts.join("\n\n");
  const markers = new Set([...answer.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
  // Markers number the search results by their id; a response without ids numbers them in order from 1.
  const byId = results.some((result) => result.id !== null && markers.has(result.id));
  const markedCited = results.filter((result, index) => markers.has(byId ? (result.id ?? -1) : index + 1)).map((result) => ({ ...result.source, kind: "cited" as const }));
  const citedUrls = new Set([...annotated, ...markedCited].map((source) => source.url));
  const retrieved = results.map((result) => result.source).filter((source) => !citedUrls.has(source.url));
  return {
    text: answer,
    sources: [...annotated, ...markedCited, ...retrieved],
    model: text(body?.model) ?? askedModel,
    reportedCostUsd: finiteNumber(record(record(body?.usage)?.cost)?.total_cost),
  };
}
