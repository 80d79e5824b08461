import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { BY_LABEL, isCapitalised, LABEL_ONLY, LEADING_LABEL, looksLikeName, nameFromByline, ROLE_ONLY } from "./byline-name.ts";
import { isOutsideContent, isReaderContribution, type PageElement, readableText } from "./page-regions.ts";

/**
 * Bylines written as plain text, without a class or link that names them: "By TPN," in a paragraph,
 * `<span>By</span><a href="/author/…">Chris Thompson</a>`, "Posted by Konstantin", "著者：後藤大地".
 * Only short elements count, so that prose starting with "By" is not read as a byline.
 */

export interface LabelledByline {
  name: string;
  /** `the visible byline "By Jane Doe"`, `the visible credit "last edited 2019-11-10 by MatsWichmann"`. */
  source: string;
}

/** Longer than this, the element around a label is prose, not a byline. */
const MAX_BYLINE_TEXT = 120;
/** The site's own credits ("Crafted by TemplatesYard", "Powered by WordPress") are not a page's byline. */
export const CREDIT_WORDS = /\b(?:copyright|credits?|colophon|powered|designed|theme)\b/i;
/** Bylines sit near the top of a page; past a few findings the walk stops. */
const MAX_FOUND = 3;
/** Texts that start like a byline, examined per page: each costs a look at its element; a hostile page has thousands. */
const MAX_LABELS = 40;
const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "NAV", "SELECT", "BUTTON", "SVG"]);
/** Deeper than this, markup is broken or hostile; the walk (recursive) stops there rather than exhaust the stack. */
const MAX_DEPTH = 256;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

type TreeNode = PageElement & { nodeType: number; nodeName: string };

interface Walk {
  found: LabelledByline[];
  labels: number;
}

export function labelledBylines(document: HtmlDocument): LabelledByline[] {
  const walk: Walk = { found: [], labels: 0 };
  const root = (document.body ?? document.documentElement) as TreeNode | null;
  if (root) visit(root, walk, 0);
  return walk.found;
}

function visit(node: TreeNode, walk: Walk, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const children = Array.from(node.childNodes) as unknown as TreeNode[];
  for (let index = 0; index < children.length && walk.found.length < MAX_FOUND && walk.labels < MAX_LABELS; index++) {
    const child = children[index]!;
    if (child.nodeType === ELEMENT_NODE) {
      if (!SKIPPED_TAGS.has(child.nodeName.toUpperCase())) visit(child, walk, depth + 1);
      continue;
    }
    if (child.nodeType !== TEXT_NODE) continue;
    // The parser may split one text into several nodes (at character references): read the run as one.
    let text = child.textContent ?? "";
    let last = child;
    while (index + 1 < children.length && children[index + 1]!.nodeType === TEXT_NODE) {
      last = children[++index]!;
      text += last.textContent ?? "";
    }
    const byline = bylineAt(text, last, node, walk);
    if (byline && !walk.found.some((entry) => entry.name === byline.name)) walk.found.push(byline);
  }
}

/** A numeric date and time before the label, as in "06.11.2023 13:30 von Olga" or "2019-11-10 by Jane". */
export const LEADING_TIMESTAMP = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}[\d\s.:]*(?:uhr|h|am|pm)?\s+/i;

/** The byline a text node starts, if it starts one: its label, and the name after it or in the next element. */
function bylineAt(rawText: string, text: TreeNode, parent: TreeNode, walk: Walk): LabelledByline | null {
  const flat = rawText.replace(/\s+/g, " ").trim();
  const own = flat.replace(LEADING_TIMESTAMP, "");
  if (own === "" || own.length > MAX_BYLINE_TEXT) return null;
  const labelOnly = LABEL_ONLY.test(own) || (ROLE_ONLY.test(own) && /^(?:DT|TH)$/.test(parent.nodeName.toUpperCase()));
  if (!labelOnly && !LEADING_LABEL.test(own)) return EDIT_CREDIT.test(own) ? editCreditAt(own, text, parent, walk) : null;
  walk.labels++;
  if (isOutsideContent(parent) || isReaderContribution(parent)) return null;
  let nameText: string;
  if (labelOnly) {
    // The name follows the label: in the next element beside it, or beside the label's own element.
    const next = nextElement(text) ?? (readableText(parent) === own ? nextElement(parent) : null);
    if (!next) return null;
    nameText = readableText(next);
  } else {
    const context = readableText(parent);
    nameText = (context.startsWith(own.slice(0, 20)) && context.length <= MAX_BYLINE_TEXT ? context : own).replace(LEADING_LABEL, "");
  }
  const name = nameFromByline(nameText);
  if (!name || inSiteCredits(parent)) return null;
  if (!isCapitalised(name)) return null;
  const bareBy = BY_LABEL.test(`${own} `) && !/^[^:：]{0,24}[:：]/.test(own);
  // A bare "By" inside a link is a menu entry ("By Method"), not a byline: bylines link the name, not the label.
  if (bareBy && (parent.closest("a") !== null || !looksLikeName(name))) return null;
  const label = (labelOnly ? own : (LEADING_LABEL.exec(own)?.[0] ?? own)).trim();
  return { name, source: `the visible byline "${excerpt(`${label} ${name}`, 60)}"` };
}

/**
 * A wiki's or documentation page's credit to whoever last changed it, the name after "by" at the end of
 * the text or in the next element: "(last edited 2019-11-10 13:28:18 by <a>MatsWichmann</a>)" (MoinMoin,
 * wiki.python.org), "Last updated on 3 May 2024 by Jane Doe". On such pages the editors are the authors.
 */
export const EDIT_CREDIT = /(?:^|[\s(])(?:last\s)?(?:edited|updated|modified|revised)\b[^()]{0,40}?\bby\b/i;
/** The name's end: a credit in parentheses closes with one; any other parenthesis means the text goes on. */
const CLOSING_PARENTHESIS = /\)$/;

/**
 * What the credit names after its "by", read by hand rather than by a pattern running to the end of the
 * text (`[^()]*?\)?$` after `\s*[:：]?\s*` backtracks quadratically on a long run of spaces: issue 30).
 */
function editCreditName(own: string): string | null {
  const match = EDIT_CREDIT.exec(own);
  if (!match) return null;
  let after = own.slice(match.index + match[0].length);
  let start = 0;
  while (start < after.length && (after[start] === " " || after[start] === ":" || after[start] === "：")) start++;
  after = after.slice(start).replace(CLOSING_PARENTHESIS, "");
  return after.includes("(") || after.includes(")") ? null : after.trim();
}

function editCreditAt(own: string, text: TreeNode, parent: TreeNode, walk: Walk): LabelledByline | null {
  walk.labels++;
  if (isOutsideContent(parent) || isReaderContribution(parent) || inSiteCredits(parent)) return null;
  const after = editCreditName(own);
  if (after === null) return null;
  const next = after === "" ? nextElement(text) : null;
  const name = nameFromByline(after === "" ? (next ? readableText(next) : "") : after);
  if (!name || !looksLikeName(name)) return null;
  return { name, source: `the visible credit "${excerpt(after === "" ? `${own} ${name}` : own, 60)}"` };
}

/** A footer that closes an article rather than the site: `<footer class="article-footer">`, or one inside <article> or <main>. */
export const ARTICLE_FOOTER_WORDS = /\b(?:article|post|entry|story|content)\b/i;

/** In the site's footer or a copyright or credits line. */
function inSiteCredits(element: PageElement): boolean {
  const footer = element.closest("footer");
  if (footer && !footer.closest("article,main") && !ARTICLE_FOOTER_WORDS.test((footer.getAttribute("class") ?? "").replace(/[-_]/g, " "))) return true;
  for (let current: PageElement | null = element, depth = 0; current && depth < 6; current = current.parentElement, depth++) {
    if (CREDIT_WORDS.test(`${current.getAttribute("class") ?? ""} ${current.getAttribute("id") ?? ""}`.replace(/[-_]/g, " "))) return true;
  }
  return false;
}

function nextElement(node: TreeNode): PageElement | null {
  let sibling = node.nextSibling as TreeNode | null;
  while (sibling && sibling.nodeType !== ELEMENT_NODE) {
    if ((sibling.textContent ?? "").trim() !== "") return null;
    sibling = sibling.nextSibling as TreeNode | null;
  }
  return sibling;
}
