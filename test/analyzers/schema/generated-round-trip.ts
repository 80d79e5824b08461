import { expect } from "bun:test";
import type { GeneratedMarkup, SchemaResult } from "../../../src/analyzers/schema/record-schema.ts";
import { parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { structuredGraph } from "../../../src/analyzers/structured-data/structured-graph.ts";
import { analyzeHtml, page } from "./analyze-fixtures.ts";

/**
 * The checks every suggestion must pass: it is one @graph; every @id reference resolves inside it (or
 * to a node the page itself declares, named in `linksTo`); pasted into a page of its own it has no
 * validation error or warning; every rich result a node is built for is eligible there (a deprecated
 * one, FAQ, complete but not counted); pasted into the page it came from it is as good, every reference
 * resolves, and nothing more is suggested.
 */
export function expectSoundSuggestion(html: string, url: string, entry: GeneratedMarkup): void {
  expect(entry.script).toBe(`<script type="application/ld+json">\n${entry.jsonLd}\n</script>`);
  // Pasted into a script element, no value can end it or open a comment in it.
  expect(entry.jsonLd).not.toContain("<");
  expect(entry.jsonLd).toBe(JSON.stringify(JSON.parse(entry.jsonLd), null, 2).replace(/</g, "\\u003c"));

  const document = JSON.parse(entry.jsonLd) as { "@context": string; "@graph": Record<string, unknown>[] };
  expect(Object.keys(document)).toEqual(["@context", "@graph"]);
  expect(document["@context"]).toBe("https://schema.org");
  const members = document["@graph"];
  const ids = members.map((member) => member["@id"]);
  expect(new Set(ids).size).toBe(members.length);
  expect(entry.nodes!.map((node) => node.id)).toEqual(ids as string[]);
  expect(entry.nodes!.map((node) => node.type)).toEqual(members.map((member) => member["@type"] as string));
  expect(entry.type).toBe(entry.nodes!.map((node) => node.type).join(", "));

  const pageIds = new Set(structuredGraph(parseHtml(html), html, url).byId.keys());
  for (const linked of entry.linksTo!) expect(pageIds.has(linked)).toBe(true);
  const references = referencesIn(members);
  for (const reference of references) expect(ids.includes(reference) || entry.linksTo!.includes(reference)).toBe(true);
  expect(entry.linksTo!.every((linked) => references.includes(linked))).toBe(true);

  const alone = analyzeHtml(page("", entry.script!), url);
  expect(alone.problems).toEqual([]);
  expect(alone.items.map((item) => item.path)).toEqual(members.map((_, index) => `json-ld[0] @graph[${index}]`));
  expect(alone.items.map((item) => ({ id: item.id, errors: item.errors, warnings: item.warnings }))).toEqual(ids.map((id) => ({ id: id as string, errors: [], warnings: [] })));
  expectTargetsMet(alone, entry);

  const pastedHtml = html.replace(/<\/head>/i, `${entry.script}\n</head>`);
  const pasted = analyzeHtml(pastedHtml, url);
  const added = pasted.items.filter((item) => ids.includes(item.id));
  expect(added.map((item) => item.id)).toEqual(ids as string[]);
  for (const item of added) expect({ id: item.id, errors: item.errors }).toEqual({ id: item.id, errors: [] });
  expectTargetsMet(pasted, entry);
  const pastedIds = new Set(structuredGraph(parseHtml(pastedHtml), pastedHtml, url).byId.keys());
  for (const reference of references) expect({ reference, resolves: pastedIds.has(reference) }).toEqual({ reference, resolves: true });
  expect(pasted.generated).toEqual([]);
}

/** Each node's rich results are eligible on the item with its @id; a deprecated one has no requirement missing. */
function expectTargetsMet(result: SchemaResult, entry: GeneratedMarkup): void {
  for (const node of entry.nodes!) {
    const item = result.items.find((candidate) => candidate.id === node.id)!;
    for (const feature of node.richResults) {
      const verdict = item.eligibility.find((entry) => entry.feature === feature);
      expect({ node: node.id, feature, found: verdict !== undefined }).toEqual({ node: node.id, feature, found: true });
      if (verdict!.verdict === "deprecated") expect({ feature, missingRequired: verdict!.missingRequired, eligible: verdict!.eligible }).toEqual({ feature, missingRequired: [], eligible: false });
      else expect({ node: node.id, feature, eligible: verdict!.eligible, missing: verdict!.missingRequired }).toEqual({ node: node.id, feature, eligible: true, missing: [] });
    }
  }
}

/** Every `{"@id": …}` reference (an object with nothing but an @id) anywhere in the graph. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((member) => referencesIn(member, found));
  else if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value);
    const id = (value as Record<string, unknown>)["@id"];
    if (keys.length === 1 && typeof id === "string") found.push(id);
    for (const member of Object.values(value)) referencesIn(member, found);
  }
  return found;
}
