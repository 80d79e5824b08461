import { type Handler, Parser, type QuoteType } from "htmlparser2";
import { MAX_MARKUP_ELEMENTS } from "./structured-data-caps.ts";

/**
 * The part of a page's element tree that Microdata and RDFa are read from, built from the whole page in
 * one streaming pass. It keeps the elements that carry their attributes (each under its nearest kept
 * ancestor, which is all the readers ask of the elements between) and, inside property elements, all
 * content, whose text may be the value.
 *
 * Why not linkedom's DOM, the project's HTML parser for pages in general: on a 2 MB page of every
 * schema.org example, linkedom's DOM cost about 190 ms of CPU and most of the page's garbage, this tree
 * about 15 ms at best (2026-11-24; 36 ms before the parser skipped what the tree never reads, below). It
 * is built by htmlparser2's Parser, which linkedom itself runs, with the same options: elements nest exactly as in linkedom's DOM (implied end tags, void elements), so the
 * readers see the same tree. Attribute names are lower-cased while tokenizing, as HTML defines them
 * (`itemScope` is `itemscope`), the first of duplicate attributes winning as in HTML's tokenizer.
 */

/** Shared by every element with no kept child, until its first one: most elements have none. */
const NO_CHILDREN: readonly MarkupElement[] = Object.freeze([]);

export class MarkupElement {
  /** Kept descendants whose nearest kept ancestor this is, in document order. */
  children: readonly MarkupElement[] = NO_CHILDREN;
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

  addChild(child: MarkupElement): void {
    if (this.children === NO_CHILDREN) this.children = [child];
    else (this.children as MarkupElement[]).push(child);
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

/**
 * Every attribute the Microdata and RDFa readers ask for (and `id`, which `itemref` names). The others
 * (class, style, …) are never read, so their values are not sliced out of the page or decoded.
 */
const READ_ATTRIBUTES: readonly string[] = [...STRUCTURAL, "id", "itemtype", "itemid", "content", "href", "src", "data", "value", "datetime"];

/** The read attributes by the length of their name. */
const READ_ATTRIBUTES_BY_LENGTH: readonly (readonly string[])[] = READ_ATTRIBUTES.reduce<string[][]>((byLength, name) => {
  (byLength[name.length] ??= []).push(name);
  return byLength;
}, []);

/**
 * The attribute name at `page[start, end)` when it is one of READ_ATTRIBUTES, whatever its letter case
 * (null when not), compared in place: slicing out every attribute name of a page only to drop most of them cost a string each.
 */
function readAttributeName(page: string, start: number, end: number): string | null {
  const candidates = READ_ATTRIBUTES_BY_LENGTH[end - start];
  if (candidates === undefined) return null;
  for (const name of candidates) if (sameLetters(page, start, name)) return name;
  return null;
}

/** Whether `page` at `start` spells the lower-case ASCII `name`, in either case. */
function sameLetters(page: string, start: number, name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    const code = page.charCodeAt(start + index);
    // Upper-case ASCII letters become lower-case; nothing else maps onto one.
    if ((code >= 65 && code <= 90 ? code + 32 : code) !== name.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * htmlparser2's Parser, so that elements nest exactly as in linkedom's DOM, with what this tree never
 * reads left out: text outside property elements (most of a page's text) and the values of attributes
 * no reader asks for. Both were most of what tokenizing a page allocated.
 */
class MarkupParser extends Parser {
  /** Set while the parser is inside a property element, whose text may be the value. */
  keepsText = false;
  private readsAttribute = false;

  constructor(
    handler: Partial<Handler>,
    /** The whole page, written to the parser in one piece. */
    readonly page: string,
  ) {
    // The options linkedom parses HTML with, but for attribute names, which HTML makes case-insensitive.
    super(handler, { lowerCaseAttributeNames: true, decodeEntities: true, xmlMode: false });
  }

  override ontext(start: number, endIndex: number): void {
    if (this.keepsText) super.ontext(start, endIndex);
  }

  override ontextentity(codePoint: number, endIndex: number): void {
    if (this.keepsText) super.ontextentity(codePoint, endIndex);
  }

  override onattribname(start: number, endIndex: number): void {
    const name = readAttributeName(this.page, start, endIndex);
    this.readsAttribute = name !== null;
    // The name as HTML's tokenizer gives it (lower-case) is one of ours: the parser takes it without
    // slicing and lower-casing the page's spelling again.
    if (name !== null) (this as unknown as { attribname: string }).attribname = name;
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.readsAttribute) super.onattribdata(start, endIndex);
  }

  override onattribentity(codePoint: number): void {
    if (this.readsAttribute) super.onattribentity(codePoint);
  }

  override onattribend(quote: QuoteType, endIndex: number): void {
    if (this.readsAttribute) super.onattribend(quote, endIndex);
  }
}

/** Tag names common on pages, as written in lower case; others are cut from the page as before. */
const KNOWN_TAG_NAMES = [
  "a", "abbr", "address", "article", "aside", "audio", "b", "blockquote", "body", "br", "button", "caption", "cite", "code", "data", "dd", "details", "div",
  "dl", "dt", "em", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img",
  "input", "label", "li", "link", "main", "meta", "meter", "nav", "noscript", "ol", "option", "p", "picture", "pre", "q", "s", "script", "section",
  "select", "small", "source", "span", "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea", "th", "thead",
  "time", "title", "tr", "u", "ul", "video",
];

const KNOWN_TAG_NAMES_BY_LENGTH: readonly (readonly string[])[] = KNOWN_TAG_NAMES.reduce<string[][]>((byLength, name) => {
  (byLength[name.length] ??= []).push(name);
  return byLength;
}, []);

/** The known tag name spelled exactly (letter case included) at `page[start, end)`, or null. */
function knownTagName(page: string, start: number, end: number): string | null {
  const candidates = KNOWN_TAG_NAMES_BY_LENGTH[end - start];
  if (candidates === undefined) return null;
  for (const name of candidates) if (sameText(page, start, name)) return name;
  return null;
}

function sameText(page: string, start: number, name: string): boolean {
  for (let index = 0; index < name.length; index++) if (page.charCodeAt(start + index) !== name.charCodeAt(index)) return false;
  return true;
}

/**
 * The parser cuts every tag name out of the page (twice for most elements, at the start and end tag), which
 * costs a new string each, dearly on pages with characters past Latin-1 (most real ones). The page is written
 * in one piece, so a slice is the page's text between two indexes: the usual tag names are given as the same
 * text, written once. It replaces the parser's own (private) slicing on the prototype, one function for
 * every page, so that the parser's calls to it stay optimised from one page to the next.
 */
function pageSlice(this: MarkupParser, start: number, end: number): string {
  return knownTagName(this.page, start, end) ?? this.page.slice(start, end);
}
Object.defineProperty(MarkupParser.prototype, "getSlice", { value: pageSlice, writable: true, configurable: true });

const EMPTY_TREE: MarkupTree = Object.freeze({ elements: [], byId: new Map(), cut: false });

export function markupTree(html: string): MarkupTree {
  if (!MAY_HOLD_ITEMS.test(html)) return EMPTY_TREE;
  const builder = new TreeBuilder(html);
  builder.parser.write(html);
  if (!builder.cut) builder.parser.end();
  return { elements: builder.elements, byId: builder.byId, cut: builder.cut };
}

/**
 * Builds the tree from the parser's events. A class rather than closures made per page: the parser calls
 * the same handler functions on every page, so those calls stay optimised from one page to the next.
 */
class TreeBuilder {
  readonly elements: MarkupElement[] = [];
  readonly byId = new Map<string, MarkupElement>();
  readonly parser: MarkupParser;
  /** One entry per open element: the kept element, or null where it was left out. */
  private readonly open: (MarkupElement | null)[] = [];
  private nearest: MarkupElement | null = null;
  /** Elements named by itemref may carry no attribute of their own; ids are kept only where a page uses itemref. */
  private readonly keepIds: boolean;
  cut = false;

  constructor(html: string) {
    this.keepIds = /itemref/i.test(html);
    this.parser = new MarkupParser(this, html);
  }

  onopentag(name: string, attributes: Record<string, string>): void {
    if (this.cut) return;
    const nearest = this.nearest;
    // Inside a property element everything is kept: its text may be the value.
    const inContent = nearest !== null && nearest.content !== null;
    if (!inContent && !matters(attributes, this.keepIds)) {
      this.open.push(null);
      return;
    }
    if (this.elements.length >= MAX_MARKUP_ELEMENTS) {
      this.cut = true;
      this.parser.keepsText = false;
      this.parser.pause();
      return;
    }
    const element = new MarkupElement(name, attributes, nearest, inContent || isValueElement(attributes));
    nearest?.addChild(element);
    if (inContent) nearest!.content!.push(element);
    this.elements.push(element);
    const id = attributes.id;
    if (id !== undefined && Object.hasOwn(attributes, "id") && !this.byId.has(id)) this.byId.set(id, element);
    this.open.push(element);
    this.nearest = element;
    this.parser.keepsText = element.content !== null;
  }

  ontext(text: string): void {
    if (this.nearest?.content) this.nearest.content.push(text);
  }

  onclosetag(): void {
    const closed = this.open.pop();
    if (closed) {
      this.nearest = closed.parentElement;
      this.parser.keepsText = this.nearest !== null && this.nearest.content !== null;
    }
  }
}

function matters(attributes: Record<string, string>, keepIds: boolean): boolean {
  for (const name of STRUCTURAL) if (Object.hasOwn(attributes, name)) return true;
  return keepIds && Object.hasOwn(attributes, "id");
}

/** A property element that is no item of its own: its value may be its text. */
function isValueElement(attributes: Record<string, string>): boolean {
  if (Object.hasOwn(attributes, "itemprop") && !Object.hasOwn(attributes, "itemscope")) return true;
  return Object.hasOwn(attributes, "property") && !Object.hasOwn(attributes, "typeof");
}
