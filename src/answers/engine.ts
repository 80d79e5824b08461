/**
 * An answer engine: one provider's API with web search, asked one prompt at a time. Each engine file
 * turns its provider's response into the same RawAnswer; everything after that (domains, brand
 * mentions, positions, statistics) is provider-blind.
 */

export const ENGINE_NAMES = ["openai", "anthropic", "gemini", "perplexity"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Which API each engine asks, for people (pages, CLI, docs): API answers can differ from the apps'. */
export const ENGINE_APIS: Record<EngineName, string> = {
  openai: "OpenAI Responses API with the web_search tool",
  anthropic: "Anthropic Messages API with the web_search tool",
  gemini: "Gemini API (generateContent) with Grounding with Google Search",
  perplexity: "Perplexity Agent API (Sonar) with the web_search tool",
};

/**
 * One source of an answer. `cited`: the answer attributes text to it (an inline citation, annotation or
 * grounding support); `retrieved`: the engine's search returned it but the answer does not cite it.
 */
export interface RawSource {
  url: string;
  title: string | null;
  kind: "cited" | "retrieved";
  /**
   * The host the source stands for when the URL is the provider's redirect (Gemini's
   * vertexaisearch.cloud.google.com links name their source's domain in the title); null otherwise.
   */
  hostHint: string | null;
}

export interface RawAnswer {
  text: string;
  sources: RawSource[];
  /** The model the provider says answered (it may name a dated snapshot of the one asked for). */
  model: string;
  /** What the provider reported the call cost, in US dollars, when it reports it (Perplexity does). */
  reportedCostUsd: number | null;
}

export interface AnswerEngine {
  name: EngineName;
  /** The API asked, for people: "OpenAI Responses API with the web_search tool". */
  api: string;
  model: string;
  /** The configured price of one call, in US dollars: what budgets reserve before a call. */
  priceUsd: number;
  ask(prompt: string, signal: AbortSignal): Promise<RawAnswer>;
}

/** The provider answered, but with an answer that says it failed (an error status inside a 200). */
export class ProviderAnswerError extends Error {
  override name = "ProviderAnswerError";
}
