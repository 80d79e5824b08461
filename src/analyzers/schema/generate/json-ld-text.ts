/**
 * JSON-LD as text to paste into a page: pretty-printed, with every "<" written as \u003c so that no
 * value (a title quoting "</script>", a comment opener "<!--") can end or change the script element it
 * sits in. JSON parsers read \u003c back as "<", so the data is unchanged.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/</g, "\\u003c");
}

/** The text wrapped in its script element, exactly as it is to be pasted. */
export function jsonLdScript(text: string): string {
  return `<script type="application/ld+json">\n${text}\n</script>`;
}
