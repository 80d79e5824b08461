import { describe, expect, test } from "bun:test";
import { BROWSER_USER_AGENT, probedCrawlers } from "../../../../src/analyzers/visibility/crawlers.ts";
import { gatherProbes, PROBE_LANES, PROBE_MAX_BYTES, SMALL_PROBE_BYTES } from "../../../../src/analyzers/visibility/gather/probes.ts";
import { FetchError, type FetchOptions, type FetchResult, type SafeFetcher } from "../../../../src/net/fetch-types.ts";
import { html } from "../fake-fetcher.ts";

const URL_ = "https://example.com/";
const AGENTS = probedCrawlers().length + 1;

/** A fetcher that answers every probe with `answer` after a short wait, counting how many run at once. */
function countingFetcher(answer: (options: FetchOptions | undefined) => FetchResult | FetchError) {
  const state = { running: 0, peak: 0 };
  const fetcher: SafeFetcher = {
    async fetch(_url, options) {
      state.running++;
      state.peak = Math.max(state.peak, state.running);
      await Bun.sleep(5);
      state.running--;
      const result = answer(options);
      if (result instanceof FetchError) throw result;
      return result;
    },
  };
  return { fetcher, state };
}

const context = (fetcher: SafeFetcher) => ({ fetcher, signal: new AbortController().signal });

describe("gatherProbes", () => {
  test("each probe keeps the facts of its body, in the agents' order", async () => {
    const page = `<html><head><title> Just a moment...</title></head><body><p>Checking your browser before accessing example.com &amp; more</p></body></html>`;
    const { fetcher } = countingFetcher(() => html(URL_, page, { headers: { server: "cloudflare", "set-cookie-like": "dropped", "cf-ray": "x".repeat(500) } }));
    const probes = await gatherProbes(context(fetcher), URL_);
    expect(probes.map((probe) => probe.agent)).toEqual(["browser", ...probedCrawlers().map((crawler) => crawler.token)]);
    for (const probe of probes) {
      expect(probe).toMatchObject({ ok: true, status: 200, bytes: page.length, truncated: false, words: 8, title: "Just a moment...", challengeMarker: "Cloudflare challenge (\"Just a moment...\")" });
      if (probe.ok) {
        expect(Object.keys(probe.headers).sort()).toEqual(["cf-ray", "content-type", "server"]);
        expect(probe.headers["cf-ray"]).toHaveLength(200);
      }
    }
  });

  test("a large page is read by a few probes at a time, never all at once", async () => {
    const words = SMALL_PROBE_BYTES / 4;
    const large = `<p>${"word ".repeat(words)}</p>`;
    const { fetcher, state } = countingFetcher(() => html(URL_, large));
    const probes = await gatherProbes(context(fetcher), URL_);
    expect(probes).toHaveLength(AGENTS);
    expect(probes.every((probe) => probe.ok && probe.words === words)).toBe(true);
    expect(state.peak).toBe(PROBE_LANES);
  });

  test("once a probe has seen the page small, the rest run at once", async () => {
    // The browser's probe answers at once; the others wait until every probe has started (or 500 ms).
    let started = 0;
    let running = 0;
    let peak = 0;
    let release!: () => void;
    const everyoneStarted = Promise.race([new Promise<void>((resolve) => (release = resolve)), Bun.sleep(500)]);
    const fetcher: SafeFetcher = {
      async fetch(url, options) {
        if (++started === AGENTS) release();
        running++;
        peak = Math.max(peak, running);
        if (options?.userAgent !== BROWSER_USER_AGENT) await everyoneStarted;
        running--;
        return html(url, "<p>small</p>");
      },
    };
    const probes = await gatherProbes(context(fetcher), URL_);
    expect(probes).toHaveLength(AGENTS);
    expect(peak).toBe(AGENTS - 1);
  });

  test("failed probes are errors in the artifact, and the others still run", async () => {
    let calls = 0;
    const { fetcher } = countingFetcher((options) => {
      calls++;
      return options?.userAgent?.includes("PerplexityBot") ? new FetchError("timeout", "timed out", URL_) : html(URL_, "<p>ok</p>");
    });
    const probes = await gatherProbes(context(fetcher), URL_);
    expect(calls).toBe(AGENTS);
    expect(probes.find((probe) => probe.agent === "PerplexityBot")).toMatchObject({ ok: false, error: { code: "timeout" } });
    expect(probes.filter((probe) => probe.ok)).toHaveLength(AGENTS - 1);
  });

  test("nothing of a body outlives its probe", async () => {
    const bodies: WeakRef<Uint8Array>[] = [];
    const { fetcher } = countingFetcher(() => {
      const result = html(URL_, `<title>${"t".repeat(300)}</title><p>${"word ".repeat(PROBE_MAX_BYTES / 10)}</p>`);
      bodies.push(new WeakRef(result.body));
      return result;
    });
    const probes = await gatherProbes(context(fetcher), URL_);
    expect(probes.every((probe) => probe.ok && probe.title!.length === 200)).toBe(true);
    await Bun.sleep(0);
    Bun.gc(true);
    await Bun.sleep(0);
    Bun.gc(true);
    // The stack is scanned conservatively, so one body may look alive by chance; a kept body would keep all.
    expect(bodies.filter((body) => body.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });
});
