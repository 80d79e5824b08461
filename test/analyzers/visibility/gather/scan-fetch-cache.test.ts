import { describe, expect, test } from "bun:test";
import { cacheFetches } from "../../../../src/analyzers/visibility/gather/scan-fetch-cache.ts";
import { FetchError, type FetchOptions, type FetchResult, type SafeFetcher } from "../../../../src/net/fetch-types.ts";

const PAGE_BYTES = 10_000;

/** Serves a 10,000-byte page at every URL, cut at maxBytes as the real fetcher does; fails for /down. */
function countingFetcher(): SafeFetcher & { calls: { url: string; options: FetchOptions }[] } {
  const calls: { url: string; options: FetchOptions }[] = [];
  return {
    calls,
    async fetch(url, options = {}) {
      calls.push({ url, options });
      await Bun.sleep(1);
      if (url.endsWith("/down")) throw new FetchError("timeout", "timed out", url);
      const cap = Math.min(options.maxBytes ?? PAGE_BYTES, PAGE_BYTES);
      const result: FetchResult = {
        url,
        finalUrl: url,
        status: 200,
        headers: { "content-type": "text/html" },
        body: new Uint8Array(cap).fill(97),
        truncated: cap < PAGE_BYTES,
        redirects: [],
        timing: { ttfbMs: 1, totalMs: 1 },
        remoteAddress: "127.0.0.1",
      };
      return result;
    },
  };
}

describe("cacheFetches", () => {
  test("a request with Cache-Control: no-cache is fetched again, and later requests get its answer", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    await cached.fetch("https://a.test/");
    await cached.fetch("https://a.test/", { headers: { "Cache-Control": "no-cache" } });
    await cached.fetch("https://a.test/");
    expect(inner.calls).toHaveLength(2);
  });

  test("the same URL and user agent is fetched once, also when asked for at the same time", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    const [first, second] = await Promise.all([cached.fetch("https://a.test/about"), cached.fetch("https://a.test/about")]);
    const third = await cached.fetch("https://a.test/about");
    expect(inner.calls).toHaveLength(1);
    expect(first.body.byteLength).toBe(PAGE_BYTES);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  test("another user agent, method or redirect mode is another request", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    await cached.fetch("https://a.test/");
    await cached.fetch("https://a.test/", { userAgent: "GPTBot/1.0" });
    await cached.fetch("https://a.test/", { method: "HEAD" });
    await cached.fetch("https://a.test/", { followRedirects: false });
    await cached.fetch("https://a.test/", { userAgent: "GPTBot/1.0" });
    expect(inner.calls.map((call) => call.options.userAgent ?? call.options.method ?? String(call.options.followRedirects))).toEqual([
      "undefined",
      "GPTBot/1.0",
      "HEAD",
      "false",
    ]);
  });

  test("a larger response serves a smaller cap, cut as the fetcher would have cut it", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    const whole = await cached.fetch("https://a.test/about", { maxBytes: 1024 * 1024 });
    const check = await cached.fetch("https://a.test/about", { maxBytes: 4096 });
    expect(inner.calls).toHaveLength(1);
    expect(whole.truncated).toBe(false);
    expect(check.body.byteLength).toBe(4096);
    expect(check.truncated).toBe(true);
    expect(check.status).toBe(200);
  });

  test("a cut response is fetched again for a larger cap; an uncut one is not", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    const [small, large] = await Promise.all([cached.fetch("https://a.test/about", { maxBytes: 4096 }), cached.fetch("https://a.test/about", { maxBytes: 1024 * 1024 })]);
    expect(small.truncated).toBe(true);
    expect(large.truncated).toBe(false);
    expect(large.body.byteLength).toBe(PAGE_BYTES);
    expect(inner.calls.map((call) => call.options.maxBytes)).toEqual([4096, 1024 * 1024]);
    // Now held whole: any later cap is served from it.
    await cached.fetch("https://a.test/about", { maxBytes: 2 * 1024 * 1024 });
    expect(inner.calls).toHaveLength(2);

    await cached.fetch("https://a.test/small", { maxBytes: 64 * 1024 });
    const again = await cached.fetch("https://a.test/small", { maxBytes: 1024 * 1024 });
    expect(again.truncated).toBe(false);
    expect(inner.calls).toHaveLength(3);
  });

  test("a failure is shared too: the URL is not given a second timeout", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner);
    const outcomes = await Promise.allSettled([cached.fetch("https://a.test/down"), cached.fetch("https://a.test/down", { maxBytes: 4096 })]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(outcomes.every((outcome) => outcome.status === "rejected" && (outcome.reason as FetchError).code === "timeout")).toBe(true);
    expect(inner.calls).toHaveLength(1);
  });

  test("each cache is its own: a new scan fetches again", async () => {
    const inner = countingFetcher();
    await cacheFetches(inner).fetch("https://a.test/");
    await cacheFetches(inner).fetch("https://a.test/");
    expect(inner.calls).toHaveLength(2);
  });
});

describe("cacheFetches keeps large bodies only for the requests that read their start", () => {
  test("a body past the kept size is fetched again when asked for whole, and serves a short read from its start", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner, { wholeBytes: 5_000, prefixBytes: 4096 });
    const whole = await cached.fetch("https://a.test/big");
    expect(whole.body.byteLength).toBe(PAGE_BYTES);
    // A link check reads 4 KiB: served from the start that was kept.
    const check = await cached.fetch("https://a.test/big", { maxBytes: 4096 });
    expect(inner.calls).toHaveLength(1);
    expect(check.body.byteLength).toBe(4096);
    expect(check.truncated).toBe(true);
    // Whole again: fetched again, as the kept part is cut.
    const again = await cached.fetch("https://a.test/big");
    expect(inner.calls).toHaveLength(2);
    expect(again.body.byteLength).toBe(PAGE_BYTES);
    expect(again.truncated).toBe(false);
  });

  test("a body within the kept size stays whole: asked for again, it is not fetched again", async () => {
    const inner = countingFetcher();
    const cached = cacheFetches(inner, { wholeBytes: PAGE_BYTES, prefixBytes: 4096 });
    await cached.fetch("https://a.test/page");
    expect((await cached.fetch("https://a.test/page")).body.byteLength).toBe(PAGE_BYTES);
    expect(inner.calls).toHaveLength(1);
  });
});

describe("the read-through view for the site crawl", () => {
  test("answers from what the scan fetched, fetches the rest without keeping it, and gives back only what it fetched", async () => {
    const asked: string[] = [];
    const released: string[] = [];
    const inner: SafeFetcher = {
      async fetch(url, options = {}) {
        asked.push(`${options.followRedirects === false ? "manual" : "follow"} ${url}`);
        const redirected = url.endsWith("/moved");
        return { url, finalUrl: redirected ? "https://a.test/new" : url, status: 200, headers: {}, body: new TextEncoder().encode("page"), truncated: false, redirects: redirected ? [{ url, status: 301 }] : [], timing: { ttfbMs: 1, totalMs: 1 }, remoteAddress: "127.0.0.1" };
      },
      release(result) {
        released.push(result.url);
      },
    };
    const cache = cacheFetches(inner);
    await cache.fetch("https://a.test/about");
    await cache.fetch("https://a.test/moved");
    const crawl = cache.readThrough();
    // The same URL, asked without following redirects: the followed answer had none, so it is the same response.
    const about = await crawl.fetch("https://a.test/about", { followRedirects: false });
    // One that redirected is asked again, hop by hop; a page the scan never read is fetched.
    const moved = await crawl.fetch("https://a.test/moved", { followRedirects: false });
    const fresh = await crawl.fetch("https://a.test/fresh", { followRedirects: false });
    await crawl.fetch("https://a.test/fresh", { followRedirects: false });
    expect(asked).toEqual(["follow https://a.test/about", "follow https://a.test/moved", "manual https://a.test/moved", "manual https://a.test/fresh", "manual https://a.test/fresh"]);
    crawl.release?.(about);
    crawl.release?.(moved);
    crawl.release?.(fresh);
    expect(released).toEqual(["https://a.test/moved", "https://a.test/fresh"]);
  });
});
