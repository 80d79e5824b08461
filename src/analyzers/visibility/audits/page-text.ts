import type { HtmlDocument } from "./homepage-document.ts";

/** Elements whose text a reader never sees as page content. */
const INVISIBLE = new Set(["HEAD", "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "OBJECT"]);

type TreeNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<TreeNode> };

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The text a crawler that does not run JavaScript can read in the page, whitespace collapsed. */
export function visibleText(document: HtmlDocument): string {
  const parts: string[] = [];
  const root = document.documentElement as unknown as TreeNode | null;
  if (root) collectText(root, parts);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

function collectText(node: TreeNode, parts: string[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) parts.push(child.textContent ?? "");
    else if (child.nodeType === ELEMENT_NODE && !INVISIBLE.has(child.nodeName.toUpperCase())) collectText(child, parts);
  }
}

/** Words: runs of letters or digits in any script; each Chinese or Japanese character counts as one, as those scripts use no spaces. */
export function wordCount(text: string): number {
  return text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)?.length ?? 0;
}

/** Quotes page text in evidence without letting a hostile page flood the record. */
export function excerpt(text: string, maxLength = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
