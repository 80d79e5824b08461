import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { extractStructuredData } from "../../../src/analyzers/structured-data/extract-structured-data.ts";
import { MarkupElement } from "../../../src/analyzers/structured-data/markup-tree.ts";
import { MAX_DEPTH, MAX_PROBLEMS, MAX_VALUE_CHARS } from "../../../src/analyzers/structured-data/structured-data-caps.ts";
import { readPageFacts } from "../../../src/analyzers/schema/generate/page-facts.ts";
import { validateItem } from "../../../src/analyzers/schema/validate/validate-item.ts";
import { schemaVocabulary, Vocabulary } from "../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { analyzeHtml, jsonLd, page } from "./analyze-fixtures.ts";

/**
 * Scanned pages are hostile: structures nested past the call stack, a million values, keys named after
 * Object's own properties. None of this may crash a scan, blow up memory, or take time that grows with
 * the square of the page. Costs are compared as counts of operations, never as times.
 */

const URL_OF_PAGE = "https://shop.example/dir/page";

function extract(html: string) {
  return extractStructuredData(html, URL_OF_PAGE);
}

/** Counts calls of `object[name]` while `work` runs, then puts the method back. */
function countCalls<T extends object>(object: T, name: keyof T & string, work: () => void): number {
  const original = object[name] as unknown as (...args: unknown[]) => unknown;
  let calls = 0;
  (object as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    calls++;
    return original.apply(this, args);
  };
  try {
    work();
  } finally {
    (object as Record<string, unknown>)[name] = original;
  }
  return calls;
}

describe("JSON-LD from a hostile page", () => {
  test("a block of thousands of bare values lists MAX_PROBLEMS problems and counts the rest", () => {
    const { problems, summary } = analyzeHtml(page(`<script type="application/ld+json">[${"1,".repeat(20_000)}1]</script>`));
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)!.message).toBe(`${20_001 - MAX_PROBLEMS} more problem(s) like these were found and are not listed.`);
    expect(summary.errors).toBe(MAX_PROBLEMS + 1);
  });

  test("thousands of unreadable blocks are capped the same way", () => {
    const { problems } = analyzeHtml(page(`<script type="application/ld+json">{</script>`.repeat(500)));
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)!.message).toContain(`${500 - MAX_PROBLEMS} more problem(s)`);
  });

  test("arrays and @graph nested past the call stack are a problem, not a crash", () => {
    let graph = '{"@context":"https://schema.org","@type":"Thing","name":"deep"}';
    for (let level = 0; level < 20_000; level++) graph = `{"@graph":${graph}}`;
    const deepGraph = analyzeHtml(page(`<script type="application/ld+json">${graph}</script>`));
    expect(deepGraph.items).toHaveLength(0);
    expect(deepGraph.problems).toHaveLength(1);
    expect(deepGraph.problems[0]!.message).toContain(`nested more than ${MAX_DEPTH} levels deep`);

    const arrays = analyzeHtml(page(`<script type="application/ld+json">${"[".repeat(20_000)}{"@type":"Thing"}${"]".repeat(20_000)}</script>`));
    expect(arrays.items).toHaveLength(0);
    expect(arrays.problems.length).toBeGreaterThan(0);
  });

  test("items nested thousands deep are cut at MAX_DEPTH, so the item's JSON stays small and validation ends", () => {
    let node: Record<string, unknown> = { "@type": "Thing", name: "bottom" };
    for (let level = 0; level < 200; level++) node = { "@type": "CreativeWork", name: `level ${level}`, subjectOf: node };
    const { items } = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", ...node })));
    expect(items).toHaveLength(1);
    const nestedLevels = items[0]!.data.split('"subjectOf"').length - 1;
    // The top item and MAX_DEPTH nested ones hold a subjectOf; the last one points at an empty, cut item.
    expect(nestedLevels).toBe(MAX_DEPTH + 1);
    expect(items[0]!.data).toContain('"subjectOf": {}');
    expect(items[0]!.data).not.toContain("…");

    // Lists of lists nest too: `"name": [[[[…]]]]` thousands deep.
    const lists = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", "@type": "Thing", name: JSON.parse(`${"[".repeat(5_000)}"x"${"]".repeat(5_000)}`) })));
    expect(lists.items[0]!.data.split("[").length - 1).toBeLessThanOrEqual(MAX_DEPTH + 1);
  });

  test("cyclic @id references are only references: nothing follows them round the loop", () => {
    const graph = Array.from({ length: 50 }, (_, index) => ({ "@id": `#n${index}`, "@type": "Thing", name: `n${index}`, sameAs: { "@id": `#n${(index + 1) % 50}` } }));
    const { items } = analyzeHtml(page(jsonLd({ "@context": "https://schema.org", "@graph": graph })));
    expect(items).toHaveLength(50);
    expect(items[49]!.data).toContain('"@id": "#n0"');
  });

  test("keys named __proto__ and constructor are plain properties, reported as unknown", () => {
    const html = page(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"x","__proto__":{"@type":"Offer","price":"1"},"constructor":"c"}</script>`);
    const { items } = analyzeHtml(html);
    expect(items[0]!.properties).toEqual(["name", "__proto__", "constructor"]);
    expect(items[0]!.errors.map((error) => error.property)).toEqual(["__proto__", "constructor"]);
    expect(JSON.parse(items[0]!.data)).toMatchObject({ constructor: "c" });
    expect(({} as Record<string, unknown>).price).toBeUndefined();
  });
});

describe("Microdata and RDFa from a hostile page", () => {
  test("itemprop names such as __proto__, constructor and hasOwnProperty are stored as the page wrote them", () => {
    const html = page(
      "",
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">n</span><span itemprop="constructor">c</span><span itemprop="hasOwnProperty">h</span>` +
        `<span itemprop="__proto__">p</span><div itemprop="__proto__" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1</span></div></div>`,
    );
    const node = extract(html).items[0]!.node;
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(Object.keys(node)).toEqual(["@type", "name", "constructor", "hasOwnProperty", "__proto__"]);
    expect(node["constructor"] as unknown).toBe("c");
    expect(node["hasOwnProperty"] as unknown).toBe("h");
    expect(JSON.parse(JSON.stringify(node)).__proto__).toEqual(["p", { "@type": "Offer", price: "1" }]);
  });

  test("RDFa property names such as constructor are stored as the page wrote them", () => {
    const html = page("", `<div typeof="Thing"><span property="constructor">a</span><span property="constructor">b</span></div>`);
    const node = extract(html).items[0]!.node;
    expect(Object.hasOwn(node, "constructor")).toBe(true);
    expect(node["constructor"] as unknown).toEqual(["a", "b"]);
  });

  test("properties below elements nested tens of thousands deep are still read, without recursion", () => {
    const depth = 40_000;
    const microdata = extract(page("", `<div itemscope itemtype="https://schema.org/Product">${"<div>".repeat(depth)}<span itemprop="name">deep</span>${"</div>".repeat(depth)}</div>`));
    expect(microdata.items[0]!.node.name).toBe("deep");
    const rdfa = extract(page("", `<div vocab="https://schema.org/" typeof="Product">${"<div>".repeat(depth)}<span property="name">deep</span>${"</div>".repeat(depth)}</div>`));
    expect(rdfa.items[0]!.node.name).toBe("deep");
  });

  test("expanding RDFa terms on a deeply nested page costs in proportion to the page, not its square", () => {
    const nested = (depth: number) =>
      page("", `<div vocab="https://schema.org/" prefix="og: https://ogp.me/ns#" typeof="Product">${`<div property="name og:title">`.repeat(depth)}x${"</div>".repeat(depth)}</div>`);
    const attributeReads = (depth: number) => {
      const html = nested(depth);
      return countCalls(MarkupElement.prototype, "getAttribute", () => extractStructuredData(html, URL_OF_PAGE));
    };
    const small = attributeReads(500);
    const large = attributeReads(2_000);
    // Four times the page: about four times the reads when linear, sixteen when quadratic.
    expect(large / small).toBeLessThan(6);
  });

  test("one property value is cut at MAX_VALUE_CHARS, and nested property elements do not re-read the page without end", () => {
    const long = extract(page("", `<div itemscope itemtype="https://schema.org/Product"><p itemprop="description">${"word ".repeat(5_000)}</p></div>`));
    expect((long.items[0]!.node.description as string).length).toBeLessThanOrEqual(MAX_VALUE_CHARS);

    // Each value is the text of its whole subtree, read without textContent (which re-reads it all for
    // every level) and within the page's budget; at this depth every value is still whole.
    const depth = 1_000;
    const nested = extract(page("", `<div itemscope itemtype="https://schema.org/Product">${`<span itemprop="name">x`.repeat(depth)}${"</span>".repeat(depth)}</div>`));
    const names = nested.items[0]!.node.name as string[];
    expect(names).toHaveLength(depth);
    expect(names[0]).toBe("x".repeat(depth));
    expect(names.at(-1)).toBe("x");
  });
});

describe("validation and suggestions on a hostile page", () => {
  test("thousands of misspelt terms do not each scan the whole vocabulary for a 'did you mean'", () => {
    const vocabulary = schemaVocabulary();
    const node: Record<string, unknown> = { "@type": "Product", postalcode: "1" };
    for (let index = 0; index < 2_000; index++) node[`madeUpProperty${index}`] = "x";
    let errors: { property: string | null; message: string }[] = [];
    const enumerations =
      countCalls(Vocabulary.prototype, "propertyNames", () => {
        errors = validateItem({ format: "json-ld", path: "json-ld[0]", node, context: "schema.org" }, vocabulary).errors;
      }) + countCalls(Vocabulary.prototype, "typeNames", () => validateItem({ format: "json-ld", path: "json-ld[0]", node: { "@type": Array.from({ length: 2_000 }, (_, index) => `Madeup${index}`) }, context: "schema.org" }, vocabulary));
    expect(enumerations).toBeLessThanOrEqual(1);
    expect(errors[0]!.message).toBe('"postalcode" is not a schema.org property (did you mean "postalCode"?).');
    expect(vocabulary.sameNameIgnoringCase("localbusiness", "type")).toBe("LocalBusiness");
    expect(vocabulary.sameNameIgnoringCase("nothingLikeThis", "property")).toBeNull();
  });

  test("question candidates: nested <details> are not each read whole, and a long run of siblings is not re-joined at every step", () => {
    const depth = 2_000;
    const details = parseHTML(page("", `${"<details><summary>Q?</summary>a".repeat(depth)}${"</details>".repeat(depth)}`)).document;
    let reads = 0;
    let holder: object = details.body;
    while (!Object.getOwnPropertyDescriptor(holder, "textContent")?.get) holder = Object.getPrototypeOf(holder);
    const descriptor = Object.getOwnPropertyDescriptor(holder, "textContent")!;
    Object.defineProperty(holder, "textContent", { ...descriptor, get() { reads++; return descriptor.get!.call(this); } });
    try {
      expect(readPageFacts(details, URL_OF_PAGE).questions.length).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(holder, "textContent", descriptor);
    }
    expect(reads).toBeLessThan(depth / 2);

    // Counted as array members joined: about one per sibling when each is joined once, half their square when re-joined at every step.
    const count = 1_000;
    const siblings = parseHTML(page("", `<h2>Is it here?</h2>${"<i></i>".repeat(count)}<p>Yes.</p>`)).document;
    const join = Array.prototype.join;
    let membersJoined = 0;
    Array.prototype.join = function (this: unknown[], separator?: string) {
      membersJoined += this.length;
      return join.call(this, separator);
    };
    let questions: unknown;
    try {
      questions = readPageFacts(siblings, URL_OF_PAGE).questions;
    } finally {
      Array.prototype.join = join;
    }
    expect(questions).toEqual([{ question: "Is it here?", answer: "Yes." }]);
    expect(membersJoined).toBeLessThan(10 * count);
  });
});
