import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * schema.org's own examples (../shared/corpora/schemaorg-examples, Apache-2.0): each example has a
 * `TYPES:` line and up to four forms of the same data, PRE-MARKUP, MICRODATA, RDFA and JSON.
 */

export const SCHEMAORG_EXAMPLES_DIR = join(import.meta.dir, "..", "..", "..", "shared", "corpora", "schemaorg-examples");

export type ExampleForm = "microdata" | "rdfa" | "json";

export interface SchemaOrgExample {
  /** `eg-0003`, or the file and position when the example has no id. */
  id: string;
  file: string;
  types: string;
  forms: Partial<Record<ExampleForm, string>>;
}

const MARKUP_OF: Record<ExampleForm, RegExp> = { microdata: /\bitemscope\b/i, rdfa: /\b(?:typeof|property|vocab)\s*=/i, json: /[{[]/ };

const SECTIONS: Record<string, ExampleForm | "pre"> = { "PRE-MARKUP:": "pre", "MICRODATA:": "microdata", "RDFA:": "rdfa", "JSON:": "json" };

/** Every example of every file, drafts (`@@`, `FakeEntryNeeded`) left out; null when the corpus is absent. */
export function loadSchemaOrgExamples(): SchemaOrgExample[] | null {
  if (!existsSync(SCHEMAORG_EXAMPLES_DIR)) return null;
  const files = [
    ...readdirSync(SCHEMAORG_EXAMPLES_DIR).filter((name) => name.endsWith(".txt")),
    ...readdirSync(join(SCHEMAORG_EXAMPLES_DIR, "ext"), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".txt")).map((name) => join("ext", name)),
  ].sort();
  return files.flatMap((file) => parseExamples(readFileSync(join(SCHEMAORG_EXAMPLES_DIR, file), "utf8"), file));
}

export function parseExamples(text: string, file: string): SchemaOrgExample[] {
  const examples: SchemaOrgExample[] = [];
  let current: SchemaOrgExample | null = null;
  let section: ExampleForm | "pre" | null = null;
  let lines: string[] = [];
  const close = () => {
    if (current && section && section !== "pre") {
      const body = lines.join("\n").trim();
      // Forms an example does not have hold a note instead ("This example is JSON only.").
      if (MARKUP_OF[section].test(body)) current.forms[section] = body;
    }
    lines = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("TYPES:")) {
      close();
      current = { id: /#(eg-\d+)/.exec(line)?.[1] ?? `${file}#${examples.length + 1}`, file, types: line.slice("TYPES:".length).trim(), forms: {} };
      examples.push(current);
      section = null;
      continue;
    }
    const heading = SECTIONS[line.trim()];
    if (heading && current) {
      close();
      section = heading;
      continue;
    }
    if (section) lines.push(line);
  }
  close();
  return examples.filter((example) => !/@@|FakeEntryNeeded/.test(example.types));
}

/** A form as an HTML page: JSON forms are JSON-LD, given bare or already inside a script element. */
export function exampleAsHtml(form: ExampleForm, body: string): string {
  const content = form === "json" && !/<script/i.test(body) ? `<script type="application/ld+json">${body}</script>` : body;
  return `<!doctype html><html><head><title>example</title></head><body>${content}</body></html>`;
}
