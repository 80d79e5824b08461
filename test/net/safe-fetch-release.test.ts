import { afterAll, beforeAll, expect, test } from "bun:test";
import { byteBudget } from "../../src/net/byte-budget.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite } from "../helpers/fixture-server.ts";

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({ "/page": "x".repeat(40_000) });
});
afterAll(async () => {
  await site.stop();
});

test("a body its reader lets go of is given back to the scan's byte budget once, however often it is released", async () => {
  const budget = byteBudget(100_000);
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo("release.test")]), timeoutMs: 3_000, maxBytes: 1_000_000, userAgent: "sightline-test", budget });
  const first = await fetcher.fetch("http://release.test/page");
  const second = await fetcher.fetch("http://release.test/page");
  expect(budget.usedBytes).toBe(80_000);
  fetcher.release?.(first);
  fetcher.release?.(first);
  expect(budget.usedBytes).toBe(40_000);
  // What was given back can be read again: a crawl that drops each page reads past what one scan may hold.
  const third = await fetcher.fetch("http://release.test/page");
  expect(third.truncated).toBe(false);
  fetcher.release?.(second);
  fetcher.release?.(third);
  expect(budget.usedBytes).toBe(0);
});
