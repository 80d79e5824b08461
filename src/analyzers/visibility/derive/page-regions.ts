import type { HtmlDocument } from "./homepage-document.ts";

export type PageElement = ReturnType<HtmlDocument["querySelectorAll"]>[number];

/**
 * Where in a page an element sits, as far as whose words it carries: the page's own content, the site's
 * navigation and sidebars, or what readers wrote (comments, reviews).
 */

/** Regions no reader sees as the page's content, or that list other pages (menus, archives). */
const NOT_CONTENT = new Set(["NAV", "TEMPLATE", "SCRIPT", "STYLE", "NOFRAMES", "HEAD", "SELECT", "OPTION", "BUTTON"]);
/**
 * Real pages nest content a few dozen levels deep. Past this many ancestors the markup is broken or
 * hostile, and the element is not trusted as content (the bound also keeps the walk cheap).
 */
const MAX_CONTENT_DEPTH = 150;

/**
 * True when the element is outside the page's own content: in navigation, a form control, an invisible
 * element, or a sidebar. An <aside> inside an <article> is the article's own margin (its date and
 * byline often sit there), so it counts as content.
 */
export function isOutsideContent(element: PageElement): boolean {
  let inAside = false;
  let current: PageElement | null = element;
  for (let depth = 0; current; depth++, current = current.parentElement) {
    if (depth > MAX_CONTENT_DEPTH) return true;
    const tag = current.tagName;
    if (NOT_CONTENT.has(tag)) return true;
    if (tag === "ASIDE") inAside = true;
    else if (tag === "ARTICLE" && inAside) return false;
  }
  return inAside;
}

/**
 * Words in class names and ids that mark what readers wrote: comments, replies, reviews, forum answers.
 * Their authors and dates are the readers', not the page's (WordPress's "comment-author vcard", Disqus).
 */
const READER_SECTION_WORDS = new Set(["comment", "comments", "kommentar", "kommentare", "commentaire", "commentaires", "commento", "commenti", "comentario", "comentarios", "reply", "replies", "respond", "disqus", "review", "reviews", "testimonial", "testimonials"]);

/**
 * Class names that file a post under a topic (WordPress's "category-kommentare", "tag-reviews"): the
 * words after the prefix are the topic's name, not the element's role.
 */
const TOPIC_CLASS = /^(?:category|tag|tags|cat|topic|kategorie|rubrik|rubrique|section)[-_]/i;

/** Ancestors further up than this are page layout, not the section an element belongs to. */
const MAX_ANCESTORS = 25;

/** True when the element sits in a comment, reply or review section (or is one). */
export function isReaderContribution(element: PageElement): boolean {
  let current: PageElement | null = element;
  for (let depth = 0; current && depth < MAX_ANCESTORS; depth++, current = current.parentElement) {
    if (current.tagName === "BODY") return false;
    const names = `${current.getAttribute("class") ?? ""} ${current.getAttribute("id") ?? ""}`.trim();
    if (names && names.split(/\s+/).some(isReaderSectionName)) return true;
  }
  return false;
}

function isReaderSectionName(name: string): boolean {
  return !TOPIC_CLASS.test(name) && markupWords(name).some((word) => READER_SECTION_WORDS.has(word));
}

/** "c-byline__author-name BylineName-cKrVJj" → c, byline, author, name, byline, name, c, kr, vj: the words class names are made of. */
export function markupWords(names: string): string[] {
  return names
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const INVISIBLE_TAGS = new Set(["SCRIPT", "STYLE", "TEMPLATE"]);
/** Deeper than this, markup is broken or hostile; the recursive walk stops rather than exhaust the stack. */
const MAX_TEXT_DEPTH = 256;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The text a reader sees in an element: its textContent without inline scripts and styles, whitespace collapsed. */
export function readableText(element: PageElement): string {
  const parts: string[] = [];
  const collect = (node: { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<unknown> }, depth: number) => {
    if (depth > MAX_TEXT_DEPTH) return;
    for (const child of Array.from(node.childNodes) as (typeof node)[]) {
      if (child.nodeType === TEXT_NODE) parts.push(child.textContent ?? "");
      else if (child.nodeType === ELEMENT_NODE && !INVISIBLE_TAGS.has(child.nodeName.toUpperCase())) collect(child, depth + 1);
    }
  };
  collect(element as unknown as Parameters<typeof collect>[0], 0);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * Elements a byline or date element holds at most. Past this, it is a region, not a byline, and the
 * search stops: the DOM's querySelector would walk the whole subtree, which a hostile page makes huge.
 */
const MAX_DESCENDANTS_SEARCHED = 200;

/** The first descendant, in document order, for which `matches` holds, among the element's first 200; null otherwise. */
export function findDescendant(element: PageElement, matches: (candidate: PageElement) => boolean): PageElement | null {
  const stack: PageElement[] = Array.from(element.children).reverse();
  for (let seen = 0; stack.length > 0 && seen < MAX_DESCENDANTS_SEARCHED; seen++) {
    const current = stack.pop()!;
    if (matches(current)) return current;
    const children = current.children;
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return null;
}
