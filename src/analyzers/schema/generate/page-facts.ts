import type { HtmlDocument, HtmlElement } from "../../structured-data/html-document.ts";

/**
 * What the page itself shows, read from its HTML: the raw material for suggested markup. Only facts a
 * visitor can see (or the page's own meta tags) are used, so suggestions never invent anything.
 */

export interface PageFacts {
  url: string;
  origin: string;
  isHomepage: boolean;
  title: string | null;
  headline: string | null;
  description: string | null;
  siteName: string | null;
  image: string | null;
  logo: string | null;
  sameAs: string[];
  author: string | null;
  datePublished: string | null;
  dateModified: string | null;
  articleLike: boolean;
  breadcrumbs: { name: string; url: string | null }[];
  questions: { question: string; answer: string }[];
  /** og:type product or product price meta tags: the page says it sells one thing. */
  productLike: boolean;
  offer: { price: string; currency: string; availability: "InStock" | "OutOfStock" | null } | null;
}

const SOCIAL_HOSTS = /(?:^|\.)(?:x\.com|twitter\.com|facebook\.com|linkedin\.com|instagram\.com|youtube\.com|github\.com|tiktok\.com|pinterest\.com|mastodon\.social|wikipedia\.org|wikidata\.org|threads\.net|bsky\.app)$/i;
const TITLE_SEPARATOR = /\s+[|\-–—·:]\s+/;
const CURRENCY_SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "R$": "BRL", CHF: "CHF" };
const MAX_QUESTIONS = 20;
const MAX_ANSWER_CHARS = 1500;
/**
 * Question candidates looked at. Each reads its element's whole text, and a hostile page nests
 * thousands of <details> or headings inside each other, which made every read re-read the rest of the page.
 */
const MAX_QUESTION_CANDIDATES = 200;

export function readPageFacts(document: HtmlDocument, pageUrl: string): PageFacts {
  const url = new URL(pageUrl);
  const meta = (selector: string) => clean(document.querySelector(selector)?.getAttribute("content"));
  const title = clean(document.querySelector("title")?.textContent);
  const h1 = clean(document.querySelector("h1")?.textContent);
  const ogType = meta('meta[property="og:type"]')?.toLowerCase() ?? null;
  const author = meta('meta[name="author"]') ?? textOf(document.querySelector('[rel~="author"], .author, [class*="byline"]'), 80);
  const datePublished = isoDate(meta('meta[property="article:published_time"]') ?? document.querySelector("article time[datetime], time[datetime]")?.getAttribute("datetime"));
  const dateModified = isoDate(meta('meta[property="article:modified_time"]'));
  const headline = h1 ?? meta('meta[property="og:title"]') ?? title;
  return {
    url: url.href,
    origin: url.origin,
    isHomepage: url.pathname === "/" || /^\/index\.(?:html?|php)$/i.test(url.pathname),
    title,
    headline,
    description: meta('meta[name="description"]') ?? meta('meta[property="og:description"]'),
    siteName: meta('meta[property="og:site_name"]') ?? meta('meta[name="application-name"]') ?? (title ? title.split(TITLE_SEPARATOR)[0]!.trim() || null : null),
    image: absolute(meta('meta[property="og:image"]'), url),
    logo: logoOf(document, url),
    sameAs: socialLinks(document, url),
    author,
    datePublished,
    dateModified,
    articleLike: ogType === "article" || (document.querySelector("article") !== null && headline !== null && (author !== null || datePublished !== null)),
    breadcrumbs: breadcrumbsOf(document, url),
    questions: questionsOf(document),
    productLike: ogType === "product" || document.querySelector('meta[property="product:price:amount"]') !== null,
    offer: offerOf(document),
  };
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
    const answer = clean((details.textContent ?? "").replace(summary.textContent ?? "", ""));
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
    const text = next.textContent ?? "";
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
  const availability = /\bout of stock\b|\bsold out\b/i.test(availabilityText) ? "OutOfStock" : /\bin stock\b/i.test(availabilityText) ? "InStock" : null;
  if (amount && currency && /^\d+(?:\.\d+)?$/.test(amount.trim()) && /^[A-Z]{3}$/.test(currency.trim())) {
    return { price: amount.trim(), currency: currency.trim(), availability };
  }
  for (const element of Array.from(document.querySelectorAll('[class*="price" i]')).slice(0, 50) as HtmlElement[]) {
    const parsed = parsePrice(element.textContent ?? "");
    if (parsed) return { ...parsed, availability };
  }
  return null;
}

/** "$1,299.00", "€ 12,50", "19.99 EUR" → a plain number and an ISO 4217 code. */
export function parsePrice(text: string): { price: string; currency: string } | null {
  const compact = text.replace(/\s+/g, " ").trim();
  const match =
    /(R\$|CHF|[$€£¥₹₩₽₺])\s?(\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/.exec(compact) ??
    /(\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?([A-Z]{3}|[$€£¥₹₩₽₺])(?![A-Za-z])/.exec(compact);
  if (!match) return null;
  const symbolFirst = !/^\d/.test(match[1]!);
  const symbol = symbolFirst ? match[1]! : match[2]!;
  const number = symbolFirst ? match[2]! : match[1]!;
  const currency = CURRENCY_SYMBOLS[symbol] ?? (/^[A-Z]{3}$/.test(symbol) ? symbol : null);
  if (!currency) return null;
  return { price: plainNumber(number), currency };
}

/** The last "." or "," followed by one or two digits is the decimal mark; the rest are thousands separators. */
function plainNumber(text: string): string {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,\s]/g, "");
  return decimal ? `${whole}.${decimal[1]}` : whole;
}

function isoDate(value: string | null | undefined): string | null {
  const text = clean(value);
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return text.replace(" ", "T");
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function absolute(value: string | null | undefined, base: URL): string | null {
  const text = clean(value);
  if (!text || !URL.canParse(text, base)) return null;
  const resolved = new URL(text, base);
  return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : null;
}

function textOf(element: HtmlElement | null | undefined, maxChars: number): string | null {
  const text = clean(element?.textContent);
  return text && text.length <= maxChars ? text : null;
}

function clean(value: string | null | undefined): string | null {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}
