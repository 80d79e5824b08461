import { describe, expect, test } from "bun:test";
import { BROKEN_PAGE, PRODUCT_PAGE } from "../../fixtures/schema-pages/pages.ts";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";

function itemAt(html: string, path: string) {
  const item = analyzeHtml(html).items.find((candidate) => candidate.path === path);
  if (!item) throw new Error(`no item at ${path}`);
  return item;
}

const messages = (issues: { property: string | null; message: string }[]) => issues.map((issue) => `${issue.property ?? "-"}: ${issue.message}`);

describe("validation against schema.org", () => {
  test("a clean page in three formats has no errors or warnings", () => {
    const result = analyzeHtml(PRODUCT_PAGE, "https://shop.example/p/trail-shoe-2");
    expect(result.summary).toEqual({ items: 3, errors: 0, warnings: 0, eligible: 4, limited: 0, deprecated: 0, formats: ["json-ld", "microdata", "rdfa"] });
    for (const item of result.items) expect([item.path, item.errors, item.warnings]).toEqual([item.path, [], []]);
  });

  test("missing @context, unknown types and properties, properties on the wrong type and wrong value kinds are errors", () => {
    const result = analyzeHtml(BROKEN_PAGE);
    expect(result.problems).toHaveLength(1);
    expect(messages(itemAt(BROKEN_PAGE, "json-ld[1]").errors)).toEqual([expect.stringContaining("-: The item has no @context")]);
    expect(messages(itemAt(BROKEN_PAGE, "json-ld[2] @graph[0]").errors)).toEqual(['@type: "Prodcut" is not a schema.org type.']);
    expect(messages(itemAt(BROKEN_PAGE, "json-ld[2] @graph[1]").errors)).toEqual([
      'colour: "colour" is not a schema.org property.',
      'headline: "headline" is not a property of Product in schema.org (it belongs to CreativeWork).',
      expect.stringContaining('offers.price: "price" must be a plain number'),
      expect.stringContaining('offers.availability: "https://schema.org/Maybe" is not one of the ItemAvailability values'),
    ]);
    expect(messages(itemAt(BROKEN_PAGE, "json-ld[2] @graph[2]").errors)).toEqual([
      expect.stringContaining('startDate: "startDate" expects an ISO 8601 Date or DateTime'),
      expect.stringContaining('location: "location" expects Place or PostalAddress'),
    ]);
    expect(messages(itemAt(BROKEN_PAGE, "microdata[0]").errors)).toEqual([expect.stringContaining("data-vocabulary.org was retired")]);
    expect(result.summary.errors).toBe(1 + 1 + 1 + 4 + 2 + 1);
  });

  test("warnings: text where an item is expected, nested items without a type, superseded and case-slipped terms", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Article",
        headline: "H",
        author: "Jane",
        publisher: { name: "Pub" },
        datePublished: "2024-05-17",
        isPartOf: { "@id": "https://shop.example/#site" },
        wordcount: 3,
      }),
    );
    const item = itemAt(html, "json-ld[0]");
    expect(messages(item.errors)).toEqual(['wordcount: "wordcount" is not a schema.org property (did you mean "wordCount"?).']);
    expect(messages(item.warnings)).toEqual([
      expect.stringContaining('author: "author" expects Organization or Person; a nested item with @type reads better than the text "Jane"'),
      "publisher: This nested item has no @type; add one (such as Person or Organization) so its properties can be read.",
    ]);
  });

  test("values: numbers, booleans, URLs, dates and enumeration members are checked against the property's range", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Offer",
        price: 12.5,
        priceCurrency: "EUR",
        availability: "InStock",
        itemCondition: "https://schema.org/InStock",
        priceValidUntil: "2025-13",
        url: "not a url",
        isFamilyFriendly: "yes",
      }),
    );
    const item = itemAt(html, "json-ld[0]");
    expect(item.errors.map((issue) => issue.property)).toEqual(["itemCondition", "priceValidUntil", "url", "isFamilyFriendly"]);
    expect(item.errors.every((issue) => issue.message.length > 20)).toBe(true);
  });
});

describe("seen on real pages (../shared/corpora/real-pages)", () => {
  test("an Action's `query-input` annotation is not an unknown property (citizen.co.za's sitelinks search box)", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "WebSite",
        url: "https://news.example/",
        potentialAction: { "@type": "SearchAction", target: "https://news.example/?s={search_term_string}", "query-input": "required name=search_term_string" },
      }),
    );
    const item = analyzeHtml(html).items[0]!;
    expect(item.errors).toEqual([]);
    expect(item.warnings).toEqual([]);
  });

  test("an annotation of a property schema.org does not have is still an unknown property", () => {
    const html = page(
      jsonLd({ "@context": "https://schema.org", "@type": "SearchAction", target: "https://news.example/?s={q}", "colour-input": "required name=q" }),
    );
    expect(messages(analyzeHtml(html).items[0]!.errors)).toEqual([expect.stringContaining('"colour-input" is not a schema.org property')]);
  });

  test("a superseded property that schema.org gives no domain is a warning to use its successor, not a wrong-type error (chip.de's interactionCount)", () => {
    const html = page(jsonLd({ "@context": "https://schema.org", "@type": "SoftwareApplication", name: "BestCrypt", interactionCount: "UserDownloads:4411" }));
    const item = analyzeHtml(html).items[0]!;
    expect(messages(item.errors)).toEqual([]);
    expect(messages(item.warnings)).toContain('interactionCount: "interactionCount" is superseded by "interactionStatistic".');
  });
});

test("a data: URL is a URL that carries the file instead of naming it: a warning, not a wrong-kind error (kommersant.ru's placeholder image)", () => {
  const html = page(
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ImageObject",
      contentUrl: "data:image/gif;base64,R0lGODlhEAAJAIAAAO7u7gAAACwAAAAAEAAJAAACCYSPqcvtD6OrFQA7",
    }),
  );
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.errors)).toEqual([]);
  expect(messages(item.warnings)).toEqual(['contentUrl: "contentUrl" holds the file itself as a data: URL, which search engines do not index; give the file\'s address.']);
});

test("a date in ISO 8601's basic format is ISO 8601: a warning giving the extended form schema.org defines, not an error (a Japanese news page's datePublished)", () => {
  const html = page(
    jsonLd({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "x",
      datePublished: "20180619T055000+0900",
      dateModified: "20180620",
      expires: "2018-06-19T05:50",
    }),
  );
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.errors)).toEqual([]);
  expect(messages(item.warnings)).toEqual([
    `datePublished: "datePublished" is written in ISO 8601's basic format ("20180619T055000+0900"); schema.org defines dates in the extended format, which search engines read: "2018-06-19T05:50:00+09:00".`,
    `dateModified: "dateModified" is written in ISO 8601's basic format ("20180620"); schema.org defines dates in the extended format, which search engines read: "2018-06-20".`,
  ]);
});

test("a date that is not ISO 8601 in either format is still an error", () => {
  const item = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "x", datePublished: "20181319T0550" }))).items[0]!;
  expect(messages(item.errors)).toEqual([expect.stringContaining('datePublished: "datePublished" expects an ISO 8601 Date or DateTime')]);
});

test("a list inside a list is read as JSON-LD expansion reads it, its members checked as more values: a warning, not an error (express.co.uk's sameAs)", () => {
  const html = page(
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Express",
      sameAs: ["https://twitter.com/daily_express", ["https://www.youtube.com/user/TheExpressOnline", "not a url"]],
    }),
  );
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.warnings)).toEqual(['sameAs[1]: A list inside a list: JSON-LD reads its members as more values of "sameAs", but other readers may not; write one flat list.']);
  // Its members are checked like any value.
  expect(messages(item.errors)).toEqual(['sameAs[1][1]: "sameAs" expects a URL, not "not a url".']);
});

test("a date and time where schema.org expects a Date is a warning naming the day, not an error (krautreporter.de's and cnbc.com's lastReviewed)", () => {
  const html = page(jsonLd({ "@context": "https://schema.org", "@type": "WebPage", lastReviewed: "2024-08-22T12:00:00+02:00", dateCreated: "2016-12-20T23:29:38+0000" }));
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.errors)).toEqual([]);
  expect(messages(item.warnings)).toEqual([`lastReviewed: "lastReviewed" expects a Date; "2024-08-22T12:00:00+02:00" also gives a time, which readers may drop or reject: write the day alone, "2024-08-22".`]);
});

test("a schema.org type written as an IRI without its scheme is still not read as schema.org's, and the term is suggested (money.cnn.com's //schema.org/SpeakableSpecification)", () => {
  const html = page(jsonLd({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "x", speakable: { "@type": "//schema.org/SpeakableSpecification", cssSelector: [".x"] } }));
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.errors)).toContain('speakable.@type: "//schema.org/SpeakableSpecification" is not a schema.org type (did you mean "SpeakableSpecification"?).');
});

test("a quantity written as schema.org defines it is no 'nested item' warning under the embedded release (krautreporter.de's timeRequired PT33M, an image's width 1200)", () => {
  const html = page(jsonLd({ "@context": "https://schema.org", "@type": "Article", headline: "x", timeRequired: "PT33M", image: { "@type": "ImageObject", url: "https://example.com/a.jpg", width: 1200, height: "630" } }));
  const item = analyzeHtml(html).items[0]!;
  expect(messages(item.errors)).toEqual([]);
  expect(messages(item.warnings)).toEqual([]);
});
