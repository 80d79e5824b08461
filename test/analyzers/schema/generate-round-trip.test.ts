import { describe, expect, test } from "bun:test";
import { HOSTILE_PAGE_PATH, SHOP_PAGE_PATH, schemaHostileSite, schemaShopSite } from "../../browser/schema-sites.ts";
import type { FixtureHandler } from "../../helpers/fixture-server.ts";
import * as pages from "../../fixtures/schema-pages/pages.ts";
import { analyzeHtml } from "./analyze-fixtures.ts";
import { expectSoundSuggestion } from "./generated-round-trip.ts";

/**
 * Every fixture page of the schema service, analysed; its suggestion (when it has one) run back through
 * the analyzer on a page of its own and pasted into the page it came from (expectSoundSuggestion).
 * The expected nodes and rich results are listed per page, so a page that silently stops getting a
 * suggestion, or a node that stops being built for a rich result, fails here.
 */

interface FixturePage {
  name: string;
  /** The export of pages.ts it is, so that a page added there without a row here fails the test. */
  page?: keyof typeof pages;
  url: string;
  html: () => Promise<string> | string;
  /** Each node's type and the rich results it is built for, in graph order; empty when nothing is to be suggested. */
  expected: [type: string, richResults: string[]][];
}

async function served(routes: Record<string, FixtureHandler>, path: string, url: string): Promise<string> {
  const handler = routes[path]!;
  return typeof handler === "string" ? handler : await (await handler(new Request(url))).text();
}

const FIXTURES: FixturePage[] = [
  {
    name: "bare homepage",
    page: "BARE_HOMEPAGE",
    url: "https://shop.example/",
    html: () => pages.BARE_HOMEPAGE,
    expected: [["Organization", ["Organization logo"]], ["WebSite", []], ["WebPage", []]],
  },
  {
    name: "bare article with a trail and questions",
    page: "BARE_ARTICLE",
    url: "https://shop.example/blog/lacing",
    html: () => pages.BARE_ARTICLE,
    expected: [["FAQPage", ["FAQ"]], ["BlogPosting", ["Article"]], ["BreadcrumbList", ["Breadcrumb"]]],
  },
  { name: "product page, fully marked up", page: "PRODUCT_PAGE", url: "https://shop.example/p/trail-shoe-2", html: () => pages.PRODUCT_PAGE, expected: [] },
  { name: "page of mistakes", page: "BROKEN_PAGE", url: "https://shop.example/broken", html: () => pages.BROKEN_PAGE, expected: [] },
  {
    name: "bare product page (Open Graph product tags)",
    page: "BARE_PRODUCT",
    url: "https://shop.example/p/summit-lamp?utm_source=news",
    html: () => pages.BARE_PRODUCT,
    expected: [["Organization", ["Organization logo"]], ["WebSite", []], ["WebPage", []], ["Product", ["Product snippet", "Merchant listing"]], ["BreadcrumbList", ["Breadcrumb"]]],
  },
  {
    name: "article on a site that declares its Organization with an @id",
    page: "ARTICLE_WITH_ORGANIZATION",
    url: "https://news.example/2025/bruecke",
    html: () => pages.ARTICLE_WITH_ORGANIZATION,
    expected: [["WebSite", []], ["WebPage", []], ["Article", ["Article"]]],
  },
  {
    name: "local business homepage (h-card)",
    page: "LOCAL_BUSINESS_HOME",
    url: "https://crumb.example/",
    html: () => pages.LOCAL_BUSINESS_HOME,
    expected: [["LocalBusiness", ["Local business", "Organization logo"]], ["WebSite", []], ["WebPage", []]],
  },
  {
    name: "event page (h-event)",
    page: "EVENT_PAGE",
    url: "https://shop.example/events/night-run",
    html: () => pages.EVENT_PAGE,
    expected: [["Organization", []], ["WebSite", []], ["WebPage", []], ["Event", ["Event"]], ["BreadcrumbList", ["Breadcrumb"]]],
  },
  {
    name: "category page with a trail, a WebSite with an @id and a WebPage without",
    page: "CATEGORY_PAGE",
    url: "https://shop.example/lamps/",
    html: () => pages.CATEGORY_PAGE,
    expected: [["BreadcrumbList", ["Breadcrumb"]]],
  },
  {
    name: "browser test's shop page",
    url: `https://shop.secure.test${SHOP_PAGE_PATH}`,
    html: () => served(schemaShopSite(), SHOP_PAGE_PATH, `https://shop.secure.test${SHOP_PAGE_PATH}`),
    expected: [["WebPage", []], ["BreadcrumbList", ["Breadcrumb"]]],
  },
  {
    name: "browser test's hostile page",
    url: `https://evil.test${HOSTILE_PAGE_PATH}`,
    html: () => served(schemaHostileSite("evil.test"), HOSTILE_PAGE_PATH, `https://evil.test${HOSTILE_PAGE_PATH}`),
    // Its WebPage block is cut short by a "</script>" in a value, so it does not count as marked up.
    expected: [["WebPage", []], ["BreadcrumbList", ["Breadcrumb"]]],
  },
];

describe("generated JSON-LD on every fixture page", () => {
  test("every page of test/fixtures/schema-pages is listed", () => {
    expect(FIXTURES.flatMap((fixture) => (fixture.page ? [fixture.page] : [])).sort()).toEqual(Object.keys(pages).sort() as (keyof typeof pages)[]);
  });

  for (const fixture of FIXTURES) {
    test(`${fixture.name}: one @graph that resolves, validates and earns what it targets`, async () => {
      const html = await fixture.html();
      const { generated } = analyzeHtml(html, fixture.url);
      if (fixture.expected.length === 0) {
        expect(generated).toEqual([]);
        return;
      }
      expect(generated).toHaveLength(1);
      const entry = generated[0]!;
      expect(entry.nodes!.map((node) => [node.type, node.richResults])).toEqual(fixture.expected);
      expectSoundSuggestion(html, fixture.url, entry);
    });
  }
});
