import { FetchError } from "../../../net/fetch-types.ts";
import type { GatherError } from "./artifacts.ts";

/**
 * Turns whatever a fetch rejected with into a stored error. The fetcher only rejects with FetchError,
 * but gatherers must never throw, so anything else is kept as "internal" rather than lost.
 */
export function gatherErrorFrom(error: unknown, url: string): GatherError {
  if (error instanceof FetchError) return { code: error.code, message: error.message, url };
  return { code: "internal", message: error instanceof Error ? error.message : String(error), url };
}
