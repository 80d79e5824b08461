import type { HtmlDocument } from "./homepage-document.ts";
import { readableText, type TreeNode } from "../../structured-data/readable-text.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Six audits read a page's text; each walk joins every text node and collapses its whitespace, which on
 * a page of 5 MB cost about 30 ms each. Documents are never changed once parsed, so one walk serves all.
 */
/** The text a crawler that does not run JavaScript can read in the page, whitespace collapsed. */
export const visibleText = computed((document: HtmlDocument): string => {
  const root = document.documentElement as unknown as TreeNode | null;
  return root ? readableText(root) : "";
});

/** Words: runs of letters or digits in any script; each Chinese or Japanese character counts as one, as those scripts use no spaces. */
export const WORD_PATTERN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;

export function wordCount(text: string): number {
  return text.match(WORD_PATTERN)?.length ?? 0;
}

/** Quotes page text in evidence without letting a hostile page flood the record. */
export function excerpt(text: string, maxLength = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
