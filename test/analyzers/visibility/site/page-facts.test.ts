import { describe, expect, test } from "bun:test";
import { pageFacts, softNotFound } from "../../../../src/analyzers/visibility/derive/page-facts.ts";

const URL_ = "https://shop.example/products/lamp-1";
const facts = (html: string, status = 200, finalUrl = URL_) => pageFacts({ html, finalUrl, contentType: "text/html", status });
const prose = (words: number) => Array.from({ length: words }, (_, index) => `word${index}`).join(" ");

describe("pageFacts", () => {
  test("reads title, description, h1, lang, canonical, directives and Open Graph", () => {
    const read = facts(`<!doctype html><html lang="en-GB"><head><title>  Brass   lamp </title>
      <meta name="Description" content="A brass lamp.">
      <meta name="robots" content="noindex, nofollow"><meta name="googlebot" content="nosnippet">
      <link rel="canonical" href="/products/lamp">
      <meta property="og:title" content="Lamp"><meta property="og:image" content="/l.jpg"><meta property="og:type" content="Product">
      </head><body><h1>Brass <em>lamp</em></h1><p>${prose(80)}</p></body></html>`);
    expect(read.title).toBe("Brass lamp");
    expect(read.description).toBe("A brass lamp.");
    expect(read.h1).toBe("Brass lamp");
    expect(read.lang).toBe("en-GB");
    expect(read.canonical).toBe("https://shop.example/products/lamp");
    expect(read.metaDirectives).toEqual([
      { scope: "all", directive: "noindex" },
      { scope: "all", directive: "nofollow" },
      { scope: "googlebot", directive: "nosnippet" },
    ]);
    expect(read.openGraph).toEqual({ title: true, description: false, image: true, type: "product" });
    expect(read.words).toBeGreaterThanOrEqual(80);
    expect(read.appShell).toBe(false);
    expect(read.softNotFound).toBe(false);
  });

  test("a page with nothing in its head has nulls, not empty strings", () => {
    const read = facts("<p>hello</p>");
    expect(read).toMatchObject({ title: null, description: null, h1: null, lang: null, canonical: null, metaDirectives: [], article: null, kind: null });
  });

  test("an empty React mount point with bundles is an app shell; the same page with server-rendered text is not", () => {
    const shell = `<html><head><title>Blog</title><script src="/main.js"></script></head><body><div id="root"></div></body></html>`;
    expect(facts(shell).appShell).toBe(true);
    expect(facts(shell.replace('<div id="root"></div>', `<div id="root"><p>${prose(200)}</p></div>`)).appShell).toBe(false);
  });

  test("soft 404: a 2xx page titled not found with little text, in several languages", () => {
    for (const title of ["Page not found – Acme", "404 Not Found", "Error 404", "Seite nicht gefunden", "Page introuvable", "Página no encontrada", "ページが見つかりません", "Страница не найдена"]) {
      expect(facts(`<title>${title}</title><p>Sorry. Go back to the homepage.</p>`).softNotFound).toBe(true);
    }
    // WordPress's default theme says this on its 404 template.
    expect(facts(`<title>Shop</title><h1>Oops! That page can't be found.</h1><p>Try searching.</p>`).softNotFound).toBe(true);
    expect(facts(`<title>Shop</title><h1>This page doesn't exist</h1><p>Try searching.</p>`).softNotFound).toBe(true);
  });

  test("not a soft 404: an error status (that is a hard one), a long page about 404s, a title that only mentions the words", () => {
    expect(facts(`<title>Page not found</title>`, 404).softNotFound).toBe(false);
    expect(facts(`<title>How to fix 404 errors</title><h1>Fixing a 404 page not found error</h1><p>${prose(900)}</p>`).softNotFound).toBe(false);
    expect(softNotFound("Lost and found: a history of umbrellas", null, 40)).toBe(false);
    expect(softNotFound("Top 404 tips", null, 40)).toBe(false);
    expect(softNotFound("The 404 Club", "Welcome", 40)).toBe(false);
  });

  test("structured data: top-level types, broken JSON-LD counted with an example", () => {
    const read = facts(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme","address":{"@type":"PostalAddress"}}</script>
      <script type="application/ld+json">{"@type": "Product",}</script><p>${prose(60)}</p>`);
    expect(read.structuredData.types).toEqual(["Organization"]);
    expect(read.structuredData.errors).toBe(1);
    expect(read.structuredData.examples[0]).toContain("json-ld[1]");
  });

  test("a product page whose Product lacks offers: the kind, the fit, and what Google's merchant listing requires", () => {
    const page = (product: string) =>
      facts(`<html><head><title>Lamp</title><meta property="og:type" content="product">
      <script type="application/ld+json">${product}</script></head>
      <body><h1>Lamp</h1><p>${prose(60)}</p><p>€49,00</p><button>Add to cart</button></body></html>`);
    const bare = page(`{"@context":"https://schema.org","@type":"Product","name":"Lamp","image":"https://shop.example/l.jpg"}`);
    expect(bare.kind).toMatchObject({ kind: "product", fits: true, missing: ["offers"] });
    const offered = page(`{"@context":"https://schema.org","@type":"Product","name":"Lamp","image":"https://shop.example/l.jpg","offers":{"@type":"Offer","price":"49.00","priceCurrency":"EUR"}}`);
    expect(offered.kind).toMatchObject({ kind: "product", fits: true, missing: [] });
    const untyped = page(`{"@context":"https://schema.org","@type":"WebPage","name":"Lamp"}`);
    expect(untyped.kind).toMatchObject({ kind: "product", fits: false, missing: [] });
  });

  test("an article: its byline and dates", () => {
    const read = facts(
      `<html lang="en"><head><title>On lamps</title><meta property="og:type" content="article">
      <meta property="article:published_time" content="2026-03-01T10:00:00Z"><meta property="article:modified_time" content="2026-04-01T10:00:00Z">
      <meta name="author" content="Ada Lovelace"></head><body><article><h1>On lamps</h1><p>${prose(400)}</p></article></body></html>`,
      200,
      "https://shop.example/blog/on-lamps",
    );
    expect(read.kind).toMatchObject({ kind: "article", fits: false });
    expect(read.article).toEqual({ author: "Ada Lovelace", published: "2026-03-01T10:00:00Z", modified: "2026-04-01T10:00:00Z" });
  });

  test("hostile input: script in the title stays text, huge titles are bounded, nothing throws", () => {
    const read = facts(`<title>${"<b>x</b>".repeat(10)}${"a".repeat(100_000)}</title><h1><script>alert(1)</script>Hi</h1><link rel=canonical href="javascript:alert(1)">`);
    expect(read.title!.length).toBeLessThanOrEqual(200);
    expect(read.h1).toBe("Hi");
    expect(read.canonical).toBe("javascript:alert(1)");
    expect(() => facts("\u0000<<<>>>&&&<html")).not.toThrow();
  });

  test("keeps only plain values: the facts survive a JSON round trip unchanged", () => {
    const read = facts(`<title>T</title><meta property="og:type" content="article"><article>${prose(200)}</article>`);
    expect(JSON.parse(JSON.stringify(read))).toEqual(read);
  });
});

test("the heading is the first <h1> that says something: a logo wrapped in an empty <h1> comes before it on many sites", () => {
  const html = `<!doctype html><html lang="en"><head><title>Telescope opens</title></head><body><h1 class="logo"><a href="/"><img src="/logo.svg" alt=""></a></h1><article><h1>Gigantic telescope opens to astronomers</h1><p>${"words ".repeat(300)}</p></article></body></html>`;
  expect(pageFacts({ html, finalUrl: "https://example.com/news/telescope", contentType: "text/html", status: 200 }).h1).toBe("Gigantic telescope opens to astronomers");
  const logoOnly = html.replace("<h1>Gigantic telescope opens to astronomers</h1>", "<h2>Gigantic telescope opens to astronomers</h2>");
  expect(pageFacts({ html: logoOnly, finalUrl: "https://example.com/news/telescope", contentType: "text/html", status: 200 }).h1).toBeNull();
});
