import { describe, expect, test } from "bun:test";
import {
  BASE62_ALPHABET,
  checksumOf,
  crc32,
  generateApiKey,
  hashApiKey,
  parseApiKey,
  visibleStartOf,
} from "../../src/auth/api-keys.ts";

const KEY_SHAPE = /^aivis_[0-9A-Za-z]{36}$/;

/** Replaces the character at `index` with a different base62 character. */
function changeCharAt(key: string, index: number): string {
  const current = key[index]!;
  const replacement = BASE62_ALPHABET[(BASE62_ALPHABET.indexOf(current) + 1) % 62]!;
  return key.slice(0, index) + replacement + key.slice(index + 1);
}

describe("crc32", () => {
  test("matches the standard CRC-32 check value", () => {
    expect(crc32("123456789")).toBe(0xcbf43926);
  });

  test("is unsigned", () => {
    // 0xFFFFFFFF-range values must not come back negative.
    expect(crc32("The quick brown fox jumps over the lazy dog")).toBe(0x414fa339);
  });
});

describe("checksumOf", () => {
  test("is the CRC-32 in base62 (0-9A-Za-z), left-padded to six characters", () => {
    // Expected values computed independently with Python's zlib.crc32.
    expect(checksumOf("123456789")).toBe("3jZRME"); // 0xCBF43926
    expect(checksumOf("A".repeat(30))).toBe("0uCPlr"); // 830433819, padded
  });

  test("pads small values with zeros", () => {
    // crc32("") is 0.
    expect(checksumOf("")).toBe("000000");
  });
});

describe("generateApiKey", () => {
  test("has the documented shape and a valid checksum", () => {
    const key = generateApiKey("aivis");
    expect(key).toMatch(KEY_SHAPE);
    expect(key.slice(-6)).toBe(checksumOf(key.slice(6, 36)));
    expect(parseApiKey("aivis", key)).toEqual({ key, visibleStart: key.slice(0, 10) });
  });

  test("is different every time and uses the whole alphabet", () => {
    const keys = new Set<string>();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey("schema");
      keys.add(key);
      for (const char of key.slice("schema_".length, "schema_".length + 30)) seen.add(char);
    }
    expect(keys.size).toBe(200);
    // 6000 draws over 62 symbols: missing one by chance has probability ~ 62·e^-97.
    expect(seen.size).toBe(62);
  });
});

describe("parseApiKey", () => {
  const key = generateApiKey("aivis");

  test("refuses a key with any one character changed", () => {
    for (let index = "aivis_".length; index < key.length; index++) {
      expect(parseApiKey("aivis", changeCharAt(key, index))).toBeNull();
    }
  });

  test("refuses the wrong prefix, wrong length and foreign characters", () => {
    expect(parseApiKey("schema", key)).toBeNull();
    expect(parseApiKey("aivis", key.slice(0, -1))).toBeNull();
    expect(parseApiKey("aivis", `${key}0`)).toBeNull();
    expect(parseApiKey("aivis", `${key.slice(0, 10)}-${key.slice(11)}`)).toBeNull();
    expect(parseApiKey("aivis", key.replace("aivis_", "aivis-"))).toBeNull();
    expect(parseApiKey("aivis", "")).toBeNull();
  });
});

describe("visibleStartOf and hashApiKey", () => {
  test("the visible start is the prefix, underscore and four characters", () => {
    expect(visibleStartOf("aivis", "aivis_AbC1xyz")).toBe("aivis_AbC1");
  });

  test("the hash is the SHA-256 of the key", () => {
    const hash = hashApiKey("abc");
    expect(hash).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(hash).toString("hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
