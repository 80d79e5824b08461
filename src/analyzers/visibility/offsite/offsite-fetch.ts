import { VERSION } from "../../../version.ts";

/**
 * Off-site look-ups go to public APIs (Wikidata, Wikipedia, Common Crawl) whose base URLs the operator
 * configures, not to the scanned site: they are trusted configuration, like SCAN_CONNECT_TO, and tests
 * point them at loopback fakes, which the SafeFetcher would rightly refuse. So they use a plain fetch
 * with their own timeout, a descriptive User-Agent (Wikimedia asks for one) and a byte cap.
 */

/** Used when the operator's own User-Agent (naming PUBLIC_URL) is not passed in. */
export const OFFSITE_USER_AGENT = `sightline/${VERSION} (AI visibility scanner; off-site presence check)`;
export const OFFSITE_TIMEOUT_MS = 8000;
export const OFFSITE_MAX_BYTES = 1024 * 1024;

export interface OffsiteFetchOptions {
  timeoutMs?: number;
  /** The scan's deadline. */
  signal?: AbortSignal;
  userAgent?: string;
}

export interface OffsiteResponse {
  status: number;
  text: string;
}

/** Why a look-up gave no usable answer, in words for the check's detail. */
export class OffsiteError extends Error {
  override name = "OffsiteError";
}

export async function offsiteFetch(url: string, options: OffsiteFetchOptions = {}, accept = "application/json"): Promise<OffsiteResponse> {
  const timeoutMs = options.timeoutMs ?? OFFSITE_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, { signal, headers: { "user-agent": options.userAgent ?? OFFSITE_USER_AGENT, accept }, redirect: "follow" });
    return { status: response.status, text: await readCapped(response, OFFSITE_MAX_BYTES) };
  } catch (error) {
    if (timeout.aborted) throw new OffsiteError(`${new URL(url).host} did not answer within ${timeoutMs / 1000} s`);
    if (options.signal?.aborted) throw new OffsiteError("the scan ran out of time");
    if (error instanceof OffsiteError) throw error;
    throw new OffsiteError(`${new URL(url).host} could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new OffsiteError(`the answer from ${new URL(response.url || "http://service").host} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Parses JSON or says, in words, that the answer was not what the API returns. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new OffsiteError(`${what} answered with something that is not JSON`);
  }
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
