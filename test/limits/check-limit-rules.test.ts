import { describe, expect, test } from "bun:test";
import { checkLimitRules } from "../../src/limits/check-limit-rules.ts";

const LIMITS = { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 };

describe("checkLimitRules", () => {
  test("anonymous, browser and pipeline callers count per address, with the fresh-scan quota, apart from scans", () => {
    for (const kind of ["challenge", "pipeline"] as const) {
      expect(checkLimitRules({ kind }, "192.0.2.7", LIMITS)).toEqual([{ name: "ip", bucket: "check-ip:192.0.2.7", limit: 8, windowSeconds: 3600 }]);
    }
  });

  test("an IPv6 client counts by its /64, an IPv4-mapped one as IPv4", () => {
    expect(checkLimitRules({ kind: "challenge" }, "2001:db8:1:2:3:4:5:6", LIMITS)[0]!.bucket).toBe("check-ip:2001:db8:1:2::/64");
    expect(checkLimitRules({ kind: "challenge" }, "::ffff:192.0.2.9", LIMITS)[0]!.bucket).toBe("check-ip:192.0.2.9");
  });

  test("a customer key has its own bucket with the key quota, and there is no domain bucket", () => {
    expect(checkLimitRules({ kind: "key", keyId: 42 }, "192.0.2.7", LIMITS)).toEqual([{ name: "key", bucket: "check-key:42", limit: 60, windowSeconds: 3600 }]);
  });
});
