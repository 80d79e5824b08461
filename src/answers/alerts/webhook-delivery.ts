import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { SafeFetcher } from "../../net/fetch-types.ts";
import type { AttemptOutcome } from "./delivery-policy.ts";

/**
 * One attempt at a watch's webhook: the JSON body signed with HMAC-SHA256 under the watch's secret
 * (header `X-Sightline-Signature: sha256=<hex>`, as GitHub's webhooks do, so receivers verify it with
 * the code they already have), sent through the safe fetcher: the URL is the user's, so private
 * addresses are refused, redirects are not followed, the answer is read to 4 KiB at most and the
 * attempt ends by its deadline. `X-Sightline-Delivery` names the delivery, the same on every retry,
 * so that a receiver can drop a repeat.
 */
export const SIGNATURE_HEADER = "x-sightline-signature";
export const DELIVERY_HEADER = "x-sightline-delivery";
const ATTEMPT_TIMEOUT_MS = 10_000;
const RESPONSE_MAX_BYTES = 4096;

export function signatureOf(body: string, secret: string): string {
  const encoder = new TextEncoder();
  return `sha256=${encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(body)))}`;
}

export async function attemptWebhook(fetcher: SafeFetcher, url: string, body: string, secret: string, deliveryId: number): Promise<AttemptOutcome> {
  try {
    const response = await fetcher.fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureOf(body, secret), [DELIVERY_HEADER]: String(deliveryId) },
      userAgent: "sightline-alerts",
      followRedirects: false,
      maxBytes: RESPONSE_MAX_BYTES,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
    });
    const status = response.status;
    if (status >= 200 && status < 300) return { status, error: null, retry: false, delivered: true };
    // Stripe's and GitHub's receivers answer 408, 429 and 5xx for "later"; anything else will not change by retrying.
    const retry = status === 408 || status === 429 || status >= 500;
    return { status, error: status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`, retry, delivered: false };
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : "failed";
    // A refused address will not become public by waiting.
    const refused = (caught as { code?: unknown }).code === "blocked-address" || (caught as { code?: unknown }).code === "invalid-url";
    return { status: null, error: message.slice(0, 300), retry: !refused, delivered: false };
  }
}
