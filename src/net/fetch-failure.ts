import { FetchError } from "./fetch-types.ts";
import type { RequestDeadline } from "./request-deadline.ts";

/** What was being done when Bun's fetch failed, for a message that names the site and the stage. */
export interface FailureContext {
  url: string;
  host: string;
  /** Where we connected: address:port. */
  target: string;
  /**
   * Whether the message may name `target`. A public address is public knowledge and helps the site's
   * owner; a SCAN_CONNECT_TO address is the operator's internal network, and messages end up in public
   * failed records, so it stays out.
   */
  showTarget: boolean;
  timeoutMs: number;
  stage: "request" | "body";
}

// Certificate and handshake failures, by the OpenSSL / Node error codes Bun reports.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;
const TLS_MESSAGE = /certificate|tls|ssl|handshake/i;

/** Turns whatever Bun's fetch threw into the FetchError the SafeFetcher contract promises. */
export function toFetchError(error: unknown, deadline: RequestDeadline, context: FailureContext): FetchError {
  if (error instanceof FetchError) return error;
  if (deadline.firedBy === "timeout") {
    const what = context.stage === "body" ? "finish sending its response" : "answer";
    return new FetchError("timeout", `${context.host} did not ${what} within ${context.timeoutMs} ms.`, context.url);
  }
  if (deadline.firedBy === "aborted") {
    return new FetchError("aborted", `The scan stopped before ${context.host} finished answering.`, context.url);
  }
  const code = errorCode(error);
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  if ((code && TLS_CODE.test(code)) || (!code && TLS_MESSAGE.test(detail))) {
    return new FetchError("tls", `The TLS connection to ${context.host} failed (${detail}).`, context.url);
  }
  if (context.stage === "body") {
    return new FetchError("connect", `The connection to ${context.host}${where(context)} broke while reading the response body (${detail}).`, context.url);
  }
  return new FetchError("connect", `Could not connect to ${context.host}${where(context)}: ${detail}.`, context.url);
}

function where(context: FailureContext): string {
  return context.showTarget ? ` (${context.target})` : "";
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code !== "" ? code : undefined;
}
