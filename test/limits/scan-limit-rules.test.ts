import { describe, expect, test } from "bun:test";
import { scanLimitRules } from "../../src/limits/scan-limit-rules.ts";

const limits = { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 };

describe("scanLimitRules", () => {
  test("challenge and pipeline callers count per IP and per domain", () => {
    for (const kind of ["challenge", "pipeline"] as const) {
      expect(scanLimitRules({ kind }, "192.0.2.1", "example.com", limits)).toEqual([
        { name: "ip", bucket: "ip:192.0.2.1", limit: 8, windowSeconds: 3600 },
        { name: "domain", bucket: "domain:example.com", limit: 3, windowSeconds: 3600 },
      ]);
    }
  });

  test("key callers count per key instead of per IP, and per domain", () => {
    expect(scanLimitRules({ kind: "key", keyId: 42 }, "192.0.2.1", "example.com", limits)).toEqual([
      { name: "key", bucket: "key:42", limit: 60, windowSeconds: 3600 },
      { name: "domain", bucket: "domain:example.com", limit: 3, windowSeconds: 3600 },
    ]);
  });

  test("an IPv6 client is bucketed by its /64", () => {
    const a = scanLimitRules({ kind: "challenge" }, "2001:db8:1:2:aaaa::1", "example.com", limits)[0]!;
    const b = scanLimitRules({ kind: "challenge" }, "2001:db8:1:2:ffff:ffff:ffff:ffff", "example.com", limits)[0]!;
    const other = scanLimitRules({ kind: "challenge" }, "2001:db8:1:3::1", "example.com", limits)[0]!;
    expect(a.bucket).toBe("ip:2001:db8:1:2::/64");
    expect(b.bucket).toBe(a.bucket);
    expect(other.bucket).toBe("ip:2001:db8:1:3::/64");
  });

  test("IPv4-mapped IPv6 is bucketed as the IPv4 address", () => {
    expect(scanLimitRules({ kind: "challenge" }, "::ffff:192.0.2.1", "example.com", limits)[0]!.bucket).toBe("ip:192.0.2.1");
  });

  test("an unknown client shares one bucket", () => {
    expect(scanLimitRules({ kind: "challenge" }, "unknown", "example.com", limits)[0]!.bucket).toBe("ip:unknown");
  });
});
