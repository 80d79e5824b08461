import type { Issue } from "../../analyzers/visibility/record-schema.ts";

/** A fix's placed code blocks, as the record holds them. */
export type PlacedCodeList = NonNullable<Issue["fix"]>["code"];
type PlacedCode = NonNullable<PlacedCodeList>[number];

/**
 * Where a fix's code block goes, in the words its head shows (issue 28: "HTML · Copy" said nothing of
 * where): "in the <head> of /about", "a new file at /llms.txt", "lines to add to /robots.txt". The block
 * is found among the fix's placed code by its text; a block the fix does not place is an example.
 */
export function codePlacement(code: string, placed: readonly PlacedCode[] | undefined): string {
  const where = placed?.find((entry) => entry.code === code)?.where;
  if (!where) return "an example to adapt";
  const at = shortUrl(where.url);
  switch (where.kind) {
    case "head":
      return `in the <head> of ${at}`;
    case "replace-node":
      return `replaces the JSON-LD node ${where.path} of ${at}`;
    case "file":
      return `the whole file at ${at} (new, or replacing it)`;
    case "lines":
      return `lines to add to ${at}`;
    case "element":
      return `replaces the tag ${where.element.length > 60 ? `${where.element.slice(0, 59)}…` : where.element} on ${at}`;
  }
}

/** A page's path, which its owner knows it by; the full address when it cannot be parsed. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
