import type { FetchFunction } from "../bounded-fetch.ts";
import { ENGINE_APIS, type EngineName } from "../engine.ts";

/** What every engine is built from: the operator's key and settings for its provider, from the configuration. */
export interface EngineSettings {
  apiKey: string;
  baseUrl: string;
  model: string;
  priceUsd: number;
  /** Per attempt; the caller's signal bounds the whole call, retries included. */
  timeoutMs: number;
  retries: number;
  fetch: FetchFunction;
}

/**
 * The client options of the OpenAI, Anthropic and Perplexity SDKs, which share their names (all three are
 * generated the same way): the key, the base URL, a timeout per attempt, retries, the bounded fetch, and
 * the SDK's own logging off, so that no request (and no key) reaches a log.
 */
export function sdkClientOptions(settings: EngineSettings) {
  return { apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: settings.timeoutMs, maxRetries: settings.retries, fetch: settings.fetch, logLevel: "off" as const };
}

/** What an engine says of itself, beside its `ask`. */
export function engineIdentity(name: EngineName, settings: EngineSettings): { name: EngineName; api: string; model: string; priceUsd: number } {
  return { name, api: ENGINE_APIS[name], model: settings.model, priceUsd: settings.priceUsd };
}
