import { html, type SafeHtml } from "../html.ts";

/**
 * Plain text with `inline code` between backticks, as audits write their details and fixes: the code
 * becomes <code>, everything is escaped (scanned sites supply the values). A run of N backticks is
 * closed by the next run of exactly N; one without a partner stays literal text, as in Markdown.
 */
export function inlineText(text: string): SafeHtml {
  const pieces: (SafeHtml | string)[] = [];
  let rest = text;
  let literal = "";
  while (rest.length > 0) {
    const open = /`+/.exec(rest);
    if (!open) break;
    const ticks = open[0];
    const after = rest.slice(open.index + ticks.length);
    const close = closingRun(after, ticks.length);
    if (close === null) {
      literal += rest.slice(0, open.index + ticks.length);
      rest = after;
      continue;
    }
    pieces.push(literal + rest.slice(0, open.index));
    literal = "";
    pieces.push(html`<code>${trimOneSpace(after.slice(0, close))}</code>`);
    rest = after.slice(close + ticks.length);
  }
  pieces.push(literal + rest);
  return html`${pieces}`;
}

/** Where the next run of exactly `length` backticks starts, or null. */
function closingRun(text: string, length: number): number | null {
  for (const match of text.matchAll(/`+/g)) if (match[0].length === length) return match.index;
  return null;
}

/** "`` `x` ``" holds "`x`": one space on both sides is padding, not code. */
function trimOneSpace(code: string): string {
  return code.length >= 2 && code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "" ? code.slice(1, -1) : code;
}

/** Prose of a fix: paragraphs at blank lines, single line breaks kept (numbered steps, one per line). */
export function proseBlocks(text: string): SafeHtml {
  const paragraphs = text.split(/\n[ \t]*\n+/).filter((paragraph) => paragraph.trim() !== "");
  return html`${paragraphs.map((paragraph) => html`<p>${joinLines(paragraph.split("\n").map(inlineText))}</p>`)}`;
}

function joinLines(lines: SafeHtml[]): SafeHtml[] {
  return lines.flatMap((line, index) => (index === 0 ? [line] : [html`<br>`, line]));
}
