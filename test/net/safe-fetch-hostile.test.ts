/** The safe fetcher against sites built to exhaust it: headers by the megabyte, bodies that drip, a budget shared by a scan's fetches. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { byteBudget } from "../../src/net/byte-budget.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { FetchError } from "../../src/net/fetch-types.ts";
import { BROTLI_DECODERS_PER_FETCHER, createSafeFetcher, MAX_HEADER_BYTES } from "../../src/net/safe-fetch.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { brotliBomb, hugeHeaders, slowDripBody } from "../helpers/hostile-fixtures.ts";

const MiB = 1024 * 1024;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ "/headers": hugeHeaders(400_000), "/drip": slowDripBody(400), "/brotli": brotliBomb(64 * MiB), "/page": "<html>" + "a".repeat(300_000) + "</html>" });
});
afterAll(() => site.stop());

function fetcher(options: { budgetBytes?: number; timeoutMs?: number } = {}) {
  return createSafeFetcher({
    connectTo: parseConnectTo([site.connectTo("hostile.test", 80)]),
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: 4 * MiB,
    userAgent: "sightline-test/1",
    ...(options.budgetBytes ? { budget: byteBudget(options.budgetBytes) } : {}),
  });
}

test("headers past MAX_HEADER_BYTES are dropped, so no artifact holds a megabyte of them", async () => {
  const result = await fetcher().fetch("http://hostile.test/headers");
  expect(result.status).toBe(200);
  const kept = Object.entries(result.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  expect(kept).toBeLessThanOrEqual(MAX_HEADER_BYTES);
  expect(result.headers["content-type"]).toBe("text/html");
});

test("a body that drips a byte every 400 ms ends when the scan's signal fires, not at the fetch timeout", async () => {
  const error = await fetcher({ timeoutMs: 60_000 })
    .fetch("http://hostile.test/drip", { signal: AbortSignal.timeout(1000) })
    .then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(FetchError);
  expect((error as FetchError).code).toBe("aborted");
});

test("a brotli bomb and the pages after it share one scan budget", async () => {
  const scan = fetcher({ budgetBytes: 2 * MiB });
  const bomb = await scan.fetch("http://hostile.test/brotli");
  expect(bomb.body.length).toBe(2 * MiB);
  expect(bomb.overBudget).toBe(true);
  const page = await scan.fetch("http://hostile.test/page");
  expect(page.body.length).toBe(0);
  expect(page).toMatchObject({ truncated: true, overBudget: true });
});

test("brotli bodies fetched at once wait their turn for a decoder and all come back", async () => {
  // More than BROTLI_DECODERS_PER_FETCHER at once: each slot must be handed on when its body ends.
  const scan = fetcher({ timeoutMs: 20_000 });
  const bombs = await Promise.all(Array.from({ length: BROTLI_DECODERS_PER_FETCHER * 2 + 1 }, () => scan.fetch("http://hostile.test/brotli")));
  for (const bomb of bombs) expect(bomb).toMatchObject({ status: 200, truncated: true });
  expect(bombs.map((bomb) => bomb.body.length)).toEqual(bombs.map(() => 4 * MiB));
});
