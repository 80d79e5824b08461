import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

/**
 * Sends one alert to a watch's webhook: the JSON body signed with HMAC-SHA256 under the watch's secret
 * (header `X-Sightline-Signature: sha256=<hex>`, as GitHub's webhooks do, so receivers verify it with the
 * code they already have), retried with exponential backoff on network errors, timeouts, 408, 429 and
 * 5xx; other answers end the delivery. Every attempt is logged for the delivery log. The caller hands in
 * the fetch to use: the safe fetcher, since the URL is the user's (no private addresses).
 */
export const SIGNATURE_HEADER = "x-sightline-signature";
export const WEBHOOK_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 2_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface DeliveryAttempt {
  attempt: number;
  at: number;
  /** The receiver's HTTP status, or null when no answer came. */
  status: number | null;
  error: string | null;
}

export interface Delivery {
  delivered: boolean;
  attempts: DeliveryAttempt[];
}

export interface DeliveryOptions {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  attempts?: number;
  firstBackoffMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function signatureOf(body: string, secret: string): string {
  const encoder = new TextEncoder();
  return `sha256=${encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(body)))}`;
}

export async function deliverWebhook(url: string, payload: unknown, secret: string, options: DeliveryOptions): Promise<Delivery> {
  const body = JSON.stringify(payload);
  const headers = { "content-type": "application/json", [SIGNATURE_HEADER]: signatureOf(body, secret), "user-agent": "sightline-alerts" };
  const attempts: DeliveryAttempt[] = [];
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const total = options.attempts ?? WEBHOOK_ATTEMPTS;
  for (let attempt = 1; attempt <= total; attempt++) {
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await options.fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? caught.message.slice(0, 200) : "failed";
    }
    attempts.push({ attempt, at: now(), status, error });
    if (status !== null && status >= 200 && status < 300) return { delivered: true, attempts };
    const retryable = status === null || status === 408 || status === 429 || status >= 500;
    if (!retryable || attempt === total) break;
    await sleep((options.firstBackoffMs ?? FIRST_BACKOFF_MS) * 2 ** (attempt - 1));
  }
  return { delivered: false, attempts };
}
