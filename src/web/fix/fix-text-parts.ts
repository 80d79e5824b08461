/**
 * A fix's `how` split into explanation and code, by the convention audits write it in
 * (src/analyzers/visibility/audits/fix-code.ts, documented in docs/report-fields.md): a line of three or
 * more backticks, optionally followed by a language, opens a code block; a line of at least as many
 * backticks and nothing else closes it. An unclosed block runs to the end, as in Markdown.
 */
export type FixPart = { kind: "prose"; text: string } | { kind: "code"; language: string | null; code: string };

const OPENING_FENCE = /^(`{3,})([A-Za-z0-9_+-]*)[ \t]*$/;

export function fixTextParts(how: string): FixPart[] {
  const parts: FixPart[] = [];
  const lines = how.split(/\r\n|\r|\n/);
  let prose: string[] = [];
  const flushProse = () => {
    const text = prose.join("\n").replace(/^\n+|\n+$/g, "");
    if (text.trim() !== "") parts.push({ kind: "prose", text });
    prose = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING_FENCE.exec(lines[index]!);
    if (!opening) {
      prose.push(lines[index]!);
      continue;
    }
    flushProse();
    const fence = opening[1]!.length;
    const code: string[] = [];
    for (index++; index < lines.length && !isClosingFence(lines[index]!, fence); index++) code.push(lines[index]!);
    parts.push({ kind: "code", language: opening[2] || null, code: code.join("\n") });
  }
  flushProse();
  return parts;
}

function isClosingFence(line: string, length: number): boolean {
  const match = /^(`{3,})[ \t]*$/.exec(line);
  return match !== null && match[1]!.length >= length;
}

/** Only the code of a fix: what a Copy button (or a script) should take. */
export function fixCode(how: string): string[] {
  return fixTextParts(how).flatMap((part) => (part.kind === "code" ? [part.code] : []));
}
