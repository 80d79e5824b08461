import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseLlmsTxt } from "../../../../src/analyzers/visibility/derive/llms-txt-document.ts";
import { judgeLlmsTxt } from "../../../../src/analyzers/visibility/derive/llms-txt-rules.ts";
import { growthRatio } from "../../../helpers/growth-ratio.ts";

const BASE = "https://example.com/llms.txt";
const judge = (text: string) =>
  judgeLlmsTxt({ document: parseLlmsTxt(text, BASE), url: BASE, contentType: "text/plain", linkChecks: undefined, siteName: "Example", origin: "https://example.com" });

/** The ATX heading regular expression the parser used before: the oracle for what a heading is. */
const OLD_ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

describe("llms.txt headings read as CommonMark reads them", () => {
  test("closing runs of # are dropped only after a space; seven # or no space is no heading", () => {
    const first = (line: string) => parseLlmsTxt(line, BASE).blocks[0];
    expect(first("# Title ##")).toMatchObject({ kind: "heading", level: 1, text: "Title" });
    expect(first("## a#")).toMatchObject({ kind: "heading", level: 2, text: "a#" });
    expect(first("### ###")).toMatchObject({ kind: "heading", level: 3, text: "" });
    expect(first("#")).toMatchObject({ kind: "heading", level: 1, text: "" });
    expect(first("#   #")).toMatchObject({ kind: "heading", level: 1, text: "" });
    expect(first("#5 bolts")?.kind).not.toBe("heading");
    expect(first("####### seven")?.kind).not.toBe("heading");
  });

  test("on generated lines, a heading and its text are what the old expression read", () => {
    const piece = fc.constantFrom("#", "##", " ", "\t", "a", "b c", "#x", "   ", "\u00a0");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const line = pieces.join("");
        const old = OLD_ATX.exec(line);
        // The one deliberate change: a heading of only a closing run ("#   #") is empty, as CommonMark §4.2 says; the old expression kept "#".
        if (old && /^#+$/.test((old[2] ?? "").trim())) return;
        const block = parseLlmsTxt(line, BASE).blocks[0];
        if (old) expect(block).toMatchObject({ kind: "heading", level: old[1]!.length, text: (old[2] ?? "").trim() });
        else expect(block?.kind ?? "none").not.toBe("heading");
      }),
      { numRuns: 3000 },
    );
  });

  test("any text parses and is judged without throwing", () => {
    const piece = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("\n", "# ", "## Docs\n", "- ", "- [a](https://e.com/x): y\n", "```\n", "> ", "[", "](", ")", ":"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(() => judge(text)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hostile llms.txt files cost time in proportion to their size (issue 30)", () => {
  // Each input at n and 100·n: a linear reader takes about 100 times as long (up to 300 here, as the large input leaves the caches), a quadratic one 10,000.
  const cases: [string, (n: number) => string][] = [
    ["a heading with a long run of spaces inside", (n) => `# a${" ".repeat(n)}b\n`],
    ["list items without a link, with long runs of spaces", (n) => `# T\n\n## Docs\n\n- a${" ".repeat(n)}b\n`],
    ["a closing fence line of marks and spaces", (n) => `# T\n\n\`\`\`\n${"`".repeat(n / 2)}${" ".repeat(n / 2)}x\n`],
    ["a link that never closes", (n) => `# T\n\n## Docs\n\n- [a](https://e.com/${"x".repeat(n)}\n`],
    ["links opened again and again", (n) => `# T\n\n## Docs\n\n- ${"[a](".repeat(n / 4)}\n`],
    ["a link title that never closes", (n) => `# T\n\n## Docs\n\n- [a](u "${"x".repeat(n)}\n`],
  ];
  for (const [name, make] of cases) {
    test(name, () => {
      const inputs = new Map<number, string>();
      const input = (n: number) => inputs.get(n) ?? (inputs.set(n, make(n)), inputs.get(n)!);
      expect(growthRatio((n) => judge(input(n)), 20_000, 100)).toBeLessThan(1000);
    });
  }
});

describe("links are read as before", () => {
  test("names, URLs with balanced parentheses, titles, images skipped, several on a line", () => {
    const document = parseLlmsTxt("# T\n\n## Docs\n\n- [A](https://x.org/a \"t\"): n\n- see [B](https://x.org/(b)) and ![i](i.png) [C]( <https://x.org/c> )\n", BASE);
    expect(document.links.map((link) => [link.name, link.url])).toEqual([
      ["A", "https://x.org/a"],
      ["B", "https://x.org/(b)"],
      ["C", "https://x.org/c"],
    ]);
  });
});
