import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_DEPTH, pathTokens, urlTemplates } from "../../../../src/analyzers/visibility/gather/site-crawl/url-template.ts";
import { growthRatio } from "../../../helpers/growth-ratio.ts";

const site = (origin: string, paths: string[]) => paths.map((path) => `${origin}${path}`);
/** { template: count }, as the crawl reports them. */
const counts = (urls: string[]) => Object.fromEntries(urlTemplates(urls).map((group) => [group.template, group.urls.length]));
const range = (count: number, make: (index: number) => string) => Array.from({ length: count }, (_, index) => make(index));

describe("urlTemplates on sites as they are laid out", () => {
  test("a blog: the homepage, dated and undated posts, tags, categories, authors, pages", () => {
    const urls = site("https://blog.example", [
      "/",
      ...range(30, (i) => `/2024/0${(i % 9) + 1}/1${i % 9}/post-number-${i}-about-things/`),
      ...range(8, (i) => `/tag/${["rust", "go", "web", "css", "html", "seo", "ai", "bun"][i]}/`),
      ...range(5, (i) => `/category/${["news", "howto", "opinion", "release", "misc"][i]}/`),
      "/author/jane/",
      "/author/joe/",
      "/about/",
      "/contact/",
      "/page/2/",
      "/page/3/",
    ]);
    expect(counts(urls)).toEqual({
      "/<date>/<slug>": 30,
      "/tag/<name>": 8,
      "/category/<name>": 5,
      "/page/<id>": 2,
      "/author/jane": 1,
      "/author/joe": 1,
      "/": 1,
      "/about": 1,
      "/contact": 1,
    });
  });

  test("a shop: products by slug and id, collections, the cart, and search with a query", () => {
    const urls = site("https://shop.example", [
      "/",
      ...range(40, (i) => `/products/blue-widget-${i}`),
      ...range(12, (i) => `/collections/${["shoes", "hats", "bags", "coats", "socks", "belts", "rings", "gloves", "scarves", "ties", "boots", "caps"][i]}`),
      ...range(6, (i) => `/p/${100_000 + i}`),
      "/cart",
      "/search?q=shoes",
      "/search?q=hats&page=2",
      "/search?page=3&q=hats",
    ]);
    expect(counts(urls)).toEqual({
      "/products/<slug>": 40,
      "/collections/<name>": 12,
      "/p/<id>": 6,
      "/search?page&q": 2,
      "/": 1,
      "/cart": 1,
      "/search?q": 1,
    });
  });

  test("documentation in several languages: the locale prefix is one placeholder, sections stay apart", () => {
    const urls = ["en", "de", "fr", "pt-BR", "zh-hans"].flatMap((lang) =>
      site("https://docs.example", [`/${lang}/docs/getting-started`, `/${lang}/docs/api/fetch-a-page`, `/${lang}/docs/api/read-robots-txt`, `/${lang}/docs/guides/install`]),
    );
    expect(counts(urls)).toEqual({ "/<lang>/docs/api/<slug>": 10, "/<lang>/docs/<slug>": 5, "/<lang>/docs/guides/install": 5 });
  });

  test("users with sub-pages: many sub-folders of one layout are one template", () => {
    const users = range(20, (i) => `user${String.fromCharCode(97 + i)}x`);
    const urls = site("https://social.example", users.flatMap((user) => [`/u/${user}/posts`, `/u/${user}/about`]));
    expect(counts(urls)).toEqual({ "/u/<name>/about": 20, "/u/<name>/posts": 20 });
  });

  test("ids, hashes, UUIDs and dates in their usual spellings", () => {
    expect(pathTokens("https://x.example/story/3000000218734/nach-kalifat-rufen-in-hamburg?ref=rss")).toEqual(["story", "<id>", "<slug>", "?ref"]);
    expect(pathTokens("https://x.example/news/m/1c621104-b0eb-3b4d-9b0a-7bb979f80d7d/ss_clinton-cancels.html")).toEqual(["news", "m", "<hash>", "<slug>.html"]);
    expect(pathTokens("https://x.example/commit/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b")).toEqual(["commit", "<hash>"]);
    expect(pathTokens("https://x.example/articles/ASM2Q5HKNM2QUCVL02D.html")).toEqual(["articles", "<id>.html"]);
    expect(pathTokens("https://x.example/2016/12/15/amazon-alexa-gadgets/")).toEqual(["<date>", "<slug>"]);
    expect(pathTokens("https://x.example/news/2023-11-17/c_1129981476.htm")).toEqual(["news", "<date>", "<slug>.htm"]);
    expect(pathTokens("https://x.example/news,139377.html")).toEqual(["news,<id>.html"]);
    expect(pathTokens("https://x.example/gregoryszorc/mercurial%27s-journey-to-python-3/")).toEqual(["gregoryszorc", "<slug>"]);
    expect(pathTokens("https://x.example/")).toEqual([]);
    expect(pathTokens("not a url")).toBeNull();
  });

  test("the homepage is \"/\", alone; the homepage with a query is another template", () => {
    expect(counts(["https://a.example/", "https://a.example", "https://a.example/?page=2"])).toEqual({ "/": 2, "/?page": 1 });
  });

  test("a template's URLs keep the order they were given; ties are ordered by name", () => {
    const groups = urlTemplates(site("https://a.example", ["/b/one-two", "/a/one-two", "/b/three-four", "/a/three-four"]));
    expect(groups).toEqual([
      { template: "/a/<slug>", urls: ["https://a.example/a/one-two", "https://a.example/a/three-four"] },
      { template: "/b/<slug>", urls: ["https://a.example/b/one-two", "https://a.example/b/three-four"] },
    ]);
  });

  test("real article URLs of the corpus read as their site's article template", () => {
    const manifest = join(import.meta.dir, "../../../../../shared/corpora/real-pages/manifest.json");
    if (!existsSync(manifest)) return;
    const urls = (JSON.parse(readFileSync(manifest, "utf8")) as { url: string }[]).map((entry) => entry.url);
    const shapes = new Map(urls.map((url) => [url, pathTokens(url)!]));
    // Every URL parses; no article of the corpus reads as the homepage.
    expect(urls.every((url) => shapes.get(url) !== null)).toBe(true);
    const articles = urls.filter((url) => new URL(url).pathname.length > 1);
    expect(articles.every((url) => shapes.get(url)!.length > 0)).toBe(true);
    // Most article URLs carry a slug, an id, a hash or a date: the part that differs between a site's articles.
    const varying = articles.filter((url) => shapes.get(url)!.some((token) => /<(?:slug|id|hash|date)>/.test(token)));
    expect(varying.length / articles.length).toBeGreaterThan(0.9);
    const of = (needle: string) => shapes.get(urls.find((url) => url.includes(needle))!)!.join("/");
    expect(of("derstandard.at/story")).toBe("story/<id>/<slug>/?ref");
    expect(of("www.cnn.com/2013/11/27")).toBe("<date>/travel/<slug>/index.html");
    expect(of("theguardian.com/us-news")).toBe("<slug>/<date>/<slug>");
  });
});

describe("urlTemplates on hostile input", () => {
  test("a path of a million characters and thousands of segments keeps MAX_DEPTH segments and a <path>", () => {
    const tokens = pathTokens(`https://a.example/${"seg/".repeat(250_000)}`)!;
    expect(tokens).toHaveLength(MAX_DEPTH + 1);
    expect(tokens[MAX_DEPTH]).toBe("<path>");
    const long = pathTokens(`https://a.example/${"a-b".repeat(300_000)}`)!;
    expect(long).toEqual(["<slug>"]);
  });

  test("broken percent-encoding and odd characters are read as written", () => {
    expect(pathTokens("https://a.example/%E0%A4%A/%ZZ")).toEqual(["%E0%A4%A", "%ZZ"]);
    expect(pathTokens("https://a.example/%F0%9F%98%80-%F0%9F%98%80")).toEqual(["%F0%9F%98%80-%F0%9F%98%80"]);
    expect(pathTokens("https://a.example/caf%C3%A9-cr%C3%A8me")).toEqual(["<slug>"]);
  });

  test("time is linear in the number of URLs, in their length and in their depth", () => {
    const many = (count: number) => range(count, (i) => `https://a.example/s${i % 97}/p${i}/x-${i}-y`);
    const deep = (count: number) => [`https://a.example/${range(count, (i) => `d${i}`).join("/")}`];
    const wide = (count: number) => [`https://a.example/${"%41".repeat(count)}?${range(Math.ceil(count / 10), (i) => `k${i}=1`).join("&")}`];
    const inputs = new Map<string, Map<number, string[]>>();
    const memo = (name: string, make: (size: number) => string[]) => (size: number) => {
      const cache = inputs.get(name) ?? new Map<number, string[]>();
      inputs.set(name, cache);
      if (!cache.has(size)) cache.set(size, make(size));
      return urlTemplates(cache.get(size)!);
    };
    // A quadratic step would give 10,000× at 100×; linear work gives about 100× (more once out of cache).
    expect(growthRatio(memo("many", many), 500, 100)).toBeLessThan(1000);
    expect(growthRatio(memo("deep", deep), 2_000, 100)).toBeLessThan(1000);
    expect(growthRatio(memo("wide", wide), 2_000, 100)).toBeLessThan(1000);
  });

  test("thousands of sibling folders, each with its own sub-folders, merge in linear time", () => {
    const maze = (count: number) => range(count, (i) => `https://a.example/m${i}/n${i % 13}/o${i}`);
    const cache = new Map<number, string[]>();
    const run = (size: number) => {
      if (!cache.has(size)) cache.set(size, maze(size));
      return urlTemplates(cache.get(size)!);
    };
    expect(counts(maze(100))).toHaveProperty(["/<name>/<name>/<name>"]);
    expect(growthRatio(run, 200, 100)).toBeLessThan(1000);
  });
});

describe("years", () => {
  test("a year starts a date when a month follows it or it leads the path; otherwise it is an id", () => {
    expect(pathTokens("https://x.example/item/2019")).toEqual(["item", "<id>"]);
    expect(pathTokens("https://x.example/item/2019/x-y")).toEqual(["item", "<id>", "<slug>"]);
    expect(pathTokens("https://x.example/2019/")).toEqual(["<date>"]);
    expect(pathTokens("https://x.example/news/2019/05/x-y")).toEqual(["news", "<date>", "<slug>"]);
    expect(pathTokens("https://x.example/news/2023-11-17/x-y")).toEqual(["news", "<date>", "<slug>"]);
  });
});
