import { describe, expect, test } from "bun:test";
import { htmlPage } from "../../../scripts/bench/schemaorg-examples-page.ts";
import { examplesAdobeAccepts, runSightline } from "../../../scripts/bench/structured-data-pipelines.ts";
import { schemaVocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";

const thing = (id: string, name: string) => ({ id, html: `<section><div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">${name}</span></div></section>\n` });
// Valid Microdata that Adobe's extractor throws on: a property given as text, then as an item.
const textThenItem = {
  id: "text-then-item",
  html: `<section><div itemscope itemtype="https://schema.org/Recipe"><span itemprop="recipeIngredient">eggs</span><span itemprop="recipeIngredient" itemscope itemtype="https://schema.org/PropertyValue"><span itemprop="name">sugar</span></span></div></section>\n`,
};

describe("the structured-data benchmark's pipelines", () => {
  test("an example Adobe's extractor throws on is left out of the page, and named", () => {
    const { kept, leftOut } = examplesAdobeAccepts([thing("a", "A"), textThenItem, thing("b", "B")]);
    expect(kept.map((example) => example.id)).toEqual(["a", "b"]);
    expect(leftOut).toEqual(["text-then-item"]);
  });

  test("sightline's run counts the items found by format, and reads the page that throws in Adobe's extractor", () => {
    const run = runSightline(htmlPage([thing("a", "A"), textThenItem]), schemaVocabulary());
    expect(run.items).toEqual({ "json-ld": 0, microdata: 2, rdfa: 0 });
    expect(run.reported).toBe(2);
    expect(run.wholeMs).toBeGreaterThanOrEqual(run.ms);
  });
});
