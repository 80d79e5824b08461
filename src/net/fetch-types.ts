/**
 * The contract of the safe fetcher: the only way scan code reaches the network.
 * Implemented in safe-fetch.ts; analyzers depend on this interface only, so tests can hand them a fake.
 */

export type FetchErrorCode =
  | "invalid-url" // not http(s), user info, unparsable
  | "blocked-address" // resolves to (or is) a non-public address
  | "dns" // the name does not resolve
  | "connect" // refused, reset, unreachable
  | "tls" // certificate or handshake failure
  | "timeout" // FETCH_TIMEOUT_MS (or the caller's signal) ran out
  | "too-many-redirects" // more than the redirect limit, or a loop
  | "aborted"; // the scan's own signal fired (SCAN_TIMEOUT_MS)

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

export interface FetchOptions {
  method?: "GET" | "HEAD" | "POST";
  /** A POST's body (alert webhooks); a redirect is then not followed with it: pass followRedirects false. */
  body?: string;
  /** Replaces the scanner's own User-Agent, e.g. to probe as an AI crawler. */
  userAgent?: string;
  headers?: Record<string, string>;
  /**
   * Headers made for each hop from the URL it goes to, set over `headers`: a Web Bot Auth signature covers
   * the request's `@authority` (RFC 9421 section 2.2.3), so a redirect to another host must be signed anew.
   */
  hopHeaders?: (url: string) => Promise<Record<string, string>>;
  /** Follow redirects (each hop re-validated). Default true; false returns the 3xx itself. */
  followRedirects?: boolean;
  /** Lower than the fetcher's FETCH_MAX_BYTES for small documents such as robots.txt. */
  maxBytes?: number;
  timeoutMs?: number;
  /** The scan's own deadline; aborting it aborts the request. */
  signal?: AbortSignal;
}

export interface FetchResult {
  /** The URL asked for. */
  url: string;
  /** The URL of the final response after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-cased header names; repeated headers joined with ", " (set-cookie excepted, it is dropped). */
  headers: Record<string, string>;
  /** The decompressed body, at most maxBytes of it. */
  body: Uint8Array;
  /** True when the body was cut at maxBytes. */
  truncated: boolean;
  /** True when the cut came from the scan's byte budget (what the scan had left across all its bodies), not maxBytes. */
  overBudget?: boolean;
  /** Each hop followed, in order: the URL redirected from and its status. */
  redirects: { url: string; status: number }[];
  /** Milliseconds from sending the request of the final hop to its response headers, and to the end of the body. */
  timing: { ttfbMs: number; totalMs: number };
  /** The address actually connected to for the final hop (after SCAN_CONNECT_TO). */
  remoteAddress: string;
}

export interface SafeFetcher {
  /** Resolves with the response (any status), or rejects with a FetchError. Never rejects otherwise. */
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /**
   * Optional: the caller has read what it keeps of this response and let go of its body, so the body's
   * bytes stop counting against the scan's byte budget (which bounds what a scan holds). Callers that
   * release bound their reading in total themselves (the site crawl's byte budget).
   */
  release?(result: FetchResult): void;
}

/**
 * Decodes a body as text, honouring a charset in Content-Type when present, UTF-8 otherwise, without
 * NUL characters. Nothing a scan reads as text carries any: HTML's tree builder ignores U+0000 in a
 * page's text (HTML Standard, "in body" insertion mode: "A character token that is U+0000 NULL: Parse
 * error. Ignore the token."), and XML (sitemaps) does not allow it at all. A body of zeros, the usual
 * decompression bomb, would otherwise be kept whole, and stored as JSON it grows sixfold ("\u0000").
 */
export function bodyText(result: Pick<FetchResult, "body" | "headers">): string {
  const text = decodedText(result);
  // A regular expression over runs, not replaceAll: a megabyte of NULs took replaceAll about 90 ms and this 1 ms.
  return text.includes("\u0000") ? text.replace(NUL_RUNS, "") : text;
}

const NUL_RUNS = /\u0000+/g;

function decodedText(result: Pick<FetchResult, "body" | "headers">): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(result.headers["content-type"] ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(result.body);
  } catch {
    return new TextDecoder("utf-8").decode(result.body);
  }
}
