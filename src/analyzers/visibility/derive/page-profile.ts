import { shownTypes } from "../../structured-data/shown-type.ts";
import { structuredGraph } from "../../structured-data/structured-graph.ts";
import type { HtmlDocument } from "./homepage-document.ts";
import { excerpt, visibleText, wordCount } from "./page-text.ts";
import { documentLanguage, isQuestionHeading } from "./question-heading.ts";
import { type SitePage, textOf } from "./site-pages.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * What a page looks like to a reader, read from its HTML alone: which kinds of page it is (an article,
 * an FAQ, a product, the contact or about page, the homepage), the evidence for it, and the page's own
 * values (title, author, dates, questions, price) that a JSON-LD block describing it would carry.
 */

export type PageKind = "home" | "product" | "contact" | "about" | "article" | "faq";

export interface PageProfile {
  page: SitePage;
  /** The URL the page calls itself by: its same-origin canonical link, else the URL it was read at. */
  url: string;
  /** Every kind the page looks like, the most specific first; empty for pages not judged (legal pages, plain pages). */
  kinds: PageKind[];
  /** Why it looks like each kind, in a few words: "a byline and a publication date, 612 words". */
  reasons: Partial<Record<PageKind, string>>;
  /** The schema.org types its JSON-LD declares (every node, nested ones included). */
  /** Its top-level types, as shown to people (the schema.org term for a slash-less `@vocab` expansion). */
  declared: string[];
  /** Every type its structured data states, nested nodes included, as shown: what fits are judged on. */
  stated: string[];
  /** The top-level types as the graph has them, for saying what a slash-less `@vocab` did. */
  written: string[];
  title: string | null;
  description: string | null;
  image: string | null;
  author: { name: string; url: string | null } | null;
  datePublished: string | null;
  dateModified: string | null;
  questions: { question: string; answer: string }[];
  price: { amount: string; currency: string | null } | null;
  email: string | null;
  telephone: string | null;
}


/** Site-wide chrome: a date or author link in the footer is not an article's byline. */
const CHROME = "header,footer,nav,aside";
const BYLINE = '[itemprop="author"],.byline,[class*="byline"],.author,[rel~="author"]';
const ADD_TO_CART = /\b(?:add to (?:cart|basket|bag|trolley)|buy (?:it )?now|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|adicionar ao carrinho|in winkelwagen)\b/i;
/** An article needs this much text besides its byline or date; a short dated notice is not one. */
const ARTICLE_WORDS = 300;
const ARTICLE_ELEMENT_WORDS = 150;
const ANSWER_WORDS = 8;
const CURRENCIES: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };

/** The profile of a page, built once per page however often it is asked for. */
export const profilePage: (page: SitePage) => PageProfile = computed(buildProfile);

function buildProfile(page: SitePage): PageProfile {
  const document = page.document;
  const reasons: Partial<Record<PageKind, string>> = {};
  const kinds: PageKind[] = [];
  // The homepage is judged as the site's front door, and legal pages not at all: only other sampled pages
  // are read for article, FAQ and product signals (which walk the whole page's text).
  const inspected = page.role !== "home" && page.role !== "privacy";
  const questions = inspected ? answeredQuestions(document) : [];
  const author = inspected ? bylineOf(document, page.url) : null;
  const published = inspected ? (meta(document, "article:published_time") ?? mainTime(document)) : null;
  const ogType = (meta(document, "og:type") ?? "").toLowerCase();
  const cart = inspected ? addToCart(document) : null;
  const price = inspected && (cart || ogType.startsWith("product")) ? priceOf(document) : null;
  if (page.role === "home") kinds.push("home");
  if (inspected) {
    if (ogType.startsWith("product") || (cart && price)) {
      kinds.push("product");
      reasons.product = ogType.startsWith("product") ? `og:type ${ogType}` : `a price (${price!.amount}${price!.currency ? ` ${price!.currency}` : ""}) and "${excerpt(cart!, 30)}"`;
    }
    // The sampler recognised these by their links and paths (/about, "Contact us").
    if (page.role === "contact" || page.role === "about") kinds.push(page.role);
    const article = articleEvidence(document, ogType, author !== null, published !== null);
    if (article) {
      kinds.push("article");
      reasons.article = article;
    }
    const questionHeadings = document.querySelectorAll("h2,h3,h4,details > summary").length;
    if (questions.length >= 2 && questions.length * 2 >= questionHeadings) {
      kinds.push("faq");
      reasons.faq = `${questions.length} questions answered under their own headings`;
    }
  }
  return {
    page,
    url: canonicalOf(document, page.url),
    kinds,
    reasons,
    ...declaredOn(page),
    title: excerpt(textOf(document.querySelector("h1")) || textOf(document.querySelector("title")), 110) || null,
    description: Array.from(document.querySelectorAll("meta[name]")).find((element) => element.getAttribute("name")!.toLowerCase() === "description")?.getAttribute("content")?.trim() || null,
    image: absolute(meta(document, "og:image"), page.url),
    author,
    datePublished: published,
    dateModified: meta(document, "article:modified_time"),
    questions,
    price,
    email: linkValue(document, "mailto:"),
    telephone: linkValue(document, "tel:"),
  };
}

function articleEvidence(document: HtmlDocument, ogType: string, byline: boolean, dated: boolean): string | null {
  if (ogType === "article") return "og:type article";
  const element = document.querySelector("article");
  const elementWords = element ? wordCount(textOf(element)) : 0;
  if (elementWords >= ARTICLE_ELEMENT_WORDS) return `an <article> of ${elementWords} words`;
  if (!byline && !dated) return null;
  const words = wordCount(visibleText(document));
  if (words < ARTICLE_WORDS) return null;
  return `${[byline ? "a byline" : null, dated ? "a publication date" : null].filter(Boolean).join(" and ")}, ${words} words`;
}

/** Question headings (and <details> summaries) with an answer of substance right after them. */
function answeredQuestions(document: HtmlDocument): { question: string; answer: string }[] {
  const found: { question: string; answer: string }[] = [];
  const lang = documentLanguage(document);
  for (const heading of Array.from(document.querySelectorAll("h2,h3,h4"))) {
    const question = textOf(heading);
    if (!isQuestionHeading(question, lang)) continue;
    const answer = textOf(heading.nextElementSibling);
    if (wordCount(answer) >= ANSWER_WORDS) found.push({ question: excerpt(question, 150), answer: excerpt(answer, 300) });
  }
  for (const details of Array.from(document.querySelectorAll("details"))) {
    const summary = details.querySelector("summary");
    const question = textOf(summary);
    if (!summary || !isQuestionHeading(question, lang)) continue;
    const answer = textOf(details).slice(question.length).trim();
    if (wordCount(answer) >= ANSWER_WORDS) found.push({ question: excerpt(question, 150), answer: excerpt(answer, 300) });
  }
  return found;
}

/** A byline in the page's content (not its header or footer): who wrote it, and their page when linked. */
function bylineOf(document: HtmlDocument, pageUrl: string): PageProfile["author"] {
  for (const element of Array.from(document.querySelectorAll(BYLINE))) {
    if (element.closest(CHROME)) continue;
    // A byline often reads "By <a>Name</a>, <time>date</time>": the name is the author link's text.
    const link = element.matches("a[href]") ? element : (element.querySelector('a[rel~="author"]') ?? element.querySelector("a[href]"));
    const named = element.querySelector('[itemprop="name"]') ?? link;
    const name = excerpt((named ? textOf(named) : textOf(element)).replace(/^(?:by|von|par|por|di)\s+/i, ""), 60);
    if (!name) continue;
    return { name, url: absolute(link?.getAttribute("href") ?? null, pageUrl) };
  }
  return null;
}

/** The first <time datetime> in the page's content. */
function mainTime(document: HtmlDocument): string | null {
  const time = Array.from(document.querySelectorAll("time[datetime]")).find((element) => !element.closest(CHROME));
  const value = time?.getAttribute("datetime")?.trim();
  return value && !Number.isNaN(Date.parse(value)) ? value : null;
}

function addToCart(document: HtmlDocument): string | null {
  for (const element of Array.from(document.querySelectorAll('button,input[type="submit"],input[type="button"],a,[name="add-to-cart"]'))) {
    const label = element.tagName === "INPUT" ? (element.getAttribute("value") ?? "") : textOf(element);
    if (ADD_TO_CART.test(label)) return label.trim();
    if (element.getAttribute("name") === "add-to-cart") return "add-to-cart";
  }
  for (const form of Array.from(document.querySelectorAll("form[action]"))) if (/\/(?:cart|basket)\b/i.test(form.getAttribute("action") ?? "")) return "a cart form";
  return null;
}

/** The price the page states: product meta tags or microdata first, then a currency amount in the text. */
function priceOf(document: HtmlDocument): PageProfile["price"] {
  const metaAmount = meta(document, "product:price:amount") ?? meta(document, "og:price:amount");
  if (metaAmount) return { amount: normaliseAmount(metaAmount), currency: meta(document, "product:price:currency") ?? meta(document, "og:price:currency") };
  const itemprop = document.querySelector('[itemprop="price"]');
  const itempropValue = itemprop?.getAttribute("content") ?? textOf(itemprop);
  if (itemprop && /\d/.test(itempropValue)) {
    const currency = document.querySelector('[itemprop="priceCurrency"]');
    return { amount: normaliseAmount(itempropValue), currency: currency?.getAttribute("content") ?? (textOf(currency) || null) };
  }
  const amount = String.raw`\d{1,3}(?:[.,\u00a0\u202f]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
  const match = new RegExp(String.raw`([$€£¥₹])\s?(${amount})|(${amount})\s?(€|EUR|USD|GBP|CHF|\$|£)(?![\p{L}])`, "u").exec(visibleText(document));
  if (!match) return null;
  const symbol = match[1] ?? match[4]!;
  return { amount: normaliseAmount(match[2] ?? match[3]!), currency: CURRENCIES[symbol] ?? symbol };
}

/** "1.299,00" and "1,299.00" → "1299.00": schema.org wants a plain decimal number. */
export function normaliseAmount(text: string): string {
  const digits = text.replace(/[^\d.,]/g, "");
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -decimal[0].length) : digits).replace(/[.,]/g, "");
  return decimal ? `${whole}.${decimal[1]}` : whole;
}

function canonicalOf(document: HtmlDocument, pageUrl: string): string {
  const canonical = absolute(document.querySelector('link[rel~="canonical"]')?.getAttribute("href") ?? null, pageUrl);
  return canonical && new URL(canonical).origin === new URL(pageUrl).origin ? canonical : pageUrl;
}

/**
 * The types the page's structured data declares, in any format: its top-level nodes' (an address or
 * opening hours nested in a business is a value, not a declaration), as Google reads them (shown-type.ts),
 * and the types the page states anywhere, nested nodes included, for judging whether one fits.
 */
function declaredOn(page: SitePage): { declared: string[]; stated: string[]; written: string[] } {
  const nodes = structuredGraph(page.document, page.html, page.url).nodes;
  const written = nodes.filter((node) => node.topLevel).flatMap((node) => node.types);
  return { declared: shownTypes(written), stated: shownTypes(nodes.flatMap((node) => node.types)), written };
}

function meta(document: HtmlDocument, property: string): string | null {
  return (document.querySelector(`meta[property="${property}"]`) ?? document.querySelector(`meta[name="${property}"]`))?.getAttribute("content")?.trim() || null;
}

function linkValue(document: HtmlDocument, scheme: "mailto:" | "tel:"): string | null {
  const href = document.querySelector(`a[href^="${scheme}"]`)?.getAttribute("href");
  if (!href) return null;
  const raw = href.slice(scheme.length).split("?")[0]!;
  let value: string;
  try {
    value = decodeURIComponent(raw).trim();
  } catch {
    value = raw.trim();
  }
  return value ? excerpt(value, 60) : null;
}

function absolute(href: string | null, base: string): string | null {
  if (!href || !URL.canParse(href, base)) return null;
  const url = new URL(href, base);
  return /^https?:$/.test(url.protocol) ? url.href : null;
}
