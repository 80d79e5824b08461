import { describe, expect, test } from "bun:test";
import { extractStructuredData } from "../../../src/analyzers/structured-data/extract-structured-data.ts";
import { jsonLd, page } from "../schema/analyze-fixtures.ts";

function extract(html: string) {
  return extractStructuredData(html, "https://shop.example/dir/page");
}

describe("JSON-LD", () => {
  test("top-level objects, arrays and @graph members each become an item, inheriting the @context", () => {
    const html = page(
      jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "A" }) +
        jsonLd([{ "@context": "https://schema.org", "@type": "Person", name: "B" }, { "@type": "Person", name: "C" }]) +
        `<script type="application/ld+json; charset=utf-8">${JSON.stringify({ "@context": { "@vocab": "http://schema.org/" }, "@graph": [{ "@type": "WebSite" }, { "@type": "WebPage" }] })}</script>`,
    );
    const { items, problems } = extract(html);
    expect(problems).toEqual([]);
    expect(items.map((item) => [item.path, item.node["@type"], item.context])).toEqual([
      ["json-ld[0]", "Organization", "schema.org"],
      ["json-ld[1][0]", "Person", "schema.org"],
      ["json-ld[1][1]", "Person", "missing"],
      ["json-ld[2] @graph[0]", "WebSite", "schema.org"],
      ["json-ld[2] @graph[1]", "WebPage", "schema.org"],
    ]);
  });

  test("a block that does not parse is a problem naming the likely cause; comments around the JSON are tolerated", () => {
    const html = page(
      `<script type="application/ld+json">{"@type": "Thing", "name": "x",}</script>` +
        `<script type="application/ld+json"><!-- {"@context": "https://schema.org", "@type": "Thing"} --></script>` +
        `<script type="application/ld+json">   </script><script type="application/ld+json">[1]</script>`,
    );
    const { items, problems } = extract(html);
    expect(items.map((item) => item.path)).toEqual(["json-ld[1]"]);
    expect(problems.map((problem) => problem.path)).toEqual(["json-ld[0]", "json-ld[2]", "json-ld[3][0]"]);
    expect(problems[0]!.message).toContain("not valid JSON");
    expect(problems[0]!.message).toContain("comma before a closing bracket");
    expect(problems[1]!.message).toContain("empty");
    expect(problems[2]!.message).toContain("a number");
  });

  test("a stray quote in an earlier start tag (businessweek's `src=\"…\"\"`) does not hide the blocks after it", () => {
    // In the HTML tokenizer a quote opens a value only after `=`; elsewhere it is part of an attribute name.
    const html = page(`<script src="/common.js?cbd=1"" type="text/javascript"></script><script>var a = "x";</script>${jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "BusinessWeek" })}`);
    expect(extractStructuredData(html, "https://example.com/").items.map((item) => item.node["@type"])).toEqual(["Organization"]);
  });

  test("@graph members inherit the context, refined by the @graph's own; members of a top-level array do not share one", () => {
    const block = [
      { "@context": "https://schema.org", "@graph": [{ "@context": { ex: "https://example.org/" }, "@graph": [{ type: "WebSite", "ex:code": "1" }] }] },
      { "@context": "https://schema.org/" },
      { "@type": "DefinedTerm", name: "calendar year" },
    ];
    const { items } = extract(`<script type="application/ld+json">${JSON.stringify(block)}</script>`);
    expect(items.map((item) => [item.path, item.node["@type"] ?? null, item.context])).toEqual([
      ["json-ld[0][0] @graph[0] @graph[0]", "WebSite", "schema.org"],
      ["json-ld[0][1]", null, "schema.org"],
      ["json-ld[0][2]", "DefinedTerm", "missing"],
    ]);
    expect(Object.keys(items[0]!.node)).toContain("https://example.org/code");
  });

  test("contexts are classified as the interpreter reads them", () => {
    const contextOf = (context: unknown) => extract(`<script type="application/ld+json">${JSON.stringify({ ...(context === undefined ? {} : { "@context": context }), "@type": "Thing" })}</script>`).items[0]!.context;
    expect(contextOf("http://schema.org/")).toBe("schema.org");
    expect(contextOf(["https://schema.org", { foo: "bar" }])).toBe("schema.org");
    expect(contextOf("https://example.org/vocab")).toBe("other");
    expect(contextOf(undefined)).toBe("missing");
  });
});

describe("Microdata", () => {
  test("nested itemscopes become nested nodes; links are made absolute; repeated properties become arrays", () => {
    const html = page(
      "",
      `<div itemscope itemtype="https://schema.org/Product" itemid="#p">
         <h1 itemprop="name">Lamp</h1><img itemprop="image" src="../img/lamp.jpg"><img itemprop="image" src="/b.jpg">
         <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
           <meta itemprop="price" content="19.99"><span itemprop="priceCurrency">USD</span>
           <link itemprop="availability" href="https://schema.org/InStock">
         </div>
         <time itemprop="releaseDate" datetime="2024-01-02">2 Jan</time>
       </div>
       <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann</span></div>`,
    );
    const { items } = extract(html);
    expect(items.map((item) => item.path)).toEqual(["microdata[0]", "microdata[1]"]);
    expect(items[0]!.node).toEqual({
      "@type": "Product",
      "@id": "#p",
      name: "Lamp",
      image: ["https://shop.example/img/lamp.jpg", "https://shop.example/b.jpg"],
      offers: { "@type": "Offer", price: "19.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
      releaseDate: "2024-01-02",
    });
  });
});

describe("RDFa Lite", () => {
  test("vocab and prefixes expand terms, schema.org's to their bare names as JSON-LD's context does; nested typeof becomes a nested node", () => {
    const html = page(
      "",
      `<div vocab="https://schema.org/" typeof="Event">
         <span property="name">Launch</span>
         <div property="location" typeof="Place"><span property="name">Hall</span></div>
       </div>
       <div prefix="s: http://schema.org/" typeof="s:Person"><span property="s:name">Bo</span><a property="s:url" href="/bo">Bo</a></div>
       <div typeof="foaf:Person"><span property="foaf:name">X</span></div>`,
    );
    const { items } = extract(html);
    expect(items.map((item) => item.node)).toEqual([
      { "@type": "Event", name: "Launch", location: { "@type": "Place", name: "Hall" } },
      { "@type": "Person", name: "Bo", url: "https://shop.example/bo" },
      // foaf is a prefix of RDFa's initial context, so it expands without a declaration.
      { "@type": "http://xmlns.com/foaf/0.1/Person", "http://xmlns.com/foaf/0.1/name": "X" },
    ]);
  });
});

/**
 * The markup tree (markup-tree.ts) keeps only what the readers use: text inside property elements, the
 * attributes they read (compared in place, in any letter case) and, for common tag names, names it does not
 * cut from the page. These pin that nothing the readers need is lost on the way, on a page with a character
 * past Latin-1 (stored as UTF-16, where the parser's own slicing is slowest) and in upper-case markup.
 */
describe("the markup tree Microdata and RDFa are read from", () => {
  test("attributes the readers use are read in any letter case with their character references decoded; other attributes change nothing", () => {
    const html = page(
      "",
      `<p class="lead">“Quoted” text outside any item</p>
       <DIV itemScope ItemType="https://schema.org/Product" CLASS="card" data-content="not the content" Style="x">
         <SPAN ItemProp="name" class="title">Tea &amp; Biscuits</SPAN>
         <meta itemprop="description" CONTENT="2 &lt; 3" NAME="description">
         <A itemprop="url" HREF="/p?a=1&amp;b=2" TITLE="link">link</A>
         <Div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" style="x">1.50</span></Div>
       </DIV>`,
    );
    expect(extract(html).items.map((item) => item.node)).toEqual([
      { "@type": "Product", name: "Tea & Biscuits", description: "2 < 3", url: "https://shop.example/p?a=1&b=2", offers: { "@type": "Offer", price: "1.50" } },
    ]);
  });

  test("a property's text includes the text of elements nested in it; text outside property elements is not a value", () => {
    const html = page("", `<div itemscope itemtype="https://schema.org/Person"><p>Not a value</p><span itemprop="name">Ada <b>King</b> &eacute;tude</span></div>`);
    expect(extract(html).items.map((item) => item.node)).toEqual([{ "@type": "Person", name: "Ada King étude" }]);
  });

  test("elements nest as HTML's implied end tags make them, whatever the case of their names", () => {
    // <P> is closed by the next <p>, and both by </DIV>: the two properties are siblings of one item.
    const html = page("", `<DIV VOCAB="https://schema.org/" TypeOf="Person"><P Property="name">Ann<p property="jobTitle">Chemist</DIV><div typeof="Thing"><p property="name">Other</p></div>`);
    expect(extract(html).items.map((item) => item.node)).toEqual([
      { "@type": "Person", name: "Ann", jobTitle: "Chemist" },
      { "@type": "Thing", name: "Other" },
    ]);
  });
});
