import type { HtmlDocument, HtmlElement } from "../../structured-data/html-document.ts";
import { type BusinessFacts, readBusinessFacts } from "./business-facts.ts";
import { type EventFacts, readEventFacts } from "./event-facts.ts";
import { parsePrice } from "./parse-price.ts";
import { absoluteUrl as absolute, bareHost, cleanText as clean, elementText as textOf, isoDate } from "./page-text.ts";
import { readableText, type TreeNode } from "../../structured-data/readable-text.ts";

/**
 * What the page itself shows, read from its HTML: the raw material for suggested markup. Only facts a
 * visitor can see (or the page's own meta tags) are used, so suggestions never invent anything.
 */

export interface PageFacts {
  /** The URL the page was fetched at (after redirects). */
  url: string;
  /**
   * The page's own name for itself: its `<link rel="canonical">` when that names an http(s) page on the
   * same site, otherwise the URL fetched; without a fragment either way. The suggested graph's @ids
   * are made from it, so every copy of a page (tracking parameters, index.html) names the same nodes.
   */
  canonicalUrl: string;
  /** The origin of the canonical URL. */
  origin: string;
  isHomepage: boolean;
  /** The `lang` of `<html>`, when it is a language tag. */
  language: string | null;
  title: string | null;
  headline: string | null;
  description: string | null;
  /**
   * The site's name: `og:site_name` (given as property= or name=) or `application-name`, or on the
   * homepage the first part of its title. Elsewhere a title's parts are the page's own name as often as
   * the site's, so no guess is made; a post's title never names the site.
   */
  siteName: string | null;
  /** Where `siteName` was read: a title is the weakest source, and the page's own WebSite node beats it (analyze-page.ts). */
  siteNameFrom: "og:site_name" | "application-name" | "title" | null;
  image: string | null;
  logo: string | null;
  sameAs: string[];
  author: string | null;
  /** The author's page, when the byline is a `rel="author"` link. */
  authorUrl: string | null;
  datePublished: string | null;
  dateModified: string | null;
  articleLike: boolean;
  breadcrumbs: { name: string; url: string | null }[];
  questions: { question: string; answer: string }[];
  /** og:type product or product price meta tags: the page says it sells one thing. */
  productLike: boolean;
  offer: { price: string; currency: string; availability: "InStock" | "OutOfStock" | "PreOrder" | null } | null;
  /** Open Graph product details the page states: `product:brand`, `product:retailer_item_id`, `product:condition`. */
  brand: string | null;
  sku: string | null;
  condition: "NewCondition" | "UsedCondition" | "RefurbishedCondition" | null;
  event: EventFacts | null;
  business: BusinessFacts | null;
}

const SOCIAL_HOSTS = /(?:^|\.)(?:x\.com|twitter\.com|facebook\.com|linkedin\.com|instagram\.com|youtube\.com|github\.com|tiktok\.com|pinterest\.com|mastodon\.social|wikipedia\.org|wikidata\.org|threads\.net|bsky\.app)$/i;
const TITLE_SEPARATOR = /\s+[|\-–—·:]\s+/;
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;
const CONDITIONS = { new: "NewCondition", used: "UsedCondition", refurbished: "RefurbishedCondition" } as const;
const AVAILABILITIES: Record<string, NonNullable<PageFacts["offer"]>["availability"]> = {
  "in stock": "InStock", instock: "InStock", "out of stock": "OutOfStock", oos: "OutOfStock", outofstock: "OutOfStock", preorder: "PreOrder", pending: "PreOrder",
};
const MAX_QUESTIONS = 20;
const MAX_ANSWER_CHARS = 1500;
/**
 * Question candidates looked at. Each reads its element's whole text, and a hostile page nests
 * thousands of <details> or headings inside each other, which made every read re-read the rest of the page.
 */
const MAX_QUESTION_CANDIDATES = 200;

export function readPageFacts(document: HtmlDocument, pageUrl: string): PageFacts {
  const url = new URL(pageUrl);
  const canonical = canonicalOf(document, url);
  const meta = (selector: string) => clean(document.querySelector(selector)?.getAttribute("content"));
  const title = clean(document.querySelector("title")?.textContent);
  const h1 = clean(document.querySelector("h1")?.textContent);
  const ogType = meta('meta[property="og:type"]')?.toLowerCase() ?? null;
  const byline = document.querySelector('[rel~="author"], .author, [class*="byline"]') as HtmlElement | null;
  const author = meta('meta[name="author"]') ?? textOf(byline, 80);
  const datePublished = isoDate(meta('meta[property="article:published_time"]') ?? document.querySelector("article time[datetime], time[datetime]")?.getAttribute("datetime"));
  const dateModified = isoDate(meta('meta[property="article:modified_time"]'));
  const headline = h1 ?? meta('meta[property="og:title"]') ?? title;
  const isHomepage = canonical.pathname === "/" || /^\/index\.(?:html?|php)$/i.test(canonical.pathname);
  const language = clean(document.documentElement?.getAttribute("lang"));
  const condition = meta('meta[property="product:condition"]')?.toLowerCase();
  return {
    url: url.href,
    canonicalUrl: canonical.href,
    origin: canonical.origin,
    isHomepage,
    language: language && LANGUAGE_TAG.test(language) ? language : null,
    title,
    headline,
    description: meta('meta[name="description"]') ?? meta('meta[property="og:description"]'),
    ...siteNameOf(meta, isHomepage ? title : null),
    image: absolute(meta('meta[property="og:image"]'), url),
    logo: logoOf(document, url),
    sameAs: socialLinks(document, url),
    author,
    authorUrl: author && byline?.matches('a[rel~="author"]') && textOf(byline, 80) === author ? absolute(byline.getAttribute("href"), url) : null,
    datePublished,
    dateModified,
    articleLike: ogType === "article" || (document.querySelector("article") !== null && headline !== null && (author !== null || datePublished !== null)),
    breadcrumbs: breadcrumbsOf(document, canonical),
    questions: questionsOf(document),
    productLike: ogType === "product" || document.querySelector('meta[property="product:price:amount"]') !== null,
    offer: offerOf(document),
    brand: meta('meta[property="product:brand"]')?.slice(0, 200) ?? null,
    sku: meta('meta[property="product:retailer_item_id"]')?.slice(0, 100) ?? null,
    condition: condition && Object.hasOwn(CONDITIONS, condition) ? CONDITIONS[condition as keyof typeof CONDITIONS] : null,
    event: readEventFacts(document),
    business: readBusinessFacts(document),
  };
}

/** The site's name from its meta tags, else from the homepage's title (`homepageTitle`, null elsewhere), and where it was read. */
function siteNameOf(meta: (selector: string) => string | null, homepageTitle: string | null): Pick<PageFacts, "siteName" | "siteNameFrom"> {
  const openGraph = meta('meta[property="og:site_name"]') ?? meta('meta[name="og:site_name"]');
  if (openGraph) return { siteName: openGraph, siteNameFrom: "og:site_name" };
  const application = meta('meta[name="application-name"]');
  if (application) return { siteName: application, siteNameFrom: "application-name" };
  const fromTitle = homepageTitle ? homepageTitle.split(TITLE_SEPARATOR)[0]!.trim() || null : null;
  return { siteName: fromTitle, siteNameFrom: fromTitle ? "title" : null };
}

/** `<link rel="canonical">` when it is an http(s) URL on the same host (give or take "www."), else the page's URL. */
function canonicalOf(document: HtmlDocument, url: URL): URL {
  const href = absolute(document.querySelector('link[rel~="canonical" i][href]')?.getAttribute("href"), url);
  const chosen = href && bareHost(new URL(href).hostname) === bareHost(url.hostname) ? new URL(href) : new URL(url.href);
  chosen.hash = "";
  return chosen;
}

function logoOf(document: HtmlDocument, url: URL): string | null {
  for (const image of Array.from(document.querySelectorAll("header img, img")).slice(0, 200) as HtmlElement[]) {
    const hints = `${image.getAttribute("class") ?? ""} ${image.getAttribute("id") ?? ""} ${image.getAttribute("alt") ?? ""} ${image.getAttribute("src") ?? ""}`;
    if (/logo/i.test(hints)) return absolute(image.getAttribute("src"), url);
  }
  return null;
}

function socialLinks(document: HtmlDocument, url: URL): string[] {
  const found = new Set<string>();
  for (const link of Array.from(document.querySelectorAll("a[href]")).slice(0, 1000) as HtmlElement[]) {
    const href = absolute(link.getAttribute("href"), url);
    if (!href) continue;
    const host = new URL(href).hostname;
    if (host !== url.hostname && SOCIAL_HOSTS.test(host) && new URL(href).pathname.length > 1) found.add(href);
    if (found.size >= 10) break;
  }
  return [...found];
}

function breadcrumbsOf(document: HtmlDocument, url: URL): PageFacts["breadcrumbs"] {
  const container = document.querySelector('nav[aria-label*="breadcrumb" i], [class*="breadcrumb" i], [id*="breadcrumb" i]') as HtmlElement | null;
  if (!container) return [];
  const crumbs: PageFacts["breadcrumbs"] = [];
  const entries = Array.from(container.querySelectorAll("li")) as HtmlElement[];
  const parts = entries.length > 0 ? entries : (Array.from(container.querySelectorAll("a, [aria-current]")) as HtmlElement[]);
  for (const part of parts.slice(0, 20)) {
    const link = (part.tagName.toLowerCase() === "a" ? part : part.querySelector("a[href]")) as HtmlElement | null;
    const name = textOf(link ?? part, 120);
    if (!name) continue;
    crumbs.push({ name, url: link ? absolute(link.getAttribute("href"), url) : null });
  }
  // The current page is often the last crumb without a link; it is this page.
  const last = crumbs[crumbs.length - 1];
  if (last && last.url === null) last.url = url.href;
  return crumbs.length >= 2 && crumbs.every((crumb) => crumb.url !== null) ? crumbs : [];
}

function questionsOf(document: HtmlDocument): PageFacts["questions"] {
  const found: PageFacts["questions"] = [];
  for (const details of Array.from(document.querySelectorAll("details")).slice(0, MAX_QUESTION_CANDIDATES) as HtmlElement[]) {
    if (found.length >= MAX_QUESTIONS) break;
    const summary = details.querySelector("summary") as HtmlElement | null;
    const question = textOf(summary, 300);
    if (!summary || !question?.endsWith("?")) continue;
    const answer = clean(readableText(details as unknown as TreeNode).replace(readableText(summary as unknown as TreeNode), ""));
    if (answer) found.push({ question, answer: answer.slice(0, MAX_ANSWER_CHARS) });
  }
  for (const heading of Array.from(document.querySelectorAll("h2, h3, h4, dt")).slice(0, MAX_QUESTION_CANDIDATES) as HtmlElement[]) {
    if (found.length >= MAX_QUESTIONS) break;
    const question = textOf(heading, 300);
    if (!question?.endsWith("?")) continue;
    const answer = answerAfter(heading);
    if (answer) found.push({ question, answer });
  }
  return found.slice(0, MAX_QUESTIONS);
}

/** The text between a question heading and the next heading (or the dd after a dt). */
function answerAfter(heading: HtmlElement): string | null {
  const parts: string[] = [];
  // A running length, not a join per sibling: joining again at every step was quadratic in the siblings.
  let length = 0;
  for (let next = heading.nextElementSibling as HtmlElement | null; next; next = next.nextElementSibling as HtmlElement | null) {
    const tag = next.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag) || tag === "dt") break;
    // Cells and blocks keep their words apart: an opening-hours table reads "Day Hours", not "DayHours".
    const text = readableText(next as unknown as TreeNode);
    parts.push(text);
    length += text.length + 1;
    if (length > MAX_ANSWER_CHARS) break;
  }
  const answer = clean(parts.join(" "));
  return answer ? answer.slice(0, MAX_ANSWER_CHARS) : null;
}

function offerOf(document: HtmlDocument): PageFacts["offer"] {
  const amount = document.querySelector('meta[property="product:price:amount"]')?.getAttribute("content");
  const currency = document.querySelector('meta[property="product:price:currency"]')?.getAttribute("content");
  const availabilityText = (document.body?.textContent ?? "").slice(0, 200_000);
  const stated = clean(document.querySelector('meta[property="product:availability"], meta[property="og:availability"]')?.getAttribute("content"))?.toLowerCase();
  const availability = (stated && Object.hasOwn(AVAILABILITIES, stated) ? AVAILABILITIES[stated] : null) ??
    (/\bout of stock\b|\bsold out\b/i.test(availabilityText) ? "OutOfStock" : /\bin stock\b/i.test(availabilityText) ? "InStock" : null);
  if (amount && currency && /^\d+(?:\.\d+)?$/.test(amount.trim()) && /^[A-Z]{3}$/.test(currency.trim())) {
    return { price: amount.trim(), currency: currency.trim(), availability };
  }
  // Without price tags, a price shown on the page counts only when it is the one price there: a listing
  // or a page of related products shows several, and which one is this page's cannot be told.
  const shown = new Map<string, { price: string; currency: string }>();
  for (const element of Array.from(document.querySelectorAll('[class*="price" i]')).slice(0, 50) as HtmlElement[]) {
    const parsed = parsePrice(element.textContent ?? "");
    if (parsed) shown.set(`${parsed.price} ${parsed.currency}`, parsed);
  }
  const [only] = shown.values();
  return shown.size === 1 && only ? { ...only, availability } : null;
}

