/**
 * Code inside a fix's `how`, written so that readers can tell it from the explanation: a fenced block
 * (as in Markdown) for lines to paste, backticks for a name or a short snippet inside a sentence. The
 * report page renders fenced blocks as code with a Copy button that copies only the code, the API and
 * MCP carry the same text, and docs/report-fields.md documents the convention.
 */

/** Languages the page labels a block with; the label is a hint for people and highlighters, nothing more. */
export type CodeLanguage = "html" | "json" | "text" | "markdown" | "nginx" | "http" | "xml";

/**
 * A fenced block on its own lines. The fence is longer than any run of backticks in the code (site values
 * such as titles can hold backticks), so the code can never close it early.
 */
export function codeBlock(language: CodeLanguage, code: string): string {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(code) + 1));
  return `${fence}${language}\n${code.replace(/\n+$/, "")}\n${fence}`;
}

/** A snippet inside a sentence, between backticks; a longer run of backticks when the snippet holds some. */
export function inlineCode(code: string): string {
  const run = longestBacktickRun(code);
  const ticks = "`".repeat(run + 1);
  // A snippet that starts or ends with a backtick needs a space between it and the delimiters.
  const pad = run > 0 && (code.startsWith("`") || code.endsWith("`")) ? " " : "";
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

/** A JSON-LD script element, pretty-printed, ready to paste into a page's <head>. */
export function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">\n${scriptSafe(JSON.stringify(value, null, 2))}\n</script>`;
}

/** Page values are hostile input: "</script>" or "<!--" in a title must not end or hide the block it is pasted in. */
export function scriptSafe(json: string): string {
  return json.replace(/<\//g, "<\\/").replace(/<!--/g, "\\u003c!--");
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}
