import { sha256 } from "@oslojs/crypto/sha2";

/**
 * The API key format: `<prefix>_<30 random base62 characters><6-character checksum>`.
 *
 * The checksum is the CRC-32 of the 30 random characters written in base62, so a mistyped or
 * truncated key is refused without a database look-up, and secret scanners can recognise a real
 * key by shape. 30 base62 characters carry about 178 bits of randomness.
 */

export const BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_RANDOM_LENGTH = 30;
export const KEY_CHECKSUM_LENGTH = 6;
/** How many characters of the random part may be shown after creation. */
const VISIBLE_BODY_LENGTH = 4;

const BASE62_BODY = new RegExp(`^[0-9A-Za-z]{${KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH}}$`);

export interface ParsedApiKey {
  /** The whole key, as given. */
  key: string;
  visibleStart: string;
}

export function generateApiKey(prefix: string): string {
  const random = randomBase62(KEY_RANDOM_LENGTH);
  return `${prefix}_${random}${checksumOf(random)}`;
}

/** Checks the shape and checksum of `token`; no database involved. Null when it cannot be a key. */
export function parseApiKey(prefix: string, token: string): ParsedApiKey | null {
  const start = `${prefix}_`;
  if (!token.startsWith(start)) return null;
  const body = token.slice(start.length);
  if (!BASE62_BODY.test(body)) return null;
  const random = body.slice(0, KEY_RANDOM_LENGTH);
  if (body.slice(KEY_RANDOM_LENGTH) !== checksumOf(random)) return null;
  return { key: token, visibleStart: visibleStartOf(prefix, token) };
}

/** The stored form of a key: its SHA-256. Keys are random enough that no salt or slow hash is needed. */
export function hashApiKey(key: string): Uint8Array {
  return sha256(new TextEncoder().encode(key));
}

/** The part of a key that may be shown again, e.g. `aivis_AbC1`. */
export function visibleStartOf(prefix: string, key: string): string {
  return key.slice(0, prefix.length + 1 + VISIBLE_BODY_LENGTH);
}

/** Standard CRC-32 (IEEE 802.3), as zlib and PNG compute it. */
export function crc32(text: string): number {
  return Bun.hash.crc32(text) >>> 0;
}

export function checksumOf(random: string): string {
  return toBase62(crc32(random)).padStart(KEY_CHECKSUM_LENGTH, "0");
}

function toBase62(value: number): string {
  let digits = "";
  do {
    digits = BASE62_ALPHABET[value % 62] + digits;
    value = Math.floor(value / 62);
  } while (value > 0);
  return digits;
}

/** Uniform base62 from a CSPRNG: bytes at or above 248 (= 4 × 62) are dropped so that `% 62` has no bias. */
function randomBase62(length: number): string {
  let out = "";
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= 248) continue;
      out += BASE62_ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
