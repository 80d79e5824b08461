import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { termName } from "../../../src/analyzers/structured-data/schema-org-term.ts";
import { propertyNodes, type StructuredGraph, structuredGraph } from "../../../src/analyzers/structured-data/structured-graph.ts";
import { type ExampleForm, exampleAsHtml, loadSchemaOrgExamples, SCHEMAORG_EXAMPLES_DIR, type SchemaOrgExample } from "../../helpers/schemaorg-examples.ts";

/**
 * schema.org's own examples (shared/corpora/schemaorg-examples, Apache-2.0) give most examples in
 * JSON-LD, Microdata and RDFa. Read by the one structured-data graph, the Microdata and RDFa forms must
 * state the same types, properties and links as the JSON-LD form, except where the example itself
 * differs. A difference is the example's own when a type or property it involves is not written in the
 * other form at all (the forms often carry different detail); every other difference must be listed in
 * EXAMPLE_DIFFERS with the reason, found by reading the example.
 */

const examples = loadSchemaOrgExamples();
if (!examples) console.warn(`SKIPPED schemaorg-formats-agree.test.ts: ${SCHEMAORG_EXAMPLES_DIR} is absent (../shared is not beside the repository).`);

const ITEMPROP_IN_RDFA = "the RDFa form writes it with Microdata's itemprop, which RDFa does not read";
const TYPE_NOT_TYPEOF = 'the RDFa form writes type="…" instead of typeof="…", so it states no item';
const TERM_SET_BY_URL = "the Microdata and RDFa forms give the term set a url instead of an itemid/resource, so inDefinedTermSet links to no item";
const LANGUAGE_MAP = 'the JSON-LD form writes name as a language map ({"en": …}) without "@container": "@language", which JSON-LD reads as a node with en, fr and de properties';
const QUALIFICATIONS = "the JSON-LD form uses qualifications where the Microdata and RDFa forms use educationRequirements";
const ADDRESS_REFERENCE = "the JSON-LD form's GeoCircle address is a reference (@id) to an address it does not describe, where the other forms nest the PostalAddress";

/** `<example id> <form>` → why the example's forms state different things. */
const EXAMPLE_DIFFERS: Record<string, string> = {
  "eg-0007 rdfa": `iso6523Code: ${ITEMPROP_IN_RDFA}`,
  "eg-0208 microdata": "the Microdata form writes priceCurrency with RDFa's property attribute, which Microdata does not read",
  "eg-0217 microdata": "the Microdata form names the DVD type at www.productontology.org, the JSON-LD form at productontology.org",
  "eg-0260 microdata": "only the Microdata form states additionalType http://purl.org/ctdl/terms/Certification",
  "eg-0261 microdata": QUALIFICATIONS,
  "eg-0261 rdfa": QUALIFICATIONS,
  "eg-0254 rdfa": TYPE_NOT_TYPEOF,
  "eg-0255 rdfa": TYPE_NOT_TYPEOF,
  "eg-0257 rdfa": TYPE_NOT_TYPEOF,
  "eg-0258 rdfa": TYPE_NOT_TYPEOF,
  "eg-3475 microdata": 'the Microdata form misspells itemprop as "iteprop" on hasGS1DigitalLink',
  "eg-0315 microdata": TERM_SET_BY_URL,
  "eg-0315 rdfa": TERM_SET_BY_URL,
  "eg-0318 microdata": LANGUAGE_MAP,
  "eg-0318 rdfa": LANGUAGE_MAP,
  "eg-0341 rdfa": `datePublished: ${ITEMPROP_IN_RDFA}`,
  "eg-0372 rdfa": "the RDFa form's sameAs link stands outside the item's element",
  "eg-0375 rdfa": `paymentStatus: ${ITEMPROP_IN_RDFA}`,
  "eg-0384 rdfa": `mapType: ${ITEMPROP_IN_RDFA}`,
  "eg-0397 microdata": ADDRESS_REFERENCE,
  "eg-0397 rdfa": ADDRESS_REFERENCE,
  "eg-0438 rdfa": "the RDFa form closes the item's element before address, geo, publicAccess and the rest, so they belong to no item",
  "eg-0446 rdfa": "the RDFa form nests Microdata items (itemscope, itemtype) as interactionService values; RDFa does not read Microdata",
  "eg-0447 microdata": "the JSON-LD form types the add-on SoftwareApplication, the Microdata form VideoGame",
};

/** What a form states: each type, each property, and each link from a property to a node of a type, with the terms it involves. */
function statements(graph: StructuredGraph): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const node of graph.nodes) {
    for (const type of node.types) found.set(`type ${type}`, [type]);
    for (const key of Object.keys(node.node)) {
      if (key.startsWith("@")) continue;
      const property = termName(key) ?? key;
      found.set(`property ${property}`, [property]);
      for (const target of propertyNodes(graph, node, key)) for (const type of target.types) found.set(`link ${property} -> ${type}`, [property, type]);
    }
  }
  return found;
}

function graphOf(form: ExampleForm, body: string): StructuredGraph {
  const html = exampleAsHtml(form, body);
  return structuredGraph(parseHtml(html), html, "https://example.com/page");
}

/** Whether a term is written anywhere in a form's text (by its short name, as every syntax can write it). */
function written(term: string, text: string): boolean {
  const name = term.replace(/^.*[/#:]/, "");
  return new RegExp(`\\b${name.replace(/[^\w]/g, ".")}\\b`).test(text);
}

interface Comparison {
  /** Statements of one form missing from the other although every term they involve is written there. */
  unexplained: string[];
  /** Whether the forms differ only in what one of them does not write at all. */
  differsInDetail: boolean;
}

function compare(example: SchemaOrgExample, form: "microdata" | "rdfa"): Comparison {
  const jsonLd = statements(graphOf("json", example.forms.json!));
  const other = statements(graphOf(form, example.forms[form]!));
  const unexplained: string[] = [];
  let differsInDetail = false;
  const sides = [
    ["JSON-LD", jsonLd, other, example.forms[form]!],
    [form, other, jsonLd, example.forms.json!],
  ] as const;
  for (const [side, mine, theirs, theirText] of sides) {
    for (const [statement, terms] of mine) {
      if (theirs.has(statement)) continue;
      if (terms.some((term) => !written(term, theirText))) differsInDetail = true;
      else unexplained.push(`only in ${side}: ${statement}`);
    }
  }
  return { unexplained, differsInDetail };
}

describe.skipIf(!examples)("schema.org's examples: Microdata and RDFa read as the same graph as JSON-LD", () => {
  test("every form of every example is extracted", () => {
    const empty: string[] = [];
    let forms = 0;
    for (const example of examples!) {
      for (const form of ["json", "microdata", "rdfa"] as const) {
        if (!example.forms[form]) continue;
        forms++;
        if (graphOf(form, example.forms[form]!).nodes.length === 0) empty.push(`${example.id} ${form}`);
      }
    }
    expect(forms).toBeGreaterThan(800);
    // Only the forms that write type="…" for typeof="…" state no item.
    expect(empty.sort()).toEqual(Object.keys(EXAMPLE_DIFFERS).filter((key) => EXAMPLE_DIFFERS[key] === TYPE_NOT_TYPEOF).sort());
  });

  test("every pair of forms agrees on types, properties and links, or the example's own difference is named", () => {
    const rows: string[] = [];
    const disagreements: Record<string, string[]> = {};
    const counts = { microdata: { pairs: 0, same: 0, detail: 0, listed: 0 }, rdfa: { pairs: 0, same: 0, detail: 0, listed: 0 } };
    for (const example of examples!) {
      if (!example.forms.json) continue;
      for (const form of ["microdata", "rdfa"] as const) {
        if (!example.forms[form]) continue;
        const key = `${example.id} ${form}`;
        const { unexplained, differsInDetail } = compare(example, form);
        counts[form].pairs++;
        if (unexplained.length > 0) {
          disagreements[key] = unexplained;
          if (EXAMPLE_DIFFERS[key]) counts[form].listed++;
        } else if (differsInDetail) counts[form].detail++;
        else counts[form].same++;
      }
    }
    for (const form of ["microdata", "rdfa"] as const) {
      const { pairs, same, detail, listed } = counts[form];
      rows.push(`${form}: ${pairs} examples with a JSON-LD form; ${same} state the same graph, ${detail} differ only in detail one form does not write, ${listed} are listed example differences`);
    }
    console.log(rows.join("\n"));
    expect(counts.microdata.pairs).toBeGreaterThan(150);
    expect(counts.rdfa.pairs).toBeGreaterThan(150);
    // Every disagreement is a listed example difference, and every listed one still disagrees (no stale entries).
    const unlisted = Object.fromEntries(Object.entries(disagreements).filter(([key]) => !EXAMPLE_DIFFERS[key]));
    expect(unlisted).toEqual({});
    expect(Object.keys(EXAMPLE_DIFFERS).filter((key) => !disagreements[key])).toEqual([]);
  });
});
