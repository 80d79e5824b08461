import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { embedReferences, joinedItems, propertyNodes, propertyTexts, structuredGraph } from "../../../src/analyzers/structured-data/structured-graph.ts";

const BASE = "https://shop.example/p/lamp";
const graphOf = (body: string) => {
  const html = `<!doctype html><html><head></head><body>${body}</body></html>`;
  return structuredGraph(parseHtml(html), html, BASE);
};
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("the structured-data graph", () => {
  test("@graph is a container, not a node; its members are nodes, and nested nodes are nodes too", () => {
    const graph = graphOf(ld({ "@context": "https://schema.org", "@graph": [{ "@type": "WebSite", name: "S", publisher: { "@type": "Organization", name: "O" } }, { "@type": "WebPage" }] }));
    expect(graph.nodes.map((node) => [node.types, node.topLevel])).toEqual([
      [["WebSite"], true],
      [["Organization"], false],
      [["WebPage"], true],
    ]);
    expect(graph.nodes[1]!.sources).toEqual([{ format: "json-ld", path: "json-ld[0] @graph[0] publisher" }]);
  });

  test("nodes sharing an @id are joined across blocks and formats; references resolve; ids are made absolute", () => {
    const graph = graphOf(
      ld({ "@context": "https://schema.org", "@type": "Product", name: "Lamp", offers: { "@id": "#offer" } }) +
        ld({ "@context": "https://schema.org", "@type": "Offer", "@id": "#offer", price: "10" }) +
        `<div itemscope itemtype="https://schema.org/Offer" itemid="${BASE}#offer"><meta itemprop="priceCurrency" content="EUR"></div>`,
    );
    const offer = graph.byId.get(`${BASE}#offer`)!;
    expect(offer.types).toEqual(["Offer"]);
    expect(propertyTexts(offer, "price")).toEqual(["10"]);
    expect(propertyTexts(offer, "priceCurrency")).toEqual(["EUR"]);
    expect(offer.sources.map((source) => source.format)).toEqual(["json-ld", "microdata"]);
    const product = graph.nodes.find((node) => node.types.includes("Product"))!;
    expect(propertyNodes(graph, product, "offers")).toEqual([offer]);
    expect(embedReferences(graph, product.node)).toMatchObject({ offers: { "@type": "Offer", price: "10", priceCurrency: "EUR" } });
  });

  test("types given as arrays, as IRIs and as prefixed names all read as short schema.org names", () => {
    const graph = graphOf(ld({ "@context": "https://schema.org", "@type": ["https://schema.org/Bakery", "schema:Store", "http://example.org/Thing"] }));
    expect(graph.nodes[0]!.types).toEqual(["Bakery", "Store", "http://example.org/Thing"]);
  });

  test("@id cycles end, and references that multiply are embedded within a budget", () => {
    const cycle = graphOf(ld({ "@context": "https://schema.org", "@graph": [{ "@id": "#a", "@type": "Person", knows: { "@id": "#b" } }, { "@id": "#b", "@type": "Person", knows: { "@id": "#a" } }] }));
    const a = cycle.byId.get(`${BASE}#a`)!;
    expect(embedReferences(cycle, a.node)).toEqual({ "@id": "#a", "@type": "Person", knows: { "@id": "#b", "@type": "Person", knows: { "@id": "#a" } } });
    // Ten levels, each pointing at the next ten times: 10^10 copies without a budget.
    const levels = Array.from({ length: 10 }, (_, level) => ({ "@id": `#n${level}`, "@type": "Thing", knows: Array.from({ length: 10 }, () => ({ "@id": `#n${level + 1}` })) }));
    const wide = graphOf(ld({ "@context": "https://schema.org", "@graph": levels }));
    const started = performance.now();
    const embedded = JSON.stringify(embedReferences(wide, wide.byId.get(`${BASE}#n0`)!.node));
    expect(embedded.length).toBeLessThan(2_000_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("Microdata", () => {
  test("attribute names are case-insensitive, as in HTML", () => {
    const graph = graphOf(`<div itemScope itemType="https://schema.org/Organization"><span itemProp="name">Acme</span></div>`);
    expect(graph.nodes.map((node) => [node.types, propertyTexts(node, "name")])).toEqual([[["Organization"], ["Acme"]]]);
  });

  test("itemref adds the referenced elements' properties, and a loop of references ends", () => {
    const graph = graphOf(
      // "wrap" encloses the item itself: crawling it leads back to the item, which must not loop.
      `<section id="wrap"><div itemscope itemtype="https://schema.org/Product" itemref="extra more wrap"><span itemprop="name">Lamp</span></div></section>` +
        `<p id="extra"><span itemprop="sku">L-1</span></p><p id="more"><span itemprop="color">red</span></p>`,
    );
    const product = graph.nodes.find((node) => node.types.includes("Product"))!;
    expect(propertyTexts(product, "name")).toEqual(["Lamp"]);
    expect(propertyTexts(product, "sku")).toEqual(["L-1"]);
    expect(propertyTexts(product, "color")).toEqual(["red"]);
  });

  test("<time> reads datetime, then content (as schema.org's examples write opening hours), then its text", () => {
    const graph = graphOf(`<div itemscope itemtype="https://schema.org/OpeningHoursSpecification"><time itemprop="opens" content="09:00:00">9am</time><time itemprop="closes" datetime="17:00:00" content="x">5pm</time><time itemprop="validFrom">2026-01-01</time></div>`);
    const node = graph.nodes[0]!;
    expect([propertyTexts(node, "opens"), propertyTexts(node, "closes"), propertyTexts(node, "validFrom")]).toEqual([["09:00:00"], ["17:00:00"], ["2026-01-01"]]);
  });
});

describe("RDFa", () => {
  test("rel links a nested item to its parent instead of making it an item of its own; a hanging rel does too", () => {
    const graph = graphOf(
      `<div vocab="https://schema.org/" typeof="Product"><span property="name">Lamp</span>` +
        `<div rel="offers" typeof="Offer"><span property="price" content="10">€10</span></div>` +
        `<div rel="review"><div typeof="Review"><span property="reviewBody">Bright</span></div></div></div>`,
    );
    expect(graph.items).toHaveLength(1);
    const product = graph.nodes[0]!;
    expect(product.types).toEqual(["Product"]);
    expect(propertyNodes(graph, product, "offers").map((node) => propertyTexts(node, "price"))).toEqual([["10"]]);
    expect(propertyNodes(graph, product, "review").map((node) => node.types)).toEqual([["Review"]]);
  });

  test("a rel on a link gives the linked IRI; HTML link types such as nofollow are not properties", () => {
    const graph = graphOf(`<div vocab="https://schema.org/" typeof="Organization"><a rel="sameAs nofollow" href="https://www.wikidata.org/wiki/Q1">W</a></div>`);
    expect(graph.nodes[0]!.node).toEqual({ "@type": "Organization", sameAs: { "@id": "https://www.wikidata.org/wiki/Q1" } });
  });

  test("rev states the property the other way round, under @reverse", () => {
    const graph = graphOf(`<div vocab="https://schema.org/" typeof="Legislation" resource="#act"><a rev="legislationCorrects" typeof="Legislation" href="/fix">Fix</a></div>`);
    const act = graph.byId.get(`${BASE}#act`)!;
    expect(act.node["@reverse"]).toEqual({ legislationCorrects: { "@type": "Legislation", "@id": "https://shop.example/fix" } });
    expect(graph.byId.get("https://shop.example/fix")!.types).toEqual(["Legislation"]);
  });

  test('vocab="https://schema.org" without its trailing slash still means schema.org; content wins on any element', () => {
    const graph = graphOf(`<div vocab="https://schema.org" typeOf="LocalBusiness"><time property="openingHours" content="Mo-Fr 09:00-17:00">weekdays</time></div>`);
    expect(graph.nodes[0]!.types).toEqual(["LocalBusiness"]);
    expect(propertyTexts(graph.nodes[0]!, "openingHours")).toEqual(["Mo-Fr 09:00-17:00"]);
  });

  test("an about or resource without a property starts a subject of its own, joined by @id with what the page says elsewhere", () => {
    const graph = graphOf(
      `<div vocab="https://schema.org/" typeof="ScholarlyArticle"><span property="isPartOf" typeof="Periodical" resource="#periodical"><span property="name">CCQ</span></span>` +
        `<span resource="#periodical"><span property="issn">0163-9374</span></span><a href="/x"><span property="headline">Kept on the article</span></a></div>`,
    );
    const article = graph.nodes.find((node) => node.types.includes("ScholarlyArticle"))!;
    expect(propertyTexts(article, "headline")).toEqual(["Kept on the article"]);
    expect(propertyTexts(article, "issn")).toEqual([]);
    const periodical = graph.byId.get(`${BASE}#periodical`)!;
    expect(periodical.types).toEqual(["Periodical"]);
    expect(propertyTexts(periodical, "issn")).toEqual(["0163-9374"]);
    // The subject stated on its own is an item, joined with the type its other statement gives it.
    expect(joinedItems(graph).map((item) => item.node["@type"] ?? null)).toEqual(["ScholarlyArticle", "Periodical"]);
  });

  test("rdf:type (a prefix of RDFa's initial context) adds a type", () => {
    const graph = graphOf(`<div vocab="https://schema.org/" typeof="TouristAttraction"><div rel="rdf:type" resource="https://schema.org/Winery"></div></div>`);
    expect(graph.nodes[0]!.types).toEqual(["TouristAttraction", "Winery"]);
  });
});
