import { describe, expect, test } from "bun:test";
import type { ItemIssue } from "../../../../src/analyzers/schema/validate/item-issue.ts";
import { validateItem } from "../../../../src/analyzers/schema/validate/validate-item.ts";
import { Vocabulary } from "../../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { normalizeJsonLdNode } from "../../../../src/analyzers/structured-data/normalize-json-ld-node.ts";
import { analyzeHtml, jsonLd, page } from "../analyze-fixtures.ts";

const messages = (issues: { property: string | null; message: string }[]) => issues.map((issue) => `${issue.property ?? "-"}: ${issue.message}`);

const RECIPE = { "@context": "https://schema.org", "@type": "Recipe", name: "Sequilho", image: "https://example.com/sequilho.jpg" };

function recipeWith(times: Record<string, unknown>) {
  return analyzeHtml(page(jsonLd({ ...RECIPE, ...times }))).items[0]!;
}

describe("durations (schema.org's Duration: ISO 8601)", () => {
  test("valid durations pass silently", () => {
    const item = recipeWith({ prepTime: "PT33M", cookTime: "P1DT2H", totalTime: ["PT0.5S", "P2W", "P1Y2M10DT2H30M"] });
    expect(messages(item.warnings)).toEqual([]);
    expect(messages(item.errors)).toEqual([]);
  });

  test("human forms get a warning that gives the ISO 8601 duration to write", () => {
    const item = recipeWith({ prepTime: "33 minutes", cookTime: "1 hour 30 mins", totalTime: ["1h30m", "90 min"] });
    expect(messages(item.warnings)).toEqual([
      'prepTime: "prepTime" expects an ISO 8601 duration, which search engines read as a length of time; "33 minutes" is not one: write "PT33M".',
      'cookTime: "cookTime" expects an ISO 8601 duration, which search engines read as a length of time; "1 hour 30 mins" is not one: write "PT1H30M".',
      'totalTime[0]: "totalTime" expects an ISO 8601 duration, which search engines read as a length of time; "1h30m" is not one: write "PT1H30M".',
      'totalTime[1]: "totalTime" expects an ISO 8601 duration, which search engines read as a length of time; "90 min" is not one: write "PT90M".',
    ]);
  });

  test("a warning, not an error: the recipe stays eligible, as in Google's rules the times are recommended", () => {
    const item = recipeWith({ cookTime: "33 minutes" });
    expect(messages(item.errors)).toEqual([]);
    expect(item.warnings).toHaveLength(1);
    expect(item.eligibility.find((verdict) => verdict.feature === "Recipe")?.verdict).toBe("eligible");
  });

  test("an empty duration, lower case, spaces, a T alone at the end and the alternative format each say what is wrong and what to write", () => {
    const item = recipeWith({ prepTime: "PT", cookTime: "pt30m", totalTime: ["PT 1H 30M", "P0000-00-00T01:30:00", "P", "P1DT"] });
    expect(messages(item.warnings)).toEqual([
      'prepTime: "prepTime" is "PT", an ISO 8601 duration with no number in it: give the time, such as PT30M (30 minutes), or leave the property out.',
      `cookTime: "cookTime" is an ISO 8601 duration written in lower case ("pt30m"); ISO 8601's designators are capital letters, and readers that follow XML Schema's duration take only those: "PT30M".`,
      'totalTime[0]: "totalTime" is an ISO 8601 duration with spaces in it ("PT 1H 30M"), which readers of durations do not take: "PT1H30M".',
      `totalTime[1]: "totalTime" is written in ISO 8601's alternative duration format ("P0000-00-00T01:30:00"), which schema.org's examples, Google's documentation and XML Schema's duration do not use; in the designator format: "PT1H30M".`,
      'totalTime[2]: "totalTime" is "P", an ISO 8601 duration with no number in it: give the time, such as PT30M (30 minutes), or leave the property out.',
      'totalTime[3]: "totalTime" ends in a T with no hours, minutes or seconds after it ("P1DT"), which makes it no ISO 8601 duration: "P1D".',
    ]);
  });

  test("what cannot be rewritten gets an explanation with examples; a bare number is told it names no unit", () => {
    const item = recipeWith({ prepTime: "1:30", cookTime: "30", totalTime: 45 });
    expect(messages(item.warnings)).toEqual([
      'prepTime: "prepTime" expects an ISO 8601 duration such as PT1H30M (1 hour 30 minutes), P2D (2 days) or P2W (2 weeks), not "1:30".',
      'cookTime: "cookTime" expects an ISO 8601 duration such as PT1H30M (1 hour 30 minutes), P2D (2 days) or P2W (2 weeks), not "30", which names no unit.',
      'totalTime: "totalTime" expects an ISO 8601 duration such as PT30M (30 minutes), not the number 45, which names no unit.',
    ]);
  });

  test("Microdata text and RDFa content are checked the same way", () => {
    const microdata = analyzeHtml(
      page("", '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Soup</h1><img itemprop="image" src="/soup.jpg"><span itemprop="cookTime">1 hour 30 mins</span><time itemprop="prepTime" datetime="PT15M">15 minutes</time></div>'),
    ).items[0]!;
    expect(messages(microdata.warnings)).toEqual(['cookTime: "cookTime" expects an ISO 8601 duration, which search engines read as a length of time; "1 hour 30 mins" is not one: write "PT1H30M".']);
    const rdfa = analyzeHtml(page("", '<div vocab="https://schema.org/" typeof="VideoObject"><span property="name">Clip</span><meta property="duration" content="3 mins 20 secs"></div>')).items[0]!;
    expect(messages(rdfa.warnings)).toContain('duration: "duration" expects an ISO 8601 duration, which search engines read as a length of time; "3 mins 20 secs" is not one: write "PT3M20S".');
  });

  test("a property that also takes Text or a Number is not held to ISO 8601 (repeatFrequency: Duration or Text; billingDuration: Duration or Number)", () => {
    const schedule = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", "@type": "Schedule", repeatFrequency: "daily" }))).items[0]!;
    expect(messages(schedule.warnings)).toEqual([]);
    const price = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", "@type": "UnitPriceSpecification", price: 9, priceCurrency: "EUR", billingDuration: "12" }))).items[0]!;
    expect(messages(price.warnings)).toEqual([]);
  });

  test("the same under a release that makes Duration a data type (30.0) as under one that files it as a thing (29.4, embedded)", () => {
    const release = (quantityParent: string) =>
      new Vocabulary({
        types: new Map([["Thing", []], ["CreativeWork", ["Thing"]], ["Recipe", ["CreativeWork"]], ["Intangible", ["Thing"]], ["DataType", []], ["Quantity", [quantityParent]], ["Duration", ["Quantity"]]]),
        properties: new Map([["cookTime", { domains: ["Recipe"], ranges: ["Duration"] }]]),
        enumMembers: new Map(),
        supersededBy: new Map(),
      });
    const lines = (issues: ItemIssue[]) => issues.map((issue) => `${issue.property ?? "-"}: ${issue.message}`);
    for (const parent of ["DataType", "Intangible"]) {
      const validate = (cookTime: unknown) => {
        const normalized = normalizeJsonLdNode({ "@context": "https://schema.org", "@type": "Recipe", cookTime });
        return validateItem({ format: "json-ld", path: "json-ld[0]", node: normalized.node, context: normalized.context, unreadContexts: normalized.unreadContexts }, release(parent));
      };
      expect([parent, lines(validate("PT33M").warnings)]).toEqual([parent, []]);
      expect([parent, lines(validate("33 minutes").warnings)]).toEqual([parent, ['cookTime: "cookTime" expects an ISO 8601 duration, which search engines read as a length of time; "33 minutes" is not one: write "PT33M".']]);
      expect([parent, lines(validate("33 minutes").errors)]).toEqual([parent, []]);
    }
  });
});
