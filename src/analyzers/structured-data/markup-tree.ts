import { Parser } from "htmlparser2";
import { MAX_MARKUP_ELEMENTS } from "./structured-data-caps.ts";

/**
 * The part of a page's element tree that Microdata and RDFa are read from, built from the whole page in
 * one streaming pass. It keeps the elements that carry their attributes (each under its nearest kept
 * ancestor, which is all the readers ask of the elements between) and, inside property elements, all
 * content, whose text may be the value.
 *
 * Why not linkedom's DOM, the project's HTML parser for pages in general: on a 2 MB page of every
 * schema.org example, linkedom's DOM cost about 190 ms of CPU and most of the page's garbage, this tree
 * about 70 ms, nearly all of it htmlparser2's tokenizer, which is the one linkedom itself runs, with the
 * same options: elements nest exactly as in linkedom's DOM (implied end tags, void elements), so the
 * readers see the same tree. Attribute names are lower-cased while tokenizing, as HTML defines them
 * (`itemScope` is `itemscope`), the first of duplicate attributes winning as in HTML's tokenizer.
 */

export class MarkupElement {
  /** Kept descendants whose nearest kept ancestor this is, in document order. */
  readonly children: MarkupElement[] = [];
  /** Inside property elements only: text and elements in document order; null elsewhere. */
  readonly content: (MarkupElement | string)[] | null;

  constructor(
    /** Lower-case, as HTML's tokenizer gives it. */
    readonly tagName: string,
    private readonly attributes: Readonly<Record<string, string>>,
    readonly parentElement: MarkupElement | null,
    keepsContent: boolean,
  ) {
    this.content = keepsContent ? [] : null;
  }

  getAttribute(name: string): string | null {
    return Object.hasOwn(this.attributes, name) ? this.attributes[name]! : null;
  }

  hasAttribute(name: string): boolean {
    return Object.hasOwn(this.attributes, name);
  }
}

export interface MarkupTree {
  /** Every kept element, in document order. */
  elements: MarkupElement[];
  /** The first kept element with each id (Microdata's `itemref` names elements by id). */
  byId: ReadonlyMap<string, MarkupElement>;
  /** True when MAX_MARKUP_ELEMENTS was reached: the page after that point was not read. */
  cut: boolean;
}

/** Attributes that make an element matter to Microdata or RDFa, as an item, a property, a link or a scope for terms. */
const STRUCTURAL = ["itemscope", "itemprop", "itemref", "typeof", "property", "rel", "rev", "about", "resource", "vocab", "prefix"];

/** Microdata items need `itemscope`, RDFa subjects `typeof`, `about` or `resource`: without any, there is nothing to read. */
const MAY_HOLD_ITEMS = /itemscope|typeof|about\s*=|resource\s*=/i;

const EMPTY_TREE: MarkupTree = Object.freeze({ elements: [], byId: new Map(), cut: false });

export function markupTree(html: string): MarkupTree {
  if (!MAY_HOLD_ITEMS.test(html)) return EMPTY_TREE;
  // Elements named by itemref may carry no attribute of their own; keep ids only where a page uses itemref.
  const keepIds = /itemref/i.test(html);
  const elements: MarkupElement[] = [];
  const byId = new Map<string, MarkupElement>();
  // One entry per open element: the kept element, or null where it was left out.
  const open: (MarkupElement | null)[] = [];
  let nearest: MarkupElement | null = null;
  let cut = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (cut) return;
        // Inside a property element everything is kept: its text may be the value.
        const inContent = nearest !== null && nearest.content !== null;
        if (!inContent && !matters(attributes, keepIds)) {
          open.push(null);
          return;
        }
        if (elements.length >= MAX_MARKUP_ELEMENTS) {
          cut = true;
          parser.pause();
          return;
        }
        const element = new MarkupElement(name, attributes, nearest, inContent || isValueElement(attributes));
        nearest?.children.push(element);
        if (inContent) nearest!.content!.push(element);
        elements.push(element);
        const id = attributes.id;
        if (id !== undefined && Object.hasOwn(attributes, "id") && !byId.has(id)) byId.set(id, element);
        open.push(element);
        nearest = element;
      },
      ontext(text) {
        if (nearest?.content) nearest.content.push(text);
      },
      onclosetag() {
        const closed = open.pop();
        if (closed) nearest = closed.parentElement;
      },
    },
    // The options linkedom parses HTML with, but for attribute names, which HTML makes case-insensitive.
    { lowerCaseAttributeNames: true, decodeEntities: true, xmlMode: false },
  );
  parser.write(html);
  if (!cut) parser.end();
  return { elements, byId, cut };
}

function matters(attributes: Record<string, string>, keepIds: boolean): boolean {
  for (const name of STRUCTURAL) if (Object.hasOwn(attributes, name)) return true;
  return keepIds && Object.hasOwn(attributes, "id");
}

/** A property element that is no item of its own: its value may be its text. */
function isValueElement(attributes: Record<string, string>): boolean {
  const has = (name: string) => Object.hasOwn(attributes, name);
  return (has("itemprop") && !has("itemscope")) || (has("property") && !has("typeof"));
}
