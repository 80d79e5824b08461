import { describe, expect, test } from "bun:test";
import type { ExistingMarkup } from "../../../src/analyzers/schema/generate/existing-markup.ts";
import { jsonLdText } from "../../../src/analyzers/schema/generate/json-ld-text.ts";
import { buildMarkupGraph } from "../../../src/analyzers/schema/generate/markup-graph.ts";
import { readPageFacts } from "../../../src/analyzers/schema/generate/page-facts.ts";
import { parsePrice } from "../../../src/analyzers/schema/generate/parse-price.ts";
import { parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { ARTICLE_WITH_ORGANIZATION, BARE_ARTICLE, BARE_HOMEPAGE, PRODUCT_PAGE } from "../../fixtures/schema-pages/pages.ts";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";
import { expectSoundSuggestion } from "./generated-round-trip.ts";

type Node = Record<string, unknown>;

/** The suggested graph's nodes by @id, after checking the suggestion as every fixture's is checked. */
function suggestedGraph(html: string, url = "https://shop.example/p/item"): { nodes: Map<string, Node>; linksTo: string[]; types: string[] } {
  const { generated } = analyzeHtml(html, url);
  expect(generated).toHaveLength(1);
  expectSoundSuggestion(html, url, generated[0]!);
  const members = (JSON.parse(generated[0]!.jsonLd) as { "@graph": Node[] })["@graph"];
  return { nodes: new Map(members.map((member) => [member["@id"] as string, member])), linksTo: generated[0]!.linksTo!, types: members.map((member) => member["@type"] as string) };
}

const NO_MARKUP: ExistingMarkup = { has: () => false, idOf: () => null, ids: new Set(), nameOf: () => null };

describe("the suggested graph", () => {
  test("a homepage without markup gets its Organization, WebSite and WebPage, linked by @id", () => {
    const { generated } = analyzeHtml(BARE_HOMEPAGE, "https://shop.example/");
    expect(JSON.parse(generated[0]!.jsonLd)).toEqual({
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "Organization",
          "@id": "https://shop.example/#organization",
          name: "Acme Outdoor",
          url: "https://shop.example/",
          logo: "https://shop.example/logo.svg",
          sameAs: ["https://www.linkedin.com/company/acme-outdoor", "https://github.com/acme"],
        },
        { "@type": "WebSite", "@id": "https://shop.example/#website", name: "Acme Outdoor", url: "https://shop.example/", publisher: { "@id": "https://shop.example/#organization" } },
        {
          "@type": "WebPage",
          "@id": "https://shop.example/#webpage",
          url: "https://shop.example/",
          name: "Acme Outdoor | Gear for the trail",
          isPartOf: { "@id": "https://shop.example/#website" },
          about: { "@id": "https://shop.example/#organization" },
        },
      ],
    });
    expect(generated[0]!.type).toBe("Organization, WebSite, WebPage");
    expect(generated[0]!.nodes!.map((node) => node.richResults)).toEqual([["Organization logo"], [], []]);
    expect(generated[0]!.reason).toStartWith("One @graph for https://shop.example/: 3 node(s) joined by @id.");
    for (const node of generated[0]!.nodes!) expect(node.reason.length).toBeGreaterThan(40);
    expectSoundSuggestion(BARE_HOMEPAGE, "https://shop.example/", generated[0]!);
  });

  test("an article with questions: the page is a FAQPage about the BlogPosting, with its trail; no site name, so no Organization is guessed", () => {
    const { nodes, types } = suggestedGraph(BARE_ARTICLE, "https://shop.example/blog/lacing");
    expect(types).toEqual(["FAQPage", "BlogPosting", "BreadcrumbList"]);
    const webpage = nodes.get("https://shop.example/blog/lacing#webpage")!;
    expect(webpage).toMatchObject({ about: { "@id": "https://shop.example/blog/lacing#article" }, breadcrumb: { "@id": "https://shop.example/blog/lacing#breadcrumb" } });
    expect((webpage.mainEntity as Node[]).map((question) => question.name)).toEqual(["Why do my toes hit the front?", "How tight should laces be?"]);
    const article = nodes.get("https://shop.example/blog/lacing#article")!;
    expect(article).toMatchObject({ headline: "How to lace trail shoes", author: { "@type": "Person", name: "Jane Doe" }, datePublished: "2024-05-17T09:30:00+02:00" });
    // The title's first part ("How to lace trail shoes") is this page's name, not the site's.
    expect(article.publisher).toBeUndefined();
    const trail = nodes.get("https://shop.example/blog/lacing#breadcrumb")!.itemListElement as { name: string; item: string }[];
    expect(trail.map((crumb) => [crumb.name, crumb.item])).toEqual([
      ["Home", "https://shop.example/"],
      ["Blog", "https://shop.example/blog/"],
      ["Lacing", "https://shop.example/blog/lacing"],
    ]);
  });

  test("an Organization the page declares with an @id is linked to, never restated", () => {
    const { nodes, linksTo, types } = suggestedGraph(ARTICLE_WITH_ORGANIZATION, "https://news.example/2025/bruecke");
    expect(types).toEqual(["WebSite", "WebPage", "Article"]);
    expect(linksTo).toEqual(["https://news.example/#org"]);
    expect(nodes.get("https://news.example/#website")!.publisher).toEqual({ "@id": "https://news.example/#org" });
    expect(nodes.get("https://news.example/2025/bruecke#article")).toMatchObject({
      publisher: { "@id": "https://news.example/#org" },
      author: { "@type": "Person", name: "Eva Berg", url: "https://news.example/autoren/eva-berg" },
      dateModified: "2025-02-03T10:15:00+01:00",
      inLanguage: "de",
      mainEntityOfPage: { "@id": "https://news.example/2025/bruecke#webpage" },
    });
  });

  test("an Organization without an @id is not restated, and nothing links to a node it cannot name", () => {
    const html = page(`${jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "Acme" })}<meta property="og:site_name" content="Acme"><meta property="og:type" content="product"><meta property="product:price:amount" content="5"><meta property="product:price:currency" content="EUR">`, "<h1>Peg</h1>");
    const { nodes, types, linksTo } = suggestedGraph(html);
    expect(types).toEqual(["WebSite", "WebPage", "Product"]);
    expect(linksTo).toEqual([]);
    expect(nodes.get("https://shop.example/#website")!.publisher).toBeUndefined();
    expect(nodes.get("https://shop.example/p/item#product")!.offers).toEqual({ "@type": "Offer", url: "https://shop.example/p/item", price: "5", priceCurrency: "EUR" });
  });

  test("a WebPage the page declares with its @id: the subject is linked to it, and the questions become a FAQPage of their own", () => {
    const declared = jsonLd({ "@context": "https://schema.org", "@type": "ItemPage", "@id": "https://shop.example/p/item#page", name: "Peg" });
    const html = page(`${declared}<meta property="og:type" content="product"><meta property="product:price:amount" content="5"><meta property="product:price:currency" content="EUR">`, "<h1>Peg</h1><h2>Is it steel?</h2><p>Yes.</p><h2>Does it rust?</h2><p>No.</p>");
    const { nodes, types, linksTo } = suggestedGraph(html);
    expect(types).toEqual(["Product", "FAQPage"]);
    expect(linksTo).toEqual(["https://shop.example/p/item#page"]);
    expect(nodes.get("https://shop.example/p/item#product")!.mainEntityOfPage).toEqual({ "@id": "https://shop.example/p/item#page" });
    expect(nodes.has("https://shop.example/p/item#faq")).toBe(true);
  });

  test("@ids come from the canonical URL on the same site; another site's or a javascript: canonical is ignored", () => {
    const product = (canonical: string) => page(`<link rel="canonical" href="${canonical}"><meta property="og:type" content="product"><meta property="product:price:amount" content="5"><meta property="product:price:currency" content="EUR">`, "<h1>Peg</h1>");
    const ids = (html: string) => [...suggestedGraph(html, "https://www.shop.example/p/peg?utm_source=x#top").nodes.keys()];
    expect(ids(product("https://shop.example/p/peg"))).toEqual(["https://shop.example/p/peg#webpage", "https://shop.example/p/peg#product"]);
    expect(ids(product("https://elsewhere.example/peg"))).toEqual(["https://www.shop.example/p/peg?utm_source=x#webpage", "https://www.shop.example/p/peg?utm_source=x#product"]);
    expect(ids(product("javascript:alert(1)"))).toEqual(["https://www.shop.example/p/peg?utm_source=x#webpage", "https://www.shop.example/p/peg?utm_source=x#product"]);
  });

  test("nothing is invented: no image, no Merchant listing; no venue address, no Event rich result; no time zone, no date", () => {
    const { generated } = analyzeHtml(page('<meta property="og:type" content="product"><meta property="product:price:amount" content="5"><meta property="product:price:currency" content="EUR">', "<h1>Peg</h1>"));
    const product = generated[0]!.nodes!.find((node) => node.type === "Product")!;
    expect(product.richResults).toEqual(["Product snippet"]);
    expect(product.reason).toContain("merchant listings also need an image");
    expect(generated[0]!.jsonLd).not.toContain('"image"');

    const online = analyzeHtml(page("", '<div class="h-event"><h1 class="p-name">Webinar</h1><time class="dt-start" datetime="2025-03-01T18:00:00Z">1 March</time><p class="p-location">Online</p></div>'), "https://shop.example/events/webinar");
    const event = online.generated[0]!.nodes!.find((node) => node.type === "Event")!;
    expect(event.richResults).toEqual([]);
    expect(JSON.parse(online.generated[0]!.jsonLd)["@graph"][1].location).toEqual({ "@type": "Place", name: "Online" });
    expectSoundSuggestion(page("", '<div class="h-event"><h1 class="p-name">Webinar</h1><time class="dt-start" datetime="2025-03-01T18:00:00Z">1 March</time><p class="p-location">Online</p></div>'), "https://shop.example/events/webinar", online.generated[0]!);

    const noZone = page('<meta property="og:type" content="article"><meta property="article:published_time" content="March 3, 2025 10:00">', "<article><h1>News</h1></article>");
    expect(readPageFacts(parseHtml(noZone), "https://shop.example/news/1").datePublished).toBeNull();
    const unreadable = page("", '<div class="h-event"><h1 class="p-name">Run</h1><time class="dt-start" datetime="next Friday">Friday</time></div>');
    expect(readPageFacts(parseHtml(unreadable), "https://shop.example/e").event).toBeNull();
  });

  test("a page that shows several prices is a listing: no Product is guessed from one of them", () => {
    const listing = page("", '<h1>Lamps</h1><span class="price">£49.90</span><span class="price">£29.90</span>');
    expect(analyzeHtml(listing).generated).toEqual([]);
    const one = page("", '<h1>Lamp</h1><div class="price"><span class="price-amount">£49.90</span></div>');
    expect(suggestedGraph(one).types).toEqual(["WebPage", "Product"]);
  });

  test("Open Graph product tags give brand, item number, condition and availability", () => {
    const html = page(
      '<meta property="og:type" content="product"><meta property="og:image" content="/i.jpg"><meta property="product:price:amount" content="12.50"><meta property="product:price:currency" content="EUR"><meta property="product:brand" content="Acme"><meta property="product:retailer_item_id" content="A-1"><meta property="product:condition" content="refurbished"><meta property="product:availability" content="oos">',
      "<h1>Lamp</h1><p>In stock soon</p>",
    );
    expect(suggestedGraph(html).nodes.get("https://shop.example/p/item#product")).toMatchObject({
      image: "https://shop.example/i.jpg",
      sku: "A-1",
      brand: { "@type": "Brand", name: "Acme" },
      offers: { price: "12.50", priceCurrency: "EUR", availability: "https://schema.org/OutOfStock", itemCondition: "https://schema.org/RefurbishedCondition" },
    });
  });

  test("a business on a site that marks up its Organization gets a LocalBusiness of its own, linked as part of it", () => {
    const organization = jsonLd({ "@context": "https://schema.org", "@type": "Organization", "@id": "https://shop.example/#org", name: "Acme", url: "https://shop.example/" });
    const html = page(organization, '<h1>Our Bristol shop</h1><p class="h-card"><span class="p-name">Acme Bristol</span>, <span class="p-street-address">1 Queen Square</span>, <span class="p-locality">Bristol</span>, <a href="tel:+44 117 1">+44 117 1</a></p>');
    const { nodes, types, linksTo } = suggestedGraph(html, "https://shop.example/shops/bristol");
    expect(types).toEqual(["WebPage", "LocalBusiness"]);
    expect(linksTo).toEqual(["https://shop.example/#org"]);
    expect(nodes.get("https://shop.example/shops/bristol#localbusiness")).toEqual({
      "@type": "LocalBusiness",
      "@id": "https://shop.example/shops/bristol#localbusiness",
      name: "Acme Bristol",
      url: "https://shop.example/",
      address: { "@type": "PostalAddress", streetAddress: "1 Queen Square", addressLocality: "Bristol" },
      telephone: "+44 117 1",
      parentOrganization: { "@id": "https://shop.example/#org" },
    });
    expect(nodes.get("https://shop.example/shops/bristol#webpage")!.about).toEqual({ "@id": "https://shop.example/shops/bristol#localbusiness" });
  });

  test("an Open Graph business object is a LocalBusiness; an author's or a venue's card is not the business", () => {
    const business = page(
      '<meta property="og:type" content="business.business"><meta property="og:title" content="Crumb"><meta property="business:contact_data:street_address" content="12 Gloucester Road"><meta property="business:contact_data:locality" content="Bristol"><meta property="business:contact_data:postal_code" content="BS7 8AE"><meta property="business:contact_data:country_name" content="United Kingdom"><meta property="place:location:latitude" content="51.47"><meta property="place:location:longitude" content="-2.59">',
      "<h1>Visit us</h1>",
    );
    const { nodes } = suggestedGraph(business, "https://crumb.example/visit");
    expect(nodes.get("https://crumb.example/#organization")).toMatchObject({ "@type": "LocalBusiness", name: "Crumb", geo: { "@type": "GeoCoordinates", latitude: "51.47", longitude: "-2.59" } });
    const authored = page("", '<article class="h-entry"><h1>Hi</h1><p class="p-author h-card"><span class="p-name">Jo</span> <span class="p-street-address">1 Main St</span> <span class="p-locality">Town</span></p></article>');
    expect(readPageFacts(parseHtml(authored), "https://shop.example/blog/hi").business).toBeNull();
  });

  test("a page with two events is a listing and announces none", () => {
    const two = page("", ['Run', 'Ride'].map((name) => `<div class="h-event"><span class="p-name">${name}</span><time class="dt-start" datetime="2025-05-01">1 May</time></div>`).join(""));
    expect(readPageFacts(parseHtml(two), "https://shop.example/events/").event).toBeNull();
    const named = page("", '<section class="event-details"><h1>Run</h1><time datetime="2025-05-01T09:00:00+02:00">1 May</time><address>Stadium, 1 Park Lane, Leeds</address></section>');
    expect(readPageFacts(parseHtml(named), "https://shop.example/events/run").event).toMatchObject({ name: "Run", startDate: "2025-05-01T09:00:00+02:00", location: { name: null, address: { text: "Stadium, 1 Park Lane, Leeds" } } });
    // A sidebar of upcoming events beside an article is not the page's event.
    const sidebar = page("", '<article><h1>Trail news</h1><p>…</p></article><aside class="upcoming-events"><time datetime="2025-05-01">1 May</time> Run <time datetime="2025-06-01">1 June</time> Ride</aside>');
    expect(readPageFacts(parseHtml(sidebar), "https://shop.example/news/1").event).toBeNull();
  });

  test("hostile page text cannot close the script element it is pasted into", () => {
    const hostile = page("", `<h1>Shoe</h1><p class="price">$10</p><article><h2>Is it &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; safe?</h2><p>No.</p><h2>Why?</h2><p>&lt;!-- x</p></article>`);
    const { generated } = analyzeHtml(hostile);
    expect(generated[0]!.type).toBe("FAQPage, Product");
    expect(generated[0]!.jsonLd).not.toContain("<");
    expect(generated[0]!.script!.match(/<\/script/g)).toHaveLength(1);
    expect(generated[0]!.script).not.toContain("<!--");
    expect(JSON.parse(generated[0]!.jsonLd)["@graph"][0].mainEntity[0].name).toBe("Is it </script><script>alert(1)</script> safe?");
    expectSoundSuggestion(hostile, "https://shop.example/p/item", generated[0]!);
    expect(jsonLdText({ a: "</script><!--" })).toBe('{\n  "a": "\\u003c/script>\\u003c!--"\n}');
  });

  test("a page that marks up what it shows gets nothing; the scaffolding alone is not suggested", () => {
    expect(analyzeHtml(PRODUCT_PAGE, "https://shop.example/p/trail-shoe-2").generated).toEqual([]);
    const facts = readPageFacts(parseHtml(page('<meta property="og:site_name" content="Acme">', "<h1>About us</h1>")), "https://shop.example/about");
    expect(buildMarkupGraph(facts, NO_MARKUP)).toBeNull();
    const everything: ExistingMarkup = { has: () => true, idOf: () => null, ids: new Set(), nameOf: () => null };
    expect(buildMarkupGraph(readPageFacts(parseHtml(BARE_ARTICLE), "https://shop.example/blog/lacing"), everything)).toBeNull();
  });

  test("prices are read in the usual notations", () => {
    expect(parsePrice("$1,299.99")).toEqual({ price: "1299.99", currency: "USD" });
    expect(parsePrice("€ 12,50")).toEqual({ price: "12.50", currency: "EUR" });
    expect(parsePrice("19.99 GBP")).toEqual({ price: "19.99", currency: "GBP" });
    expect(parsePrice("Free")).toBeNull();
  });
});
