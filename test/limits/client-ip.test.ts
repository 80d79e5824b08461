import { describe, expect, test } from "bun:test";
import { normalizeIp, resolveClientIp } from "../../src/limits/client-ip.ts";

describe("resolveClientIp", () => {
  test("TRUST_PROXY 0 uses the socket address and ignores X-Forwarded-For entirely", () => {
    expect(resolveClientIp("203.0.113.7", null, 0)).toBe("203.0.113.7");
    expect(resolveClientIp("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(resolveClientIp("203.0.113.7", "198.51.100.1, 192.0.2.9", 0)).toBe("203.0.113.7");
  });

  test("TRUST_PROXY 1 takes the rightmost entry, which the proxy appended", () => {
    // The client sent a spoofed "1.1.1.1"; the proxy appended the address it really saw.
    expect(resolveClientIp("10.0.0.2", "1.1.1.1, 198.51.100.20", 1)).toBe("198.51.100.20");
    expect(resolveClientIp("10.0.0.2", "198.51.100.20", 1)).toBe("198.51.100.20");
  });

  test("TRUST_PROXY 2 takes the second entry from the right", () => {
    expect(resolveClientIp("10.0.0.2", "1.1.1.1, 198.51.100.20, 10.0.0.1", 2)).toBe("198.51.100.20");
  });

  test("fewer entries than trusted proxies falls back to the leftmost entry", () => {
    expect(resolveClientIp("10.0.0.2", "198.51.100.20", 2)).toBe("198.51.100.20");
  });

  test("a missing or empty header falls back to the socket address", () => {
    expect(resolveClientIp("10.0.0.2", null, 1)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", " , ,", 1)).toBe("10.0.0.2");
  });

  test("a garbage chosen entry falls back to the socket address", () => {
    expect(resolveClientIp("10.0.0.2", "198.51.100.20, not-an-ip", 1)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "unknown", 1)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "127.1", 1)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "1.2.3.4.5", 1)).toBe("10.0.0.2");
  });

  test("garbage further left than the trusted hops does not matter", () => {
    expect(resolveClientIp("10.0.0.2", "<script>, 198.51.100.20", 1)).toBe("198.51.100.20");
  });

  test("ports and brackets are stripped, IPv6 is canonicalised", () => {
    expect(resolveClientIp("10.0.0.2", "[2001:DB8:0::1]:443", 1)).toBe("2001:db8::1");
    expect(resolveClientIp("10.0.0.2", "198.51.100.20:51234", 1)).toBe("198.51.100.20");
    expect(resolveClientIp("[2001:db8::5]:8080", null, 0)).toBe("2001:db8::5");
    expect(resolveClientIp("2001:0db8:0000:0000:0000:0000:0000:0005", null, 0)).toBe("2001:db8::5");
  });

  test("IPv4-mapped IPv6 becomes IPv4", () => {
    expect(resolveClientIp("::ffff:192.0.2.44", null, 0)).toBe("192.0.2.44");
    expect(resolveClientIp("10.0.0.2", "::ffff:198.51.100.20", 1)).toBe("198.51.100.20");
  });

  test("no socket address gives 'unknown'", () => {
    expect(resolveClientIp(null, null, 0)).toBe("unknown");
    expect(resolveClientIp(null, "198.51.100.20", 0)).toBe("unknown");
    expect(resolveClientIp(null, "garbage", 1)).toBe("unknown");
    expect(resolveClientIp(null, "198.51.100.20", 1)).toBe("198.51.100.20");
  });
});

describe("normalizeIp", () => {
  test("rejects what is not an address", () => {
    expect(normalizeIp("")).toBeNull();
    expect(normalizeIp("example.com")).toBeNull();
    expect(normalizeIp("[1.2.3.4")).toBeNull();
    expect(normalizeIp("0x7f.0.0.1")).toBeNull();
  });
});
