import type { Config } from "../config.ts";
import { boundedFetch } from "./bounded-fetch.ts";
import type { AnswerEngine, EngineName } from "./engine.ts";
import { anthropicEngine } from "./engines/anthropic-engine.ts";
import type { EngineSettings } from "./engines/engine-settings.ts";
import { geminiEngine } from "./engines/gemini-engine.ts";
import { openAiEngine } from "./engines/openai-engine.ts";
import { perplexityEngine } from "./engines/perplexity-engine.ts";

/** The engines whose key the operator set, in a fixed order; an engine without a key is off. */
export function configuredEngines(config: Config): AnswerEngine[] {
  const common = { timeoutMs: config.ANSWERS_TIMEOUT_MS, retries: config.ANSWERS_RETRIES, fetch: boundedFetch() };
  const engines: AnswerEngine[] = [];
  const settings = (apiKey: string, baseUrl: string, model: string, priceUsd: number): EngineSettings => ({ ...common, apiKey, baseUrl, model, priceUsd });
  if (config.OPENAI_API_KEY) engines.push(openAiEngine(settings(config.OPENAI_API_KEY, config.OPENAI_BASE_URL, config.OPENAI_MODEL, config.OPENAI_PRICE_USD)));
  if (config.ANTHROPIC_API_KEY) engines.push(anthropicEngine(settings(config.ANTHROPIC_API_KEY, config.ANTHROPIC_BASE_URL, config.ANTHROPIC_MODEL, config.ANTHROPIC_PRICE_USD)));
  if (config.GEMINI_API_KEY) engines.push(geminiEngine(settings(config.GEMINI_API_KEY, config.GEMINI_BASE_URL, config.GEMINI_MODEL, config.GEMINI_PRICE_USD)));
  if (config.PERPLEXITY_API_KEY) engines.push(perplexityEngine(settings(config.PERPLEXITY_API_KEY, config.PERPLEXITY_BASE_URL, config.PERPLEXITY_MODEL, config.PERPLEXITY_PRICE_USD)));
  return engines;
}

/** Every provider key set, to be scrubbed from whatever a provider's error says. */
export function providerSecrets(config: Config): string[] {
  return [config.OPENAI_API_KEY, config.ANTHROPIC_API_KEY, config.GEMINI_API_KEY, config.PERPLEXITY_API_KEY].filter((key): key is string => key !== undefined);
}

export const ENGINE_KEY_VARIABLES: Record<EngineName, string> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  gemini: "GEMINI_API_KEY",
  perplexity: "PERPLEXITY_API_KEY",
};
