import { expect, test } from "bun:test";
import { rateLimitHeaders } from "../../src/limits/rate-limit-headers.ts";

test("headers list every bucket as IETF structured fields", () => {
  const headers = rateLimitHeaders([
    { name: "ip", limit: 8, windowSeconds: 3600, remaining: 5, resetSeconds: 1200 },
    { name: "domain", limit: 3, windowSeconds: 3600, remaining: 1, resetSeconds: 3599 },
  ]);
  expect(headers).toEqual({
    "ratelimit-policy": '"ip";q=8;w=3600, "domain";q=3;w=3600',
    ratelimit: '"ip";r=5;t=1200, "domain";r=1;t=3599',
  });
});

test("no buckets, no headers", () => {
  expect(rateLimitHeaders([])).toEqual({});
});
