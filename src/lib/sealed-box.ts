import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM with a fresh 96-bit nonce per message (NIST SP 800-38D): iv ‖ ciphertext ‖ tag. The tag
 * makes a tampered or foreign box fail to open instead of yielding garbage.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Uint8Array, plaintext: string): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]));
}

/** The plaintext, or null when the box does not open with this key (tampered, or sealed under another key). */
export function open(key: Uint8Array, sealed: Uint8Array): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  const bytes = Buffer.from(sealed);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
