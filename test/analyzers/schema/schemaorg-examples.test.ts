import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ItemIssue } from "../../../src/analyzers/schema/validate/item-issue.ts";
import { type ItemToValidate, validateItem } from "../../../src/analyzers/schema/validate/validate-item.ts";
import { readVocabularyFile } from "../../../src/analyzers/schema/vocabulary/vocabulary-file.ts";
import { schemaVocabulary, Vocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { pageDocument } from "../../../src/analyzers/structured-data/html-document.ts";
import { joinedItems, structuredGraph } from "../../../src/analyzers/structured-data/structured-graph.ts";
import { type ExampleForm, exampleAsHtml, loadSchemaOrgExamples, SCHEMAORG_EXAMPLES_DIR, type SchemaOrgExample } from "../../helpers/schemaorg-examples.ts";

/**
 * schema.org's own examples (shared/corpora/schemaorg-examples, Apache-2.0) are correct schema.org by
 * definition, apart from the few listed in REALLY_WRONG. Their JSON-LD forms, read through the JSON-LD
 * context interpreter as the service reads pages, and validated against release 30.0, must give no other error.
 */

const VOCABULARY_30 = join(SCHEMAORG_EXAMPLES_DIR, "../schemaorg-vocabulary/schemaorg-all-https-30.0.jsonld");
const present = existsSync(SCHEMAORG_EXAMPLES_DIR) && existsSync(VOCABULARY_30);
if (!present) console.warn(`SKIPPED schemaorg-examples.test.ts: ${SCHEMAORG_EXAMPLES_DIR} or ${VOCABULARY_30} is absent (../shared is not beside the repository).`);

/** Examples that really are wrong, with why, and the paths (item path + property) of the errors they must give. */
const REALLY_WRONG: Record<string, { reason: string; errors: string[] }> = {
  "eg-0269": { reason: "no @context at all", errors: ["json-ld[0] -"] },
  "eg-0348": { reason: "no @context at all", errors: ["json-ld[0] -"] },
  "eg-0460": { reason: "no @context at all", errors: ["json-ld[0] -"] },
  "eg-0290": {
    reason: 'prices written "$750": schema.org\'s price guidance asks for a plain number and priceCurrency instead of a symbol',
    errors: ["json-ld[0] hasPart[0].itemReviewed.offers.price", "json-ld[0] hasPart[1].itemReviewed.offers.price"],
  },
  "eg-0292": {
    reason: 'prices written "$750": schema.org\'s price guidance asks for a plain number and priceCurrency instead of a symbol',
    errors: ["json-ld[0] hasPart[0].itemReviewed.offers.price", "json-ld[0] hasPart[1].itemReviewed.offers.price"],
  },
  "eg-0315": {
    reason: "the @context is a member of the top-level array of its own, so it applies to no item (array members do not share a context) and is itself an item without @type",
    errors: ["json-ld[0][0] -", "json-ld[0][1] -", "json-ld[0][2] -", "json-ld[0][3] -"],
  },
  "eg-0318": {
    reason: 'the same lone @context in its own array member, and "name" written as a language map ({"en": …}) that no "@container": "@language" declares',
    errors: ["json-ld[0][0] -", "json-ld[0][1] -", "json-ld[0][2] -", "json-ld[0][2] name.en", "json-ld[0][2] name.fr", "json-ld[0][2] name.de"],
  },
  "eg-0291": { reason: '"type": "Best for the Money" beside "@type": "Recommendation": "type" is schema.org\'s alias of @type, so the label is read as a type', errors: ["json-ld[0] hasPart[1].@type"] },
  "eg-0293": { reason: '"type": "Best for the Money" beside "@type": "Recommendation": "type" is schema.org\'s alias of @type, so the label is read as a type', errors: ["json-ld[0] hasPart[1].@type"] },
  "eg-0229": { reason: '"@context": "http://health-lifesci.schema.org/" names an extension host, which serves pages, not schema.org\'s context', errors: ["json-ld[0] -"] },
};

/** The JSON-LD blocks of a JSON section: inside <script> elements, or the bare JSON; prose ("No JSON-LD") has none. */
function jsonLdBlocks(section: string): string[] {
  const text = section.replace(/<!--[\s\S]*?-->/g, "").trim();
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
  if (scripts.length > 0) return scripts;
  return /^[[{]/.test(text) ? [text] : [];
}

type Found = { where: string; message: string };

function issuesOf(example: SchemaOrgExample, item: ItemToValidate, vocabulary: Vocabulary, into: Found[]): void {
  const record = (issue: ItemIssue) => into.push({ where: `${example.id} ${item.path} ${issue.property ?? "-"}`, message: issue.message });
  validateItem(item, vocabulary).errors.forEach(record);
}

/** As the schema service reads a page: the structured-data graph's items (keys as their @context makes them), validated against `vocabulary`. */
function errorsOfPage(example: SchemaOrgExample, vocabulary: Vocabulary, into: Found[], form: ExampleForm = "json"): void {
  const html = exampleAsHtml(form, example.forms[form]!);
  const graph = structuredGraph(pageDocument({}, html), html, "https://example.com/");
  for (const problem of graph.problems) into.push({ where: `${example.id} ${problem.path} -`, message: problem.message });
  for (const item of joinedItems(graph)) issuesOf(example, item, vocabulary, into);
}

/** A rough category per message, for the printed before/after counts. */
function category(message: string): string {
  if (/no @context|not schema\.org's context/.test(message)) return "context";
  if (/no @type/.test(message)) return "missing @type";
  if (/is not a schema\.org property/.test(message)) return "unknown property";
  if (/is not a schema\.org (type|term)/.test(message)) return "unknown or foreign type";
  if (/is not a property of/.test(message)) return "property outside its type";
  if (/expects .*, not [A-Z]/.test(message)) return "nested item of the wrong type";
  if (/plain number|must be a number/.test(message)) return "number";
  if (/ISO 8601/.test(message)) return "date";
  if (/not valid JSON|not JSON/.test(message)) return "unparsable block";
  return "other";
}

function countByCategory(found: Found[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { message } of found) counts[category(message)] = (counts[category(message)] ?? 0) + 1;
  return counts;
}

describe.skipIf(!present)("schema.org's own examples", () => {
  test("their JSON-LD forms, read through their @context, give no error against release 30.0 but in the examples that really are wrong", () => {
    const vocabulary30 = (() => {
      const file = readVocabularyFile(VOCABULARY_30);
      return new Vocabulary(file.index, { release: file.release, source: "SCHEMA_VOCABULARY" });
    })();
    expect(vocabulary30.origin.release).toBe("30.0");

    const examples = loadSchemaOrgExamples()!;
    const withJsonLd = examples.filter((example) => example.forms.json !== undefined && jsonLdBlocks(example.forms.json).length > 0);
    const before: Found[] = [];
    const after: Found[] = [];
    for (const example of withJsonLd) {
      errorsOfPage(example, schemaVocabulary(), before);
      errorsOfPage(example, vocabulary30, after);
    }

    console.log(
      [
        `schema.org examples: ${examples.length} examples (drafts left out) in ${new Set(examples.map((example) => example.file)).size} files, ${withJsonLd.length} JSON-LD forms.`,
        `errors against the embedded release ${schemaVocabulary().origin.release}: ${before.length} ${JSON.stringify(countByCategory(before))} (terms that release lacks)`,
        `errors against release 30.0: ${after.length} ${JSON.stringify(countByCategory(after))}, all in the ${Object.keys(REALLY_WRONG).length} examples listed as really wrong.`,
      ].join("\n"),
    );

    // The corpus was read: hundreds of examples, most with JSON-LD.
    expect(examples.length).toBeGreaterThan(450);
    expect(withJsonLd.length).toBeGreaterThan(400);
    // Every error belongs to an example known to be wrong, at the place listed, and each listed example still gives its errors.
    const expected = Object.entries(REALLY_WRONG).flatMap(([id, entry]) => entry.errors.map((where) => `${id} ${where}`));
    expect(after.map((found) => found.where).sort()).toEqual(expected.sort());
  });

  test("their Microdata and RDFa forms give no error against release 30.0", () => {
    const vocabulary30 = (() => {
      const file = readVocabularyFile(VOCABULARY_30);
      return new Vocabulary(file.index, { release: file.release, source: "SCHEMA_VOCABULARY" });
    })();
    const errors: Found[] = [];
    let forms = 0;
    for (const example of loadSchemaOrgExamples()!) {
      for (const form of ["microdata", "rdfa"] as const) {
        if (!example.forms[form]) continue;
        forms++;
        errorsOfPage(example, vocabulary30, errors, form);
      }
    }
    console.log(`schema.org examples: ${forms} Microdata and RDFa forms, ${errors.length} errors against release 30.0.`);
    expect(forms).toBeGreaterThan(350);
    expect(errors).toEqual([]);
  });
});
