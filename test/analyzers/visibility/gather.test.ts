import { describe, expect, test } from "bun:test";
import { gatherArtifacts } from "../../../src/analyzers/visibility/gather/index.ts";
import { gatherHomepage, homepageUnreachable } from "../../../src/analyzers/visibility/gather/homepage.ts";
import { ROBOTS_TXT_MAX_BYTES } from "../../../src/analyzers/visibility/gather/robots-txt.ts";
import type { SafeFetcher } from "../../../src/net/fetch-types.ts";
import { type Canned, fakeFetcher, fetchError, html, response, text } from "./fake-fetcher.ts";

function gather(routes: Record<string, Canned>, signal = new AbortController().signal) {
  const fetcher = fakeFetcher(routes);
  return { fetcher, run: () => gatherArtifacts({ domain: "example.com", fetcher, signal }) };
}

describe("gatherArtifacts", () => {
  test("fetches the https homepage and its robots.txt, passing the scan's signal to every fetch", async () => {
    const signal = new AbortController().signal;
    const { fetcher, run } = gather(
      {
        "https://example.com/": html("https://example.com/", "<title>Hi</title>", { headers: { "x-robots-tag": "all" } }),
        "https://example.com/robots.txt": text("https://example.com/robots.txt", "User-agent: *\nAllow: /\n"),
      },
      signal,
    );
    const artifacts = await run();
    expect(artifacts.domain).toBe("example.com");
    expect(artifacts.homepage).toMatchObject({
      ok: true,
      requestedUrl: "https://example.com/",
      finalUrl: "https://example.com/",
      status: 200,
      html: "<title>Hi</title>",
      truncated: false,
      timing: { ttfbMs: 12, totalMs: 20 },
      failedAttempts: [],
    });
    expect(artifacts.homepage.ok && artifacts.homepage.headers["x-robots-tag"]).toBe("all");
    expect(artifacts.robotsTxt).toMatchObject({ ok: true, status: 200, contentType: "text/plain", text: "User-agent: *\nAllow: /\n" });
    expect(fetcher.calls[0]!.url).toBe("https://example.com/");
    expect(fetcher.calls.map((call) => call.url)).toContain("https://example.com/robots.txt");
    for (const call of fetcher.calls) expect(call.options?.signal).toBe(signal);
    expect(fetcher.calls.find((call) => call.url === "https://example.com/robots.txt")!.options?.maxBytes).toBe(ROBOTS_TXT_MAX_BYTES);
    expect(ROBOTS_TXT_MAX_BYTES).toBe(512 * 1024);
  });

  test("artifacts survive a JSON round trip unchanged", async () => {
    const { run } = gather({
      "https://example.com/": html("https://example.com/", "<p>x</p>"),
      "https://example.com/robots.txt": text("https://example.com/robots.txt", "", { status: 404 }),
    });
    const artifacts = await run();
    expect(JSON.parse(JSON.stringify(artifacts))).toEqual(artifacts);
  });

  test("falls back to http when https does not connect, and reads robots.txt there", async () => {
    const { fetcher, run } = gather({
      "https://example.com/": fetchError("connect", "https://example.com/", "connection refused"),
      "http://example.com/": html("http://example.com/", "<p>plain</p>"),
      "http://example.com/robots.txt": text("http://example.com/robots.txt", ""),
    });
    const artifacts = await run();
    expect(artifacts.homepage).toMatchObject({ ok: true, requestedUrl: "http://example.com/", finalUrl: "http://example.com/" });
    expect(artifacts.homepage.ok && artifacts.homepage.failedAttempts).toEqual([{ code: "connect", message: "connection refused", url: "https://example.com/" }]);
    const urls = fetcher.calls.map((call) => call.url);
    const homepageCalls = fetcher.calls.filter((call) => call.options?.userAgent === undefined && call.options?.followRedirects === undefined && call.options?.headers?.accept !== "text/markdown" && new URL(call.url).pathname === "/");
    expect(homepageCalls.map((call) => call.url)).toEqual(["https://example.com/", "http://example.com/"]);
    expect(urls).toContain("http://example.com/robots.txt");
    expect(artifacts.robotsTxt).toMatchObject({ ok: true, url: "http://example.com/robots.txt" });
  });

  test("falls back to http on a TLS failure", async () => {
    const { run } = gather({
      "https://example.com/": fetchError("tls", "https://example.com/", "certificate has expired"),
      "http://example.com/": html("http://example.com/", "<p>plain</p>"),
    });
    expect((await run()).homepage).toMatchObject({ ok: true, requestedUrl: "http://example.com/" });
  });

  test("tries www. when the bare domain does not resolve, without retrying the bare name over http", async () => {
    const { fetcher, run } = gather({
      "https://www.example.com/": html("https://www.example.com/", "<p>www</p>"),
      "https://www.example.com/robots.txt": text("https://www.example.com/robots.txt", "User-agent: *\nDisallow:\n"),
    });
    const artifacts = await run();
    expect(artifacts.homepage).toMatchObject({ ok: true, requestedUrl: "https://www.example.com/" });
    expect(artifacts.robotsTxt).toMatchObject({ ok: true, url: "https://www.example.com/robots.txt" });
    const homepageCalls = fetcher.calls.filter((call) => call.options?.userAgent === undefined && call.options?.followRedirects === undefined && call.options?.headers?.accept !== "text/markdown" && new URL(call.url).pathname === "/");
    expect(homepageCalls.map((call) => call.url)).toEqual(["https://example.com/", "https://www.example.com/"]);
    expect(fetcher.calls.map((call) => call.url)).toContain("https://www.example.com/robots.txt");
  });

  test("reads robots.txt at the origin the homepage redirected to", async () => {
    const { run } = gather({
      "https://example.com/": html("https://example.com/", "<p>moved</p>", {
        finalUrl: "https://www.example.com/en/",
        redirects: [
          { url: "https://example.com/", status: 301 },
          { url: "https://www.example.com/", status: 302 },
        ],
      }),
      "https://www.example.com/robots.txt": text("https://www.example.com/robots.txt", ""),
    });
    const artifacts = await run();
    expect(artifacts.homepage.ok && artifacts.homepage.redirects).toHaveLength(2);
    expect(artifacts.robotsTxt).toMatchObject({ ok: true, url: "https://www.example.com/robots.txt" });
  });

  test("a redirect loop is stored as the homepage's error, without trying other candidates; the site still counts as reached", async () => {
    const { fetcher, run } = gather({
      "https://example.com/": fetchError("too-many-redirects", "https://example.com/", "more than 10 redirects"),
      "https://example.com/robots.txt": text("https://example.com/robots.txt", ""),
    });
    const artifacts = await run();
    expect(artifacts.homepage).toMatchObject({ ok: false, error: { code: "too-many-redirects" } });
    expect(homepageUnreachable(artifacts.homepage)).toBe(false);
    expect(fetcher.calls.filter((call) => call.url === "https://example.com/" && call.options?.userAgent === undefined && call.options?.headers?.accept !== "text/markdown")).toHaveLength(1);
    expect(fetcher.calls.map((call) => call.url)).toContain("https://example.com/robots.txt");
  });

  test("an unreachable site records every attempt and skips robots.txt", async () => {
    const refused = (url: string) => fetchError("connect", url, "connection refused");
    const { fetcher, run } = gather({
      "https://example.com/": refused("https://example.com/"),
      "http://example.com/": refused("http://example.com/"),
    });
    const artifacts = await run();
    expect(homepageUnreachable(artifacts.homepage)).toBe(true);
    expect(artifacts.homepage.failedAttempts.map((attempt) => `${attempt.code} ${attempt.url}`)).toEqual([
      "connect https://example.com/",
      "connect http://example.com/",
      "dns https://www.example.com/",
    ]);
    expect(artifacts.robotsTxt).toMatchObject({ ok: false, error: { code: "skipped" } });
    expect(artifacts.probes).toBeUndefined();
    expect(artifacts.samplePages).toBeUndefined();
    // Three homepage candidates; the speculative site files and probes were started at once and are discarded.
    expect(fetcher.calls.filter((call) => new URL(call.url).pathname === "/" && call.options?.userAgent === undefined)).toHaveLength(3);
  });

  test("stops at once when the scan is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetcher, run } = gather({ "https://example.com/": html("https://example.com/", "") }, controller.signal);
    const artifacts = await run();
    expect(artifacts.homepage).toMatchObject({ ok: false, error: { code: "aborted" } });
    expect(homepageUnreachable(artifacts.homepage)).toBe(true);
    expect(fetcher.calls.filter((call) => call.url === "https://example.com/" && call.options?.userAgent === undefined && call.options?.headers?.accept !== "text/markdown")).toHaveLength(1);
  });

  test("a robots.txt fetch error is stored, not thrown", async () => {
    const { run } = gather({
      "https://example.com/": html("https://example.com/", ""),
      "https://example.com/robots.txt": fetchError("timeout", "https://example.com/robots.txt", "timed out"),
    });
    expect((await run()).robotsTxt).toEqual({
      ok: false,
      url: "https://example.com/robots.txt",
      error: { code: "timeout", message: "timed out", url: "https://example.com/robots.txt" },
    });
  });

  test("a fetcher that breaks its contract yields an internal error instead of throwing", async () => {
    const broken: SafeFetcher = {
      fetch: async () => {
        throw new TypeError("boom");
      },
    };
    const homepage = await gatherHomepage({ domain: "example.com", fetcher: broken, signal: new AbortController().signal });
    expect(homepage).toMatchObject({ ok: false, error: { code: "internal", message: "boom" } });
  });

  test("decodes the body with the charset the server declares and keeps the truncated flag", async () => {
    const latin1 = response("https://example.com/", "", { headers: { "content-type": "text/html; charset=iso-8859-1" }, truncated: true });
    latin1.body = new Uint8Array([0x43, 0x61, 0x66, 0xe9]);
    const homepage = await gatherHomepage({ domain: "example.com", fetcher: fakeFetcher({ "https://example.com/": latin1 }), signal: new AbortController().signal });
    expect(homepage).toMatchObject({ ok: true, html: "Café", truncated: true });
  });
});
