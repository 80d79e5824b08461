import { describe, expect, test } from "bun:test";
import { crawlLimiter } from "../../../../src/analyzers/visibility/gather/site-crawl/crawl-limiter.ts";
import { type SampleTemplate, samplePages } from "../../../../src/analyzers/visibility/gather/site-crawl/page-sample.ts";
import { DISCOVERY_MAX_URLS, SiteDiscovery } from "../../../../src/analyzers/visibility/gather/site-crawl/site-discovery.ts";

const template = (name: string, size: number, extra: Partial<SampleTemplate> = {}): SampleTemplate => ({
  template: name,
  size,
  candidates: Array.from({ length: size }, (_, index) => `${name}/${index}`),
  blocked: [],
  sampled: 0,
  ...extra,
});
const perTemplate = (picks: string[]) => picks.reduce<Record<string, number>>((counts, url) => ({ ...counts, [url.split("/")[0]!]: (counts[url.split("/")[0]!] ?? 0) + 1 }), {});

describe("samplePages", () => {
  test("every template once, then in proportion to size", () => {
    expect(perTemplate(samplePages([template("a", 600), template("b", 300), template("c", 100)], 10))).toEqual({ a: 6, b: 3, c: 1 });
    // The small template is represented though its share rounds to nothing.
    expect(perTemplate(samplePages([template("a", 990), template("b", 9), template("c", 1)], 10))).toEqual({ a: 8, b: 1, c: 1 });
  });

  test("more templates than budget: the largest first, one each", () => {
    expect(samplePages([template("a", 5), template("b", 4), template("c", 3), template("d", 2)], 2)).toEqual(["a/0", "b/0"]);
  });

  test("a template's pages are spread over it, and the picks interleave templates", () => {
    expect(samplePages([template("a", 10), template("b", 10)], 4)).toEqual(["a/0", "b/0", "a/5", "b/5"]);
  });

  test("never more than a template holds; the rest goes to others", () => {
    expect(perTemplate(samplePages([template("a", 100), template("b", 2)], 50))).toEqual({ a: 49, b: 1 });
    expect(perTemplate(samplePages([template("a", 10), template("b", 2)], 50))).toEqual({ a: 10, b: 2 });
    expect(samplePages([template("a", 2)], 50)).toHaveLength(2);
  });

  test("a template closed to sightline is sampled once, as blocked; already sampled templates come after new ones", () => {
    const closed = template("x", 40, { candidates: [], blocked: ["x/0", "x/1"] });
    expect(samplePages([closed, template("a", 10)], 5)).toEqual(["x/0", "a/0", "a/2", "a/5", "a/7"]);
    expect(samplePages([template("a", 10, { sampled: 1 }), template("b", 2)], 1)).toEqual(["b/0"]);
    expect(samplePages([template("a", 10)], 0)).toEqual([]);
  });
});

describe("SiteDiscovery", () => {
  test("keeps same-host pages once, at their first source, and counts past its cap", () => {
    const discovery = new SiteDiscovery("https://a.example/");
    expect(discovery.add("/x#top", "link", "https://a.example/")).toBe(true);
    expect(discovery.add("https://a.example/x", "sitemap")).toBe(false);
    expect(discovery.add("https://b.example/y", "link")).toBe(false);
    expect(discovery.add("https://a.example/logo.png", "link")).toBe(false);
    expect(discovery.add("mailto:x@a.example", "link")).toBe(false);
    expect(discovery.add(`https://a.example/${"a".repeat(3000)}`, "link")).toBe(false);
    expect(discovery.sourceOf("https://a.example/x")).toBe("link");
    for (let index = 0; index < DISCOVERY_MAX_URLS + 50; index++) discovery.add(`https://a.example/p/${index}`, "sitemap");
    expect(discovery.size).toBe(DISCOVERY_MAX_URLS);
    expect(discovery.capped).toBe(true);
    expect(discovery.counts).toEqual({ total: DISCOVERY_MAX_URLS + 52, sitemap: DISCOVERY_MAX_URLS + 50, links: 1, llmsTxt: 0 });
  });
});

describe("crawlLimiter", () => {
  test("runs at most `concurrency` tasks at once, in the order asked", async () => {
    const limiter = crawlLimiter(2, 0, new AbortController().signal);
    let open = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        limiter.run(async () => {
          order.push(index);
          open++;
          peak = Math.max(peak, open);
          await Bun.sleep(5);
          open--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test("once the signal fires, waiting tasks are not run", async () => {
    const controller = new AbortController();
    const limiter = crawlLimiter(1, 0, controller.signal);
    const ran: number[] = [];
    const first = limiter.run(async () => {
      ran.push(0);
      controller.abort();
      return 0;
    });
    const rest = [1, 2, 3].map((index) => limiter.run(async () => (ran.push(index), index)));
    expect(await first).toBe(0);
    expect(await Promise.all(rest)).toEqual([null, null, null]);
    expect(ran).toEqual([0]);
  });
});
