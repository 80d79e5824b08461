import { describe, expect, test } from "bun:test";
import { ADDRESS_NEEDED, checkPasted, PASTED_BASE_URL } from "../../../src/analyzers/schema/check-pasted.ts";
import { detectPasted } from "../../../src/analyzers/schema/detect-pasted.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";

const PRODUCT = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Tide floor lamp",
  image: "https://shop.example/lamp.jpg",
  offers: { "@type": "Offer", price: "120.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
};

describe("detectPasted", () => {
  test("a JSON object or array is JSON-LD, with or without leading space or a byte-order mark", () => {
    expect(detectPasted(JSON.stringify(PRODUCT))).toBe("jsonld");
    expect(detectPasted(`\n  [${JSON.stringify(PRODUCT)}]`)).toBe("jsonld");
    expect(detectPasted(`\uFEFF${JSON.stringify(PRODUCT)}`)).toBe("jsonld");
  });

  test("a block copied from inside its script element keeps its CDATA or comment wrapper and is still JSON-LD (krautreporter.de's)", () => {
    expect(detectPasted(`\n//<![CDATA[\n${JSON.stringify(PRODUCT)}\n//]]>`)).toBe("jsonld");
    expect(detectPasted(`/*<![CDATA[*/${JSON.stringify(PRODUCT)}/*]]>*/`)).toBe("jsonld");
    expect(detectPasted(`<!--\n${JSON.stringify(PRODUCT)}\n-->`)).toBe("jsonld");
    expect(detectPasted("<!-- a comment --><!doctype html><html></html>")).toBe("html");
  });

  test("broken JSON is still JSON-LD, so that the check says why it cannot be read", () => {
    expect(detectPasted('{"@type": "Product",')).toBe("jsonld");
  });

  test("a page, a fragment or script blocks are HTML", () => {
    expect(detectPasted("<!doctype html><html><body></body></html>")).toBe("html");
    expect(detectPasted(`<script type="application/ld+json">${JSON.stringify(PRODUCT)}</script>`)).toBe("html");
    expect(detectPasted("Just some words")).toBe("html");
    expect(detectPasted('"a JSON string"')).toBe("html");
  });
});

describe("checkPasted", () => {
  const vocabulary = schemaVocabulary();

  test("pasted JSON-LD is read as the page's one block and judged like a scanned page", () => {
    const { kind, result } = checkPasted({ text: JSON.stringify(PRODUCT, null, 2) }, vocabulary);
    expect(kind).toBe("jsonld");
    expect(result.page.url).toBe(PASTED_BASE_URL);
    expect(result.items.map((item) => [item.format, item.type, item.path])).toEqual([["json-ld", "Product", "json-ld[0]"]]);
    expect(result.items[0]!.errors).toEqual([]);
    expect(result.items[0]!.eligibility.find((entry) => entry.feature === "Product snippet")?.eligible).toBe(true);
  });

  test("a wrapped block gives the items its page gives", () => {
    const { kind, result } = checkPasted({ text: `//<![CDATA[\n${JSON.stringify(PRODUCT)}\n//]]>` }, vocabulary);
    expect(kind).toBe("jsonld");
    expect(result.items.map((item) => [item.type, item.errors.length])).toEqual([["Product", 0]]);
  });

  test("an array of blocks gives one item each", () => {
    const crumbs = { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [] };
    const { result } = checkPasted({ text: JSON.stringify([PRODUCT, crumbs]) }, vocabulary);
    expect(result.items.map((item) => item.type)).toEqual(["Product", "BreadcrumbList"]);
  });

  test("invalid JSON-LD is reported: unknown properties as item errors, broken JSON as an unreadable block", () => {
    const wrong = { ...PRODUCT, colour: "red", offers: { "@type": "Offer", price: "cheap" } };
    const judged = checkPasted({ text: JSON.stringify(wrong) }, vocabulary).result;
    expect(judged.items[0]!.errors.map((issue) => issue.property)).toContain("colour");
    expect(judged.summary.errors).toBeGreaterThan(0);

    const broken = checkPasted({ text: '{"@context": "https://schema.org", "@type": "Product", ' }, vocabulary).result;
    expect(broken.items).toEqual([]);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]!.path).toBe("json-ld[0]");
    expect(broken.summary.errors).toBe(1);
  });

  test("`</script>` inside a JSON-LD string stays in the value instead of ending the block", () => {
    const hostile = { ...PRODUCT, description: "</script><script>alert(1)</script>" };
    const { result } = checkPasted({ text: JSON.stringify(hostile) }, vocabulary);
    expect(result.problems).toEqual([]);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.data).toContain("</script><script>alert(1)</script>");
  });

  test("a pasted HTML page is read whole: its title, its blocks of every format, and suggestions from its content", () => {
    const page = `<!doctype html><html><head><title>Tide floor lamp</title><link rel="canonical" href="https://shop.example/lamp">
<script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head>
<body><nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/lamps">Lamps</a></li><li>Tide floor lamp</li></ol></nav>
<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Lamp Co</span></div></body></html>`;
    const { kind, result } = checkPasted({ text: page, url: "https://shop.example/lamp" }, vocabulary);
    expect(kind).toBe("html");
    expect(result.page.title).toBe("Tide floor lamp");
    expect(result.page.finalUrl).toBe("https://shop.example/lamp");
    expect(result.items.map((item) => [item.format, item.type])).toEqual([
      ["json-ld", "Product"],
      ["microdata", "Organization"],
    ]);
    // The breadcrumb trail the page shows but does not mark up is suggested, with @ids under the given URL.
    expect(result.generated[0]!.nodes!.map((node) => node.type)).toContain("BreadcrumbList");
    expect(result.generated[0]!.jsonLd).toContain("https://shop.example/lamp");
  });

  test("the kind given wins over detection", () => {
    const { kind, result } = checkPasted({ text: `<p>not JSON</p>`, kind: "jsonld" }, vocabulary);
    expect(kind).toBe("jsonld");
    expect(result.problems).toHaveLength(1);
  });
});

describe("checkPasted never invents a host (issue 25)", () => {
  const vocabulary = schemaVocabulary();
  const post = (head: string) =>
    `<!doctype html><html lang="en"><head><title>Ten things I learned baking sourdough</title>${head}</head><body><article><h1>Ten things I learned baking sourdough</h1>` +
    '<p class="byline"><a rel="author" href="/about">Jane Okafor</a></p><time datetime="2026-10-01">1 October 2026</time><p>Flour, water, salt and time.</p></article></body></html>';
  const graphOf = (jsonLd: string) => (JSON.parse(jsonLd) as { "@graph": Record<string, unknown>[] })["@graph"];

  test("a pasted page's canonical link is its address: the suggestion is built on it, never on pasted.invalid", () => {
    const { result, address } = checkPasted({ text: post('<link rel="canonical" href="https://janes-bakes.example/2026/sourdough">') }, vocabulary);
    expect(address).toEqual({ url: "https://janes-bakes.example/2026/sourdough", source: "canonical", notice: null });
    expect(result.page.url).toBe("https://janes-bakes.example/2026/sourdough");
    const suggested = result.generated[0]!.jsonLd;
    expect(suggested).toContain("https://janes-bakes.example/2026/sourdough");
    expect(suggested).not.toContain("pasted.invalid");
    // No site name is stated: no WebSite or Organization is suggested, and never one named after the post's title (the WebPage is the post's).
    expect(graphOf(suggested).map((node) => node["@type"])).toEqual(["WebPage", "Article"]);
  });

  test("og:url when there is no canonical link; the WebSite is named from og:site_name, also written as name=", () => {
    const { result, address } = checkPasted({ text: post('<meta property="og:url" content="https://janes-bakes.example/"><meta name="og:site_name" content="Jane Bakes">') }, vocabulary);
    expect(address).toEqual({ url: "https://janes-bakes.example/", source: "og:url", notice: null });
    const website = graphOf(result.generated[0]!.jsonLd).find((node) => node["@type"] === "WebSite");
    expect(website).toMatchObject({ "@id": "https://janes-bakes.example/#website", name: "Jane Bakes", url: "https://janes-bakes.example/" });
  });

  test("application-name names the site; on a homepage the site's own WebSite node names it before the title does", () => {
    const app = checkPasted({ text: post('<link rel="canonical" href="https://janes-bakes.example/"><meta name="application-name" content="Jane Bakes">') }, vocabulary);
    expect(graphOf(app.result.generated[0]!.jsonLd).find((node) => node["@type"] === "WebSite")).toMatchObject({ name: "Jane Bakes" });
    const websiteNode = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","@id":"https://janes-bakes.example/#site","name":"Jane Bakes","url":"https://janes-bakes.example/"}</script>';
    const declared = checkPasted({ text: post(`<link rel="canonical" href="https://janes-bakes.example/">${websiteNode}`) }, vocabulary);
    const site = graphOf(declared.result.generated[0]!.jsonLd).filter((node) => node["@type"] !== "WebPage");
    expect(site.map((node) => [node["@type"], node.name])).toEqual([["Organization", "Jane Bakes"]]);
  });

  test("the address sent wins over what the page states", () => {
    const { address, result } = checkPasted({ text: post('<link rel="canonical" href="https://janes-bakes.example/a">'), url: "https://janes-bakes.example/b" }, vocabulary);
    expect(address).toEqual({ url: "https://janes-bakes.example/b", source: "given", notice: null });
    expect(result.page.url).toBe("https://janes-bakes.example/b");
  });

  test("with no address anywhere, nothing built on one is suggested, and the answer asks for it", () => {
    const { result, address } = checkPasted({ text: post("") }, vocabulary);
    expect(address).toEqual({ url: null, source: null, notice: ADDRESS_NEEDED });
    expect(result.generated).toEqual([]);
    expect(JSON.stringify(result)).not.toContain("pasted.invalid/#");
    // A relative or non-http canonical states no address either.
    for (const head of ['<link rel="canonical" href="/2026/sourdough">', '<meta property="og:url" content="javascript:alert(1)">']) {
      expect(checkPasted({ text: post(head) }, vocabulary).address).toEqual({ url: null, source: null, notice: ADDRESS_NEEDED });
    }
  });

  test("pasted JSON-LD suggests nothing, so it is not asked for an address", () => {
    expect(checkPasted({ text: JSON.stringify(PRODUCT) }, vocabulary).address).toEqual({ url: null, source: null, notice: null });
  });
});
