/** Refusals are labelled by the bucket's name only: never the address, domain or key id it counts. */
import { expect, test } from "bun:test";
import { bucketNameOf } from "../../src/metrics/rate-limit-metrics.ts";

test.each([
  ["ip:203.0.113.9", "ip"],
  ["ip:2001:db8::/64", "ip"],
  ["domain:example.com", "domain"],
  ["key:42", "key"],
  ["signup-ip:203.0.113.9", "signup-ip"],
  ["login-ip:::1", "login-ip"],
  ["login-user:0123456789abcdef", "login-user"],
  ["login-admin:0123456789abcdef", "login-admin"],
])("%s is counted as %s", (bucketKey, name) => {
  expect(bucketNameOf(bucketKey)).toBe(name);
});

test.each(["203.0.113.9", "", "IP:1.2.3.4", "2001:db8::1", `${"a".repeat(40)}:x`])("a key without a known name shape (%s) is 'other'", (bucketKey) => {
  expect(bucketNameOf(bucketKey)).toBe("other");
});
