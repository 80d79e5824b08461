import { describe, expect, test } from "bun:test";
import { gatherArtifacts } from "../../../../src/analyzers/visibility/gather/index.ts";
import { homepageUnreachable } from "../../../../src/analyzers/visibility/gather/homepage.ts";
import { type Canned, fakeFetcher, fetchError, html } from "../fake-fetcher.ts";

/**
 * gatherArtifacts tells its caller once the homepage answered (the visibility analyzer starts loading its
 * audits then): once for a site that answered, and before the gathering ends; never for one that did not.
 */
async function gatherCountingReachable(routes: Record<string, Canned>) {
  let calls = 0;
  let fetchedWhenCalled: string[] = [];
  const fetcher = fakeFetcher(routes);
  const artifacts = await gatherArtifacts({
    domain: "example.com",
    fetcher,
    signal: new AbortController().signal,
    onReachable: () => {
      calls++;
      fetchedWhenCalled = fetcher.calls.map((call) => call.url);
    },
  });
  return { artifacts, calls, fetchedWhenCalled };
}

describe("gatherArtifacts onReachable", () => {
  test("is called once, while the rest of the site is still being gathered, when the homepage answered", async () => {
    const { artifacts, calls, fetchedWhenCalled } = await gatherCountingReachable({
      "https://example.com/": html("https://example.com/", "<title>Hi</title><a href='/about'>About</a>"),
      "https://example.com/about": html("https://example.com/about", "<title>About</title>"),
    });
    expect(homepageUnreachable(artifacts.homepage)).toBe(false);
    expect(calls).toBe(1);
    expect(artifacts.samplePages?.map((page) => page.url)).toContain("https://example.com/about");
    expect(fetchedWhenCalled).toContain("https://example.com/");
    expect(fetchedWhenCalled).not.toContain("https://example.com/about");
  });

  test("is called for a homepage that answered with an error status (it is still judged)", async () => {
    const { artifacts, calls } = await gatherCountingReachable({
      "https://example.com/": html("https://example.com/", "<title>Gone</title>", { status: 404 }),
    });
    expect(artifacts.homepage.ok).toBe(true);
    expect(calls).toBe(1);
  });

  test("is never called for a homepage that answers a server error, also when asked again: that scan is stored failed", async () => {
    const { artifacts, calls } = await gatherCountingReachable({
      "https://example.com/": html("https://example.com/", "<title>Down</title>", { status: 500 }),
    });
    expect(artifacts.homepage).toMatchObject({ ok: true, status: 500, retried: { firstStatus: 500 } });
    expect(calls).toBe(0);
  });

  test("is never called for a site that cannot be reached", async () => {
    const refused = (url: string) => fetchError("connect", url, "connection refused");
    const { artifacts, calls } = await gatherCountingReachable({
      "https://example.com/": refused("https://example.com/"),
      "http://example.com/": refused("http://example.com/"),
    });
    expect(homepageUnreachable(artifacts.homepage)).toBe(true);
    expect(calls).toBe(0);
  });
});
