import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../../src/analyzers/structured-data/html-document.ts";
import { structuredAuthors, structuredDates } from "../../../../src/analyzers/visibility/derive/structured-data-claims.ts";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const doc = (head: string, body = "") => parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);

describe("structuredAuthors", () => {
  test("follows @graph, arrays and {\"@id\"} references, in this block or another", () => {
    const graph = ld({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "NewsArticle", "@id": "#article", author: [{ "@id": "https://example.com/#/person/ada" }, { "@type": "Person", name: "Grace Hopper" }] },
        { "@type": "Person", "@id": "https://example.com/#/person/ada", name: "Ada Lovelace" },
      ],
    });
    const other = ld({ "@context": "https://schema.org", "@type": "WebPage", creator: { "@id": "#team" } });
    const team = ld({ "@context": "https://schema.org", "@type": "Organization", "@id": "#team", name: "The Desk" });
    expect(structuredAuthors(doc(graph + other + team))).toEqual([
      { name: "Ada Lovelace", source: 'JSON-LD NewsArticle "author"' },
      { name: "Grace Hopper", source: 'JSON-LD NewsArticle "author"' },
      { name: "The Desk", source: 'JSON-LD WebPage "creator" (block 2)' },
    ]);
  });

  test("reads plain strings, nested articles, given and family names, and a bare @id as a last resort", () => {
    const page = ld({ "@type": "WebPage", mainEntity: { "@type": "BlogPosting", author: "Jane Doe" } });
    const parts = ld({ "@type": "Article", author: { "@type": "Person", givenName: "Ada", familyName: "Lovelace" } });
    const unresolved = ld({ "@type": "Article", author: { "@id": "https://example.com/#/person/unknown" } });
    expect(structuredAuthors(doc(page + parts + unresolved)).map((author) => author.name)).toEqual(["Jane Doe", "Ada Lovelace", "https://example.com/#/person/unknown"]);
  });

  test("comments and reviews are other people's words: their authors do not count", () => {
    const product = ld({ "@type": "Product", name: "Kettle", review: [{ "@type": "Review", author: { "@type": "Person", name: "A Reviewer" } }] });
    const article = ld({ "@type": "Article", comment: { "@type": "Comment", author: "A Reader" } });
    const comment = ld({ "@type": "Comment", author: "Another Reader" });
    expect(structuredAuthors(doc(product + article + comment))).toEqual([]);
    // A review that is the page's own subject is authored content.
    expect(structuredAuthors(doc(ld({ "@type": "Review", author: "The Critic" }))).map((author) => author.name)).toEqual(["The Critic"]);
  });

  test("Microdata: an author item's own name, a plain author property, but not a comment's author", () => {
    const body =
      '<article itemscope itemtype="https://schema.org/Article">' +
      '<p itemprop="author" itemscope itemtype="https://schema.org/Person">By <span itemprop="name">Valentina Palladino</span></p>' +
      '<meta itemprop="creator" content="Ars Staff">' +
      '<div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span itemprop="author">A Reader</span></div>' +
      '<div class="comment-author vcard" itemprop="author">Another Reader</div>' +
      "</article>";
    expect(structuredAuthors(doc("", body))).toEqual([
      { name: "Valentina Palladino", source: 'Microdata itemprop="author"' },
      { name: "Ars Staff", source: 'Microdata itemprop="creator"' },
    ]);
  });

  test("a broken block is skipped, not fatal", () => {
    expect(structuredAuthors(doc('<script type="application/ld+json">{"author": "x"</script>' + ld({ "@type": "Article", author: "Jane" })))).toEqual([{ name: "Jane", source: 'JSON-LD Article "author" (block 2)' }]);
  });
});

describe("structuredDates", () => {
  test("JSON-LD datePublished, dateModified and dateCreated (not a Comment's), and Microdata dates from content, datetime or text", () => {
    const head = ld({ "@graph": [{ "@type": "NewsArticle", datePublished: "2024-05-03T15:47:42Z", dateModified: "2024-05-04" }, { "@type": "Comment", dateCreated: "2024-05-05" }] });
    const body = '<meta itemprop="dateCreated" content="2017-04-11"><time itemprop="datePublished" datetime="2017-04-12">12 April</time><span itemprop="dateModified">2020-02-19</span>';
    expect(structuredDates(doc(head, body))).toEqual([
      { property: "datePublished", value: "2024-05-03T15:47:42Z", source: 'JSON-LD NewsArticle "datePublished"' },
      { property: "dateModified", value: "2024-05-04", source: 'JSON-LD NewsArticle "dateModified"' },
      { property: "dateCreated", value: "2017-04-11", source: 'Microdata itemprop="dateCreated"' },
      { property: "datePublished", value: "2017-04-12", source: 'Microdata itemprop="datePublished"' },
      { property: "dateModified", value: "2020-02-19", source: 'Microdata itemprop="dateModified"' },
    ]);
  });
});
