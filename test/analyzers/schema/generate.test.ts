import { describe, expect, test } from "bun:test";
import { parsePrice } from "../../../src/analyzers/schema/generate/page-facts.ts";
import { BARE_ARTICLE, BARE_HOMEPAGE, PRODUCT_PAGE } from "../../fixtures/schema-pages/pages.ts";
import { analyzeHtml, page } from "./analyze-fixtures.ts";

/** Each suggestion, pasted into a page of its own, must pass our own checks without an error or warning. */
function expectValid(jsonLdText: string) {
  const result = analyzeHtml(page(`<script type="application/ld+json">${jsonLdText}</script>`));
  expect(result.problems).toEqual([]);
  expect(result.items).toHaveLength(1);
  expect({ errors: result.items[0]!.errors, warnings: result.items[0]!.warnings }).toEqual({ errors: [], warnings: [] });
}

describe("generated JSON-LD", () => {
  test("a homepage without markup gets Organization (name, logo, profiles) and WebSite", () => {
    const { generated } = analyzeHtml(BARE_HOMEPAGE, "https://shop.example/");
    expect(generated.map((entry) => entry.type)).toEqual(["Organization", "WebSite"]);
    expect(JSON.parse(generated[0]!.jsonLd)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Acme Outdoor",
      url: "https://shop.example/",
      logo: "https://shop.example/logo.svg",
      sameAs: ["https://www.linkedin.com/company/acme-outdoor", "https://github.com/acme"],
    });
    for (const entry of generated) {
      expect(entry.reason.length).toBeGreaterThan(30);
      expectValid(entry.jsonLd);
    }
  });

  test("an article page gets BlogPosting, BreadcrumbList and FAQPage from its byline, dates, trail and questions", () => {
    const { generated } = analyzeHtml(BARE_ARTICLE, "https://shop.example/blog/lacing");
    expect(generated.map((entry) => entry.type)).toEqual(["BlogPosting", "BreadcrumbList", "FAQPage"]);
    const article = JSON.parse(generated[0]!.jsonLd);
    expect(article).toMatchObject({ headline: "How to lace trail shoes", author: { "@type": "Person", name: "Jane Doe" }, datePublished: "2024-05-17T09:30:00+02:00" });
    const trail = JSON.parse(generated[1]!.jsonLd).itemListElement;
    expect(trail.map((crumb: { name: string; item: string }) => [crumb.name, crumb.item])).toEqual([
      ["Home", "https://shop.example/"],
      ["Blog", "https://shop.example/blog/"],
      ["Lacing", "https://shop.example/blog/lacing"],
    ]);
    expect(JSON.parse(generated[2]!.jsonLd).mainEntity).toHaveLength(2);
    for (const entry of generated) expectValid(entry.jsonLd);
  });

  test("hostile page text cannot close the script element it is pasted into", () => {
    const hostile = page("", `<h1>Shoe</h1><p class="price">$10</p><article><h2>Is it &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; safe?</h2><p>No.</p><h2>Why?</h2><p>&lt;!-- x</p></article>`);
    const { generated } = analyzeHtml(hostile);
    expect(generated.map((entry) => entry.type)).toEqual(["FAQPage", "Product"]);
    for (const entry of generated) {
      expect(entry.jsonLd).not.toContain("<");
      expectValid(entry.jsonLd);
    }
    expect(JSON.parse(generated[0]!.jsonLd).mainEntity[0].name).toBe("Is it </script><script>alert(1)</script> safe?");
  });

  test("a product page with visible price gets Product markup; types the page already marks up are not suggested again", () => {
    const bare = analyzeHtml(page('<meta property="og:type" content="product"><meta property="og:image" content="/i.jpg">', '<h1>Lamp</h1><div class="product-price">1.299,00 €</div><p>In stock</p>'));
    expect(bare.generated.map((entry) => entry.type)).toEqual(["Product"]);
    expect(JSON.parse(bare.generated[0]!.jsonLd).offers).toEqual({ "@type": "Offer", price: "1299.00", priceCurrency: "EUR", url: "https://shop.example/p/item", availability: "https://schema.org/InStock" });
    expectValid(bare.generated[0]!.jsonLd);
    expect(analyzeHtml(PRODUCT_PAGE, "https://shop.example/p/trail-shoe-2").generated).toEqual([]);
  });

  test("prices are read in the usual notations", () => {
    expect(parsePrice("$1,299.99")).toEqual({ price: "1299.99", currency: "USD" });
    expect(parsePrice("€ 12,50")).toEqual({ price: "12.50", currency: "EUR" });
    expect(parsePrice("19.99 GBP")).toEqual({ price: "19.99", currency: "GBP" });
    expect(parsePrice("Free")).toBeNull();
  });
});
