/**
 * Durations on 286 real pages (../shared/corpora/real-pages): every value of a property whose range is
 * schema.org's Duration, and every verdict the ISO 8601 duration check gives on them, are listed. The
 * corpus holds 11 such values on 6 pages, all written as ISO 8601 durations, some in forms a strict
 * check could get wrong (nestle-family-com's totalTime PT65M, past the 59-minute carry-over point; wdr.de's
 * PT02M57S and PT00M21S with leading zeros): no verdict on any of them is true, so none may be given.
 */
import { describe, expect, test } from "bun:test";
import { isIsoDuration } from "../../src/analyzers/schema/validate/iso-duration.ts";
import { schemaVocabulary } from "../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { structuredGraph } from "../../src/analyzers/structured-data/structured-graph.ts";
import { analyzeHtml } from "../analyzers/schema/analyze-fixtures.ts";
import { CORPUS_DIR, corpusAvailable, corpusEntries, loadPage } from "./real-pages-corpus.ts";

/** Every message of the duration check names an ISO 8601 duration. */
const DURATION_VERDICT = /ISO 8601(?:'s alternative)? duration/;
/** A property as the graph keys it, full IRI or short name, e.g. "http://schema.org/cookTime" → "cookTime". */
const TERM_NAME = /^.*[/#:]/;

const available = corpusAvailable();
if (!available) console.warn(`real-pages durations test skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!available)("real-pages corpus: durations", () => {
  test("every Duration on the real pages is ISO 8601 and gets no duration verdict", () => {
    const vocabulary = schemaVocabulary();
    const durationProperties = new Set([...vocabulary.propertyNames()].filter((name) => vocabulary.property(name)!.ranges.includes("Duration")));
    const values: string[] = [];
    const verdicts: string[] = [];
    const generatedDurations: { where: string; value: string }[] = [];
    for (const entry of corpusEntries()) {
      const page = loadPage(entry);
      for (const node of structuredGraph({}, page.html, page.url).nodes) {
        for (const [key, value] of Object.entries(node.node)) {
          if (durationProperties.has(key.replace(TERM_NAME, ""))) for (const each of [value].flat()) values.push(`${entry.id} ${key}: ${JSON.stringify(each)}`);
        }
      }
      const result = analyzeHtml(page.html, page.url);
      for (const item of result.items) {
        for (const issue of [...item.errors, ...item.warnings]) if (DURATION_VERDICT.test(issue.message)) verdicts.push(`${entry.id} ${item.path} ${issue.property}: ${issue.message}`);
      }
      for (const generated of result.generated) collectDurations(JSON.parse(generated.jsonLd), durationProperties, `${entry.id} generated`, generatedDurations);
    }
    console.log(`real-pages durations: ${values.length} values of Duration properties, ${verdicts.length} duration verdicts, ${generatedDurations.length} durations in suggested JSON-LD\n  ${values.join("\n  ")}`);
    expect(verdicts).toEqual([]);
    // The suggested JSON-LD states no duration today (no node it builds has one); any it ever states must be valid.
    expect(generatedDurations.filter((found) => !isIsoDuration(found.value))).toEqual([]);
    // The values the header names are there, so the check above judged the forms it is about.
    expect(values).toEqual(
      expect.arrayContaining([
        'trafilatura--nestle-family-com-chicken totalTime: "PT65M"',
        'fundus--de-wdr_2024_04_22 duration: "PT02M57S"',
        'fundus--de-krautreporter_2024_08_22 timeRequired: "PT33M"',
        'trafilatura--cybercook.com.br.sequilho cookTime: "PT1H30M"',
      ]),
    );
    expect(values.length).toBeGreaterThanOrEqual(11);
  }, 300_000);
});

/** Every value of a Duration property anywhere in a JSON-LD value, as text (a number is no duration either). */
function collectDurations(value: unknown, properties: ReadonlySet<string>, where: string, into: { where: string; value: string }[]): void {
  if (Array.isArray(value)) {
    for (const member of value) collectDurations(member, properties, where, into);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, member] of Object.entries(value)) {
    if (properties.has(key)) for (const each of [member].flat()) into.push({ where: `${where} ${key}`, value: typeof each === "string" ? each : JSON.stringify(each) });
    collectDurations(member, properties, where, into);
  }
}
