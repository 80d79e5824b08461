import { expect, test } from "bun:test";
import { suggestPrompts } from "../../src/answers/prompt-suggestions.ts";
import { siteFactsOf } from "../../src/answers/site-facts.ts";
import { encodeArtifacts } from "../../src/scans/stored-artifacts.ts";
import { page, siteWithHtml } from "../analyzers/visibility/sample-site.ts";

const business = {
  "@context": "https://schema.org",
  "@type": "Bakery",
  "@id": "https://example.com/#business",
  name: "Example Bakery",
  description: "Sourdough bread, croissants and cakes baked daily",
  address: { "@type": "PostalAddress", addressLocality: "Lisbon", streetAddress: "Rua 1" },
};

test("the facts prompt suggestions start from come from a stored scan's homepage: the owner's name, what it offers, its town", () => {
  const stored = encodeArtifacts(siteWithHtml(page({ head: `<script type="application/ld+json">${JSON.stringify(business)}</script>` })))!;
  const facts = siteFactsOf("example.com", stored);
  expect(facts).toEqual({ domain: "example.com", name: "Example Bakery", offers: "Sourdough bread, croissants and cakes baked daily", locality: "Lisbon" });
  const prompts = suggestPrompts(facts).map((suggestion) => suggestion.prompt);
  expect(prompts.some((prompt) => prompt.includes("Lisbon"))).toBe(true);
  expect(prompts.some((prompt) => prompt.includes("Example Bakery"))).toBe(true);
});

test("without an owner entity, the first description in the homepage's structured data; without structured data, nothing is made up", () => {
  const webPage = { "@context": "https://schema.org", "@type": "WebPage", description: "Guides to fixing bicycles" };
  const withPage = siteFactsOf("example.com", encodeArtifacts(siteWithHtml(page({ head: `<script type="application/ld+json">${JSON.stringify(webPage)}</script>` })))!);
  expect(withPage).toEqual({ domain: "example.com", name: null, offers: "Guides to fixing bicycles", locality: null });
  const bare = siteFactsOf("example.com", encodeArtifacts(siteWithHtml(page({ head: "" })))!);
  expect(bare).toEqual({ domain: "example.com", name: null, offers: null, locality: null });
});
