import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { open, seal } from "../../lib/sealed-box.ts";

/**
 * A watch's webhook signing secret: 256 random bits, shown to its owner once when made, stored only
 * sealed under the server's sealing key (auth/sealing-key.ts) and opened to sign each delivery.
 */
export function newWebhookSecret(): string {
  return `whsec_${encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))}`;
}

export function sealWebhookSecret(key: Uint8Array, secret: string): Uint8Array {
  return seal(key, secret);
}

/** The secret, or null when it does not open (the sealing key changed: the owner sets the webhook again). */
export function openWebhookSecret(key: Uint8Array, sealed: Uint8Array): string | null {
  return open(key, sealed);
}
