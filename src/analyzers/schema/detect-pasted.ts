/**
 * What someone pasted into the one-off check: JSON-LD (one block, or an array of them) or an HTML page.
 * Any JSON that parses to a JSON-LD block (an object or an array) starts with `{` or `[`, and no HTML
 * page does; text that starts so but does not parse is still taken as JSON-LD, so that the report says
 * why the block cannot be read instead of finding no structured data in "an HTML page". A block copied
 * from inside its script element may keep the element's CDATA or comment wrapper (`//<![CDATA[`,
 * `<!--`), which the JSON-LD reader skips as on a page. Everything else, `<script type="application/ld+json">`
 * blocks included, is read as HTML.
 */

export type PastedKind = "html" | "jsonld";

/** The openings of the wrappers pages put inside script elements for old browsers. */
const WRAPPER_START = /^(?:\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[|<!--)/;

export function detectPasted(text: string): PastedKind {
  // A byte-order mark is what editors on Windows put in front of a saved JSON file.
  const start = text.replace(/^\uFEFF/, "").trimStart().replace(WRAPPER_START, "").trimStart();
  return start.startsWith("{") || start.startsWith("[") ? "jsonld" : "html";
}
