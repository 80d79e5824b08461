/**
 * The two pipelines the structured-data benchmark compares, from a page's HTML to its validated items.
 *
 * - sightline: `analyzePage`, the schema service's own code path (parse, extract the three formats, join
 *   the graph, validate against schema.org, judge rich-result eligibility, then suggest markup). The time
 *   up to its "generate" step is what compares with Adobe's; the suggestions after it are timed apart.
 *   Parsing before that step is htmlparser2's tokenizer over the whole page (markup-tree.ts); linkedom's
 *   DOM of the page, which only the suggestions read, is built in the "generate" step.
 * - Adobe: as its README shows, `@marbec/web-auto-extractor` parses the page (JSON-LD, Microdata, RDFa,
 *   and also meta tags and headings, which it always reads), then `@adobe/structured-data-validator`
 *   validates the result against schema.org and Google's rich-result requirements.
 */
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor, { type ExtractedPage } from "@marbec/web-auto-extractor";
import { analyzePage } from "../../src/analyzers/schema/analyze-page.ts";
import type { PageResponse } from "../../src/analyzers/schema/gather/page-artifact.ts";
import type { Vocabulary } from "../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { structuredGraph } from "../../src/analyzers/structured-data/structured-graph.ts";
import { type ExampleMarkup, htmlPage } from "./schemaorg-examples-page.ts";

export type Format = "json-ld" | "microdata" | "rdfa";

export interface PipelineRun {
  /** Milliseconds from HTML to validated items. */
  ms: number;
  /**
   * Top-level items found, by format: sightline's as its extractors list them (before items that share
   * an `@id` are joined), Adobe's the distinct root items its extractor returns.
   */
  items: Record<Format, number>;
  errors: number;
  warnings: number;
}

export interface SightlineRun extends PipelineRun {
  /** The whole `analyzePage`, suggestions included. */
  wholeMs: number;
  /** Items in the report: those found, less those joined into another because they share its `@id`. */
  reported: number;
  /** The caps the service hit on this page, as it words them. */
  limits: string[];
}

const PAGE_URL = "https://bench.example/";

export function runSightline(html: string, vocabulary: Vocabulary): SightlineRun {
  // A new artifact object each run: the parsed document and the graph are cached per artifact.
  const page: PageResponse = { ok: true, requestedUrl: PAGE_URL, finalUrl: PAGE_URL, status: 200, contentType: "text/html; charset=utf-8", html, truncated: false };
  let generateAt = Number.NaN;
  const started = performance.now();
  const result = analyzePage(page, vocabulary, (step) => {
    if (step === "generate") generateAt = performance.now();
  });
  const ended = performance.now();
  // The graph analyzePage built (cached per parsed page, so this costs nothing): the items as found.
  const found = structuredGraph(page, html, PAGE_URL).items;
  const items = { "json-ld": 0, microdata: 0, rdfa: 0 };
  for (const item of found) items[item.format]++;
  return {
    ms: generateAt - started,
    wholeMs: ended - started,
    items,
    reported: result.items.length,
    errors: result.summary.errors,
    warnings: result.summary.warnings,
    limits: (result.limits ?? []).map((notice) => notice.message),
  };
}

export async function runAdobe(html: string, schemaOrgJson: unknown): Promise<PipelineRun> {
  const started = performance.now();
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const issues = await new Validator(schemaOrgJson).validate(extracted);
  const ms = performance.now() - started;
  return {
    ms,
    items: { "json-ld": distinctItems(extracted.jsonld), microdata: distinctItems(extracted.microdata), rdfa: distinctItems(extracted.rdfa) },
    errors: issues.filter((issue) => issue.severity === "ERROR").length,
    warnings: issues.filter((issue) => issue.severity === "WARNING").length,
  };
}

/**
 * The examples with those left out that Adobe's extractor throws on where they stand: one such example
 * fails its whole page. Whether it throws can depend on an example before it (whose markup leaves the
 * extractor in a state the next one trips on), so the page is checked whole: the shortest failing
 * prefix is found, then the shortest failing run of examples that ends it, and that run's first
 * example is dropped, until the page passes.
 */
export function examplesAdobeAccepts(examples: readonly ExampleMarkup[]): { kept: ExampleMarkup[]; leftOut: string[] } {
  const kept = [...examples];
  const leftOut: string[] = [];
  const throwsOn = (start: number, end: number) => !adobeExtractorAccepts(htmlPage(kept.slice(start, end)));
  while (throwsOn(0, kept.length)) {
    // Prefixes up to `good` examples pass, up to `bad` throw.
    let good = 0;
    let bad = kept.length;
    while (bad - good > 1) {
      const middle = Math.floor((good + bad) / 2);
      if (throwsOn(0, middle)) bad = middle;
      else good = middle;
    }
    let start = bad - 1;
    while (start > 0 && !throwsOn(start, bad)) start--;
    leftOut.push(kept.splice(start, 1)[0]!.id);
  }
  return { kept, leftOut };
}

/** Whether Adobe's extractor reads `html` without throwing (it throws on some valid Microdata and RDFa). */
export function adobeExtractorAccepts(html: string): boolean {
  try {
    new WebAutoExtractor().parse(html);
    return true;
  } catch {
    return false;
  }
}

/** The extractor lists an item under each of its types; the same object then appears twice. */
function distinctItems(byType: ExtractedPage["jsonld"] | undefined): number {
  return new Set(Object.values(byType ?? {}).flat()).size;
}

export function totalItems(items: Record<Format, number>): number {
  return items["json-ld"] + items.microdata + items.rdfa;
}
