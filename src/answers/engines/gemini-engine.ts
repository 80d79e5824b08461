import { GoogleGenAI } from "@google/genai";
import type { AnswerEngine, RawAnswer, RawSource } from "../engine.ts";
import { engineIdentity, type EngineSettings } from "./engine-settings.ts";
import { integers, record, records, text } from "./shape.ts";

/**
 * Google through its official SDK (@google/genai): Gemini with Grounding with Google Search. Sources are
 * `groundingMetadata.groundingChunks`; a chunk that a `groundingSupports` entry points at is cited, the
 * others retrieved (all are cited when the answer has no supports). The Gemini API gives each chunk's `web.uri` as a vertexaisearch.cloud.google.com
 * redirect and the source's domain as `web.title`; the domain is read from there and the redirect is
 * never followed (it would cost a request per source and tell Google who looked).
 * https://ai.google.dev/gemini-api/docs/google-search
 */
export function geminiEngine(settings: EngineSettings): AnswerEngine {
  const client = new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: {
      baseUrl: settings.baseUrl,
      timeout: settings.timeoutMs,
      // Without retryOptions the SDK does not retry; attempts counts the first one.
      retryOptions: { attempts: settings.retries + 1 },
      fetch: settings.fetch,
    },
  });
  return {
    ...engineIdentity("gemini", settings),
    async ask(prompt, signal) {
      const response: unknown = await client.models.generateContent({
        model: settings.model,
        contents: prompt,
        config: { tools: [{ googleSearch: {} }], abortSignal: signal },
      });
      return readGeminiResponse(response, settings.model);
    },
  };
}

export function readGeminiResponse(response: unknown, askedModel: string): RawAnswer {
  const body = record(response);
  const candidate = records(body?.candidates)[0];
  const parts = records(record(candidate?.content)?.parts)
    .filter((part) => part.thought !== true)
    .map((part) => text(part.text))
    .filter((value): value is string => value !== null);
  const metadata = record(candidate?.groundingMetadata);
  const chunks = records(metadata?.groundingChunks);
  const supports = records(metadata?.groundingSupports);
  const supported = new Set(supports.flatMap((support) => integers(support.groundingChunkIndices)));
  // Without any supports there is nothing to tell cited from retrieved: the chunks are the answer's sources.
  const isCited = (index: number) => supports.length === 0 || supported.has(index);
  const cited: RawSource[] = [];
  const retrieved: RawSource[] = [];
  chunks.forEach((chunk, index) => {
    const web = record(chunk.web);
    const url = text(web?.uri);
    if (url === null) return;
    const title = text(web?.title);
    const source: RawSource = { url, title, kind: isCited(index) ? "cited" : "retrieved", hostHint: text(web?.domain) ?? (isGroundingRedirect(url) ? title : null) };
    (source.kind === "cited" ? cited : retrieved).push(source);
  });
  return { text: parts.join(""), sources: [...cited, ...retrieved], model: text(body?.modelVersion) ?? askedModel, reportedCostUsd: null };
}

/** The Gemini API's grounding links: https://vertexaisearch.cloud.google.com/grounding-api-redirect/… */
export function isGroundingRedirect(url: string): boolean {
  try {
    return new URL(url).hostname === "vertexaisearch.cloud.google.com";
  } catch {
    return false;
  }
}
