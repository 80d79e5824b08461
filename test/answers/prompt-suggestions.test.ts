import { expect, test } from "bun:test";
import { suggestPrompts } from "../../src/answers/prompt-suggestions.ts";

test("from the name, what the site offers and its locality", () => {
  const suggestions = suggestPrompts({ domain: "acme.com", name: "Acme Furniture", offers: "Handmade oak furniture for small flats. Delivered free in the UK.", locality: "Bristol" });
  expect(suggestions.map((suggestion) => suggestion.prompt)).toEqual([
    "What are the best options for handmade oak furniture for small flats?",
    "Which company would you recommend for handmade oak furniture for small flats, and why?",
    "Where can I find handmade oak furniture for small flats in Bristol?",
    "What is Acme Furniture and what does it offer?",
    "Is Acme Furniture any good? What do customers say about it?",
    "What are the alternatives to Acme Furniture?",
  ]);
  expect(new Set(suggestions.map((suggestion) => suggestion.name)).size).toBe(suggestions.length);
  expect(suggestions.map((suggestion) => suggestion.group)).toEqual(["discovery", "discovery", "local", "brand", "brand", "comparison"]);
});

test("a long offer is cut at a word; capitals of a name are kept; nothing known gives the domain", () => {
  const [first] = suggestPrompts({ domain: "x.com", name: null, offers: `IKEA-compatible ${"replacement parts ".repeat(10)}`, locality: null });
  expect(first!.prompt.startsWith("What are the best options for IKEA-compatible replacement parts")).toBe(true);
  expect(first!.prompt.length).toBeLessThan(120);
  expect(suggestPrompts({ domain: "x.com", name: "  ", offers: null, locality: "Paris" })).toEqual([{ name: "about-site", prompt: "What is x.com and what does it offer?", group: "brand" }]);
});
