import type { FetchFunction } from "../bounded-fetch.ts";

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
