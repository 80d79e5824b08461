import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createBrotliCompress, constants as zlibConstants } from "node:zlib";
import { createSafeFetcher, type SafeFetcherOptions } from "../../src/net/safe-fetch.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { FetchError, type SafeFetcher } from "../../src/net/fetch-types.ts";
import { endlessBody, gzipBomb, hugeBody, startFixtureSite, startSilentServer, type FixtureSite } from "../helpers/fixture-server.ts";

const MiB = 1024 * 1024;

function fetcherFor(connectTo: string[], overrides: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  return createSafeFetcher({
    connectTo: parseConnectTo(connectTo),
    timeoutMs: 5000,
    maxBytes: MiB,
    userAgent: "sightline-test/1",
    lookup: async (hostname) => {
      throw new Error(`unexpected DNS lookup of ${hostname}`);
    },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FetchError)) throw new Error(`expected a FetchError, got ${String(error)}`);
  return error;
}

describe("body size cap", () => {
  let site: FixtureSite;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    site = await startFixtureSite({
      "/huge": hugeBody(3 * MiB),
      "/exact": hugeBody(MiB),
      "/bomb": gzipBomb(1024 * MiB),
      "/small-bomb": gzipBomb(3 * MiB),
      "/br-bomb": await brotliBomb(256 * MiB),
    });
    fetcher = fetcherFor([site.connectTo("big.test")]);
  });
  afterAll(() => site.stop());

  test("cuts a body over maxBytes at exactly maxBytes", async () => {
    const result = await fetcher.fetch("http://big.test/huge");
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(MiB);
    expect(result.body.every((byte) => byte === 0x61)).toBe(true);
  });

  test("a body of exactly maxBytes is whole", async () => {
    const result = await fetcher.fetch("http://big.test/exact");
    expect(result.truncated).toBe(false);
    expect(result.body.length).toBe(MiB);
  });

  test("a caller's lower maxBytes applies, a higher one does not", async () => {
    expect((await fetcher.fetch("http://big.test/huge", { maxBytes: 1000 })).body.length).toBe(1000);
    expect((await fetcher.fetch("http://big.test/huge", { maxBytes: 10 * MiB })).body.length).toBe(MiB);
  });

  test("the fixture's gzip bomb is a valid gzip stream of zeros", async () => {
    const whole = await fetcherFor([site.connectTo("big.test")], { maxBytes: 4 * MiB }).fetch("http://big.test/small-bomb");
    expect(whole.truncated).toBe(false);
    expect(whole.body.length).toBe(3 * MiB);
    expect(whole.body.every((byte) => byte === 0)).toBe(true);
  });

  test("counts decompressed bytes: a 1 GiB gzip bomb is cut at maxBytes without the memory to hold it", async () => {
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const result = await fetcher.fetch("http://big.test/bomb");
    const growth = process.memoryUsage().rss - before;
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(MiB);
    expect(result.body.every((byte) => byte === 0)).toBe(true);
    expect(growth).toBeLessThan(200 * MiB);
  });
  test("a 256 MiB brotli bomb of about 200 bytes is cut at maxBytes without the memory to hold it", async () => {
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const result = await fetcher.fetch("http://big.test/br-bomb");
    const growth = process.memoryUsage().rss - before;
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(MiB);
    expect(result.body.every((byte) => byte === 0)).toBe(true);
    expect(growth).toBeLessThan(128 * MiB);
  });
});

/** A brotli body of `decompressedBytes` zeros (about 50 bytes per 64 MiB), compressed a 16 MiB buffer at a time. */
async function brotliBomb(decompressedBytes: number) {
  const compressor = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 24 } });
  const parts: Buffer[] = [];
  compressor.on("data", (part: Buffer) => parts.push(part));
  const zeros = new Uint8Array(16 * MiB);
  for (let written = 0; written < decompressedBytes; written += zeros.byteLength) compressor.write(zeros);
  await new Promise<void>((resolve) => compressor.end(resolve));
  const bomb = new Uint8Array(Buffer.concat(parts));
  return () => new Response(bomb, { headers: { "content-type": "text/html", "content-encoding": "br" } });
}

describe("time limits and cancellation", () => {
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite({ "/endless": endlessBody(), "/": "ok" });
  });
  afterAll(() => site.stop());

  test("a body that never ends times out", async () => {
    const fetcher = fetcherFor([site.connectTo("slow.test")], { timeoutMs: 300 });
    const error = await failure(fetcher.fetch("http://slow.test/endless"));
    expect(error.code).toBe("timeout");
    expect(error.message).toContain("300 ms");
  });

  test("a server that accepts and never answers times out", async () => {
    const silent = await startSilentServer();
    try {
      const fetcher = fetcherFor([silent.connectTo("silent.test"), silent.connectTo("silent.test", 443)], { timeoutMs: 300 });
      expect((await failure(fetcher.fetch("http://silent.test/"))).code).toBe("timeout");
      expect((await failure(fetcher.fetch("https://silent.test/"))).code).toBe("timeout");
    } finally {
      await silent.stop();
    }
  });

  test("a per-request timeoutMs overrides the fetcher's", async () => {
    const fetcher = fetcherFor([site.connectTo("slow.test")], { timeoutMs: 60_000 });
    expect((await failure(fetcher.fetch("http://slow.test/endless", { timeoutMs: 200 }))).code).toBe("timeout");
  });

  test("DNS that never answers times out", async () => {
    const fetcher = fetcherFor([], { timeoutMs: 200, lookup: () => new Promise(() => {}) });
    expect((await failure(fetcher.fetch("http://hanging-dns.test/"))).code).toBe("timeout");
  });

  test("the caller's signal aborts a fetch in progress", async () => {
    const fetcher = fetcherFor([site.connectTo("slow.test")], { timeoutMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(fetcher.fetch("http://slow.test/endless", { signal: controller.signal }));
    expect(error.code).toBe("aborted");
  });

  test("an already aborted signal stops the fetch before it connects", async () => {
    const fetcher = fetcherFor([site.connectTo("slow.test")]);
    const before = site.requests.length;
    expect((await failure(fetcher.fetch("http://slow.test/", { signal: AbortSignal.abort() }))).code).toBe("aborted");
    expect(site.requests.length).toBe(before);
  });

  test("a signal that never fires does not disturb a normal fetch", async () => {
    const fetcher = fetcherFor([site.connectTo("slow.test")]);
    const result = await fetcher.fetch("http://slow.test/", { signal: new AbortController().signal });
    expect(new TextDecoder().decode(result.body)).toBe("ok");
  });
});
