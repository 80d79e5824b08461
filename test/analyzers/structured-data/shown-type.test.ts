import { describe, expect, test } from "bun:test";
import { shownType, shownTypes, slashlessVocabNote } from "../../../src/analyzers/structured-data/shown-type.ts";

describe("shown type names", () => {
  test("a slash-less @vocab expansion is shown as the schema.org term; anything else as written", () => {
    expect(shownType("http://schema.orgNewsArticle")).toBe("NewsArticle");
    expect(shownType("https://schema.orgDataset")).toBe("Dataset");
    expect(shownType("NewsArticle")).toBe("NewsArticle");
    expect(shownType("http://example.com/vocab#Thing")).toBe("http://example.com/vocab#Thing");
    expect(shownTypes(["http://schema.orgDataset", "Dataset", "WebSite"])).toEqual(["Dataset", "WebSite"]);
  });

  test("the note says what happened and what to change, once, for the first expansion", () => {
    expect(slashlessVocabNote(["WebSite", "https://schema.orgDataset", "http://schema.orgNewsArticle"])).toBe(
      '`@vocab` is `https://schema.org` without its final slash, so JSON-LD reads `https://schema.orgDataset`; Google reads it as Dataset. Write `"@vocab": "https://schema.org/"` (or `"@context": "https://schema.org"`) so that every reader gets Dataset.',
    );
    expect(slashlessVocabNote(["WebSite"])).toBeNull();
  });
});
