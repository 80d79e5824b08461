import { describe, expect, test } from "bun:test";
import { codeBlock, inlineCode } from "../../../../src/analyzers/visibility/audits/fix-code.ts";
import { AUDITS } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { fixTextParts } from "../../../../src/web/fix/fix-text-parts.ts";
import { SITES } from "./audit-sites.ts";

/** What code looks like when it leaks into the explanation: markup, JSON-LD, robots.txt or sitemap lines. */
const CODE_IN_PROSE: readonly [string, RegExp][] = [
  ["an HTML element", /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?>/i],
  ["an XML declaration", /<\?xml/i],
  ["a JSON object", /\{\s*"@?[a-z]+"\s*:/i],
  ["a robots.txt line", /^\s*(?:user-agent|disallow|allow|sitemap)\s*:/im],
];

/** The prose of a fix with its inline code spans taken out: what is left must read as words. */
function proseOutsideCode(how: string): string {
  return fixTextParts(how)
    .filter((part) => part.kind === "prose")
    .map((part) => (part.kind === "prose" ? part.text.replace(/(`+)[^`]*?\1/g, " ") : ""))
    .join("\n");
}

describe("every fix keeps its code apart from its explanation", () => {
  for (const audit of AUDITS) {
    test(audit.id, () => {
      for (const [name, artifacts] of Object.entries(SITES)) {
        const fix = runAudit(audit, artifacts).fix;
        if (!fix) continue;
        const prose = proseOutsideCode(fix.how);
        for (const [kind, pattern] of CODE_IN_PROSE) {
          const leak = pattern.exec(prose)?.[0];
          expect(leak === undefined ? null : `${audit.id} on "${name}": ${kind} outside a code block: ${leak}`).toBeNull();
        }
        for (const part of fixTextParts(fix.how)) if (part.kind === "code") expect(part.code.trim()).not.toBe("");
      }
    });
  }
});

describe("JSON-LD in fixes is pretty-printed", () => {
  test("every JSON-LD block spans several lines and parses", () => {
    let blocks = 0;
    for (const audit of AUDITS) {
      for (const artifacts of Object.values(SITES)) {
        const how = runAudit(audit, artifacts).fix?.how ?? "";
        for (const part of fixTextParts(how)) {
          if (part.kind !== "code" || !part.code.includes("application/ld+json")) continue;
          blocks++;
          const json = part.code.replace(/^<script[^>]*>\n/, "").replace(/\n<\/script>$/, "");
          expect(json.split("\n").length).toBeGreaterThan(3);
          expect(() => JSON.parse(json)).not.toThrow();
        }
      }
    }
    expect(blocks).toBeGreaterThan(0);
  });
});

describe("codeBlock and inlineCode", () => {
  test("a block's fence outgrows the backticks inside it, so site text cannot close it", () => {
    const hostile = 'title ```\n```\n<script>alert(1)</script>';
    const parts = fixTextParts(`Paste:\n\n${codeBlock("html", hostile)}\n\nDone.`);
    expect(parts).toEqual([
      { kind: "prose", text: "Paste:" },
      { kind: "code", language: "html", code: hostile },
      { kind: "prose", text: "Done." },
    ]);
  });

  test("inline code with backticks inside gets a longer delimiter", () => {
    expect(inlineCode("a")).toBe("`a`");
    expect(inlineCode("a`b")).toBe("``a`b``");
    expect(inlineCode("`x`")).toBe("`` `x` ``");
  });
});
