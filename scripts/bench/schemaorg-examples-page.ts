/**
 * Pages made of schema.org's own examples (../shared/corpora/schemaorg-examples, Apache-2.0): each
 * example's JSON-LD, Microdata and RDFa forms, one after the other, each in a section of its own.
 */
import type { SchemaOrgExample } from "../../test/helpers/schemaorg-examples.ts";

/** The forms of one example as page sections; a JSON form written bare becomes a JSON-LD script. */
export function exampleSections(example: SchemaOrgExample): string {
  const { json, microdata, rdfa } = example.forms;
  const jsonLd = json === undefined ? undefined : /<script/i.test(json) ? json : `<script type="application/ld+json">${json}</script>`;
  return [jsonLd, microdata, rdfa]
    .filter((form) => form !== undefined)
    .map((form) => `<section>${form}</section>\n`)
    .join("");
}

/** One example's sections, with its id. */
export interface ExampleMarkup {
  id: string;
  html: string;
}

/** The examples in order, starting over as often as needed, until their sections reach `minBytes`. */
export function examplesUpTo(examples: readonly SchemaOrgExample[], minBytes: number): ExampleMarkup[] {
  const markup: ExampleMarkup[] = [];
  let bytes = 0;
  for (let index = 0; bytes < minBytes; index++) {
    const example = examples[index % examples.length]!;
    markup.push({ id: example.id, html: exampleSections(example) });
    bytes += Buffer.byteLength(markup.at(-1)!.html);
  }
  return markup;
}

export function htmlPage(examples: readonly ExampleMarkup[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>schema.org examples</title></head><body>\n${examples.map((example) => example.html).join("")}</body></html>\n`;
}
