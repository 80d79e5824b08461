import { parseBoundedHtml } from "../../structured-data/html-document.ts";
import { shownTypes } from "../../structured-data/shown-type.ts";
import { hasType, propertyValues, type StructuredGraph, structuredGraph } from "../../structured-data/structured-graph.ts";
import { MERCHANT_LISTING } from "../../schema/rich-results/rules/merchant-listing.ts";
import type { Check } from "../../schema/rich-results/rule-types.ts";
import type { PageHtmlFacts } from "../gather/site-crawl-artifact.ts";
import { byline } from "./byline.ts";
import { SAMPLE_PARSE_MAX_CHARS } from "./homepage-document.ts";
import { metaDirectives } from "./indexing-directives.ts";
import { excerpt } from "./page-text.ts";
import { profilePage } from "./page-profile.ts";
import { pageDates, publishedDate } from "./published-date.ts";
import { rawHtmlRender } from "./raw-html-render.ts";
import { ARTICLE_TYPES, FAQ_TYPES, PRODUCT_TYPES, SPECIFIC_CONTENT_TYPES } from "./schema-type-families.ts";
import { type SitePage, textOf } from "./site-pages.ts";

/**
 * The facts of one crawled page, read once from its raw HTML with the readers the homepage audits use
 * (the bounded parser, indexing directives, the raw-HTML render, bylines and dates, the structured-data
 * graph, the page profile), and returned as plain values: nothing of the DOM outlives the call, so the
 * crawl can drop each body as soon as it is read and a scan's memory stays flat in its page count.
 */

export interface PageFactsInput {
  html: string;
  finalUrl: string;
  contentType: string | null;
  status: number;
}

/** Titles, headings and descriptions are kept to this many characters: enough to judge, bounded per page. */
const TEXT_MAX = 200;
/** Structured-data error examples kept per page. */
const EXAMPLES_MAX = 3;
/** Top-level types kept per page. */
const TYPES_MAX = 10;
/**
 * A "not found" page says so in a line and offers a search box or a link home; a real page that merely
 * mentions "404" or "not found" has far more text. Above this many words the page is not taken for one.
 */
const SOFT_404_MAX_WORDS = 250;
/**
 * "Not found" in the title or main heading, in the languages the corpus and the common CMS themes use.
 * Whole phrases only: a product called "Not Found Records" or an article about HTTP 404 has other words
 * around them, and the word cap above keeps long pages out.
 */
const NOT_FOUND_PHRASES = [
  /^\s*(?:error\s*)?404\b/i,
  /\b(?:error|http)\s*404\b/i,
  /\bpage\s+(?:was\s+)?not\s+found\b/i,
  /\bnot\s+found\b\s*$/i,
  /^\s*not\s+found\b/i,
  /\b(?:this\s+)?page\s+(?:does\s*n[o']t|doesn't|cannot be found|can't be found|could not be found|couldn't be found|no longer exists)\b/i,
  /\bnothing\s+(?:was\s+)?found\b/i,
  /\bseite\s+(?:wurde\s+)?nicht\s+gefunden\b/i,
  /\bpage\s+(?:introuvable|non\s+trouvée)\b/i,
  /\bp[áa]gina\s+no\s+(?:encontrada|existe)\b/i,
  /\bpagina\s+non\s+(?:trovata|esiste)\b/i,
  /\bp[áa]gina\s+n[ãa]o\s+(?:encontrada|existe)\b/i,
  /\bpagina\s+niet\s+gevonden\b/i,
  /\bsidan\s+(?:hittades\s+inte|finns\s+inte)\b/i,
  /\bnie\s+znaleziono\s+strony\b|\bstrona\s+nie\s+(?:istnieje|została\s+znaleziona)\b/i,
  /страница\s+не\s+найдена/i,
  /ページが見つかりません|お探しのページは見つかりませんでした/,
  /页面不存在|找不到(?:该|此)?页面|頁面不存在|找不到(?:該|此)?頁面/,
  /페이지를\s*찾을\s*수\s*없습니다/,
];

export function pageFacts(input: PageFactsInput): PageHtmlFacts {
  const { document } = parseBoundedHtml(input.html, SAMPLE_PARSE_MAX_CHARS);
  const page: SitePage = { url: input.finalUrl, role: "content", document, html: input.html, cut: null };
  const render = rawHtmlRender(document);
  const title = clean(textOf(document.querySelector("title")));
  // The first <h1> that says something: many sites wrap their logo in an empty <h1> before the headline's.
  const h1 = Array.from(document.querySelectorAll("h1")).map((heading) => clean(textOf(heading))).find((text) => text !== null) ?? null;
  const graph = structuredGraph(document, input.html, input.finalUrl);
  const profile = profilePage(page);
  const kind = kindOf(profile.kinds, profile.reasons);
  const article = kind?.kind === "article" || graph.nodes.some((node) => node.topLevel && hasType(node, ARTICLE_TYPES)) ? articleFacts(page) : null;
  return {
    title,
    description: clean(metaContent(document, "name", "description")),
    h1,
    lang: clean(document.documentElement?.getAttribute("lang") ?? null),
    canonical: canonicalOf(document, input.finalUrl),
    metaDirectives: metaDirectives(document).map(({ scope, directive }) => ({ scope, directive })),
    words: render.words,
    appShell: render.emptyShell,
    softNotFound: input.status >= 200 && input.status < 300 && softNotFound(title, h1, render.words),
    structuredData: structuredFacts(graph),
    article,
    openGraph: {
      title: metaContent(document, "property", "og:title") !== null,
      description: metaContent(document, "property", "og:description") !== null,
      image: metaContent(document, "property", "og:image") !== null,
      type: clean(metaContent(document, "property", "og:type"))?.toLowerCase() ?? null,
    },
    kind: kind ? { ...kind, ...fitOf(kind.kind, profile.stated, graph) } : null,
  };
}

/** A 2xx page whose title or main heading says it is not found, with next to no text besides. */
export function softNotFound(title: string | null, h1: string | null, words: number): boolean {
  if (words > SOFT_404_MAX_WORDS) return false;
  return [title, h1].some((text) => text !== null && text.length <= 120 && NOT_FOUND_PHRASES.some((phrase) => phrase.test(text)));
}

function kindOf(kinds: readonly string[], reasons: Partial<Record<string, string>>): { kind: "article" | "product" | "faq"; reason: string } | null {
  for (const kind of ["product", "article", "faq"] as const) if (kinds.includes(kind)) return { kind, reason: excerpt(reasons[kind] ?? "", 80) };
  return null;
}

/**
 * Whether the declared types fit what the page looks like (as schema-type-fit judges the sampled pages),
 * and, for a product page, which properties Google's merchant listing requires are missing from its
 * Product (developers.google.com/search/docs/appearance/structured-data/merchant-listing): the rule
 * table the schema service judges rich results with, read here for its required property names.
 */
function fitOf(kind: "article" | "product" | "faq", stated: readonly string[], graph: StructuredGraph): { fits: boolean; missing: string[] } {
  const fitting: readonly string[] = kind === "product" ? PRODUCT_TYPES : kind === "faq" ? FAQ_TYPES : [...ARTICLE_TYPES, ...SPECIFIC_CONTENT_TYPES];
  const fits = stated.some((type) => fitting.includes(type));
  if (kind !== "product" || !fits) return { fits, missing: [] };
  const products = graph.nodes.filter((node) => hasType(node, PRODUCT_TYPES));
  const required = (MERCHANT_LISTING.required ?? []).flatMap((check) => (typeof check === "string" ? [check] : propertyOf(check)));
  // The most complete Product on the page is the one judged: a page may also list related products.
  const missing = products
    .map((node) => required.filter((property) => !propertyValues(node, property).some(present)))
    .sort((a, b) => a.length - b.length)[0];
  return { fits, missing: missing ?? [] };
}

/** A required property check's name; `whenPresent` checks and predicates require nothing to be there. */
function propertyOf(check: Exclude<Check, string>): string[] {
  return "property" in check && typeof check.property === "string" && !("whenPresent" in check && check.whenPresent) && !("holds" in check) ? [check.property] : [];
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(present);
  return true;
}

function articleFacts(page: SitePage): NonNullable<PageHtmlFacts["article"]> {
  const modified = pageDates(page).find((date) => date.kind === "modified");
  return { author: clean(byline(page)?.name ?? null), published: clean(publishedDate(page)?.text ?? null), modified: clean(modified?.text ?? null) };
}

/** Top-level types as Google shows them, and what could not be read (JSON-LD that does not parse, malformed items). */
function structuredFacts(graph: StructuredGraph): PageHtmlFacts["structuredData"] {
  const types = [...new Set(shownTypes(graph.nodes.filter((node) => node.topLevel).flatMap((node) => node.types)))].slice(0, TYPES_MAX);
  // The extraction's problems include every JSON-LD block that does not parse, each once.
  const errors = graph.problems.map((problem) => `${problem.path}: ${problem.message}`);
  return { types, errors: errors.length, examples: errors.slice(0, EXAMPLES_MAX).map((text) => excerpt(text, 160)) };
}

function canonicalOf(document: SitePage["document"], base: string): string | null {
  const href = document.querySelector('link[rel~="canonical"][href]')?.getAttribute("href")?.trim();
  if (!href || !URL.canParse(href, base)) return null;
  return new URL(href, base).href;
}

/** A meta tag's content, matched on the attribute's value case-insensitively (`name="Description"`). */
function metaContent(document: SitePage["document"], attribute: "name" | "property", value: string): string | null {
  // Open Graph tags written with name= instead of property= are read by Facebook's and others' parsers alike.
  const attributes = attribute === "property" ? ["property", "name"] : ["name"];
  for (const meta of Array.from(document.querySelectorAll("meta[content]"))) {
    if (attributes.some((name) => (meta.getAttribute(name) ?? "").trim().toLowerCase() === value)) return meta.getAttribute("content")?.trim() || null;
  }
  return null;
}

function clean(text: string | null): string | null {
  if (text === null) return null;
  const flat = excerpt(text, TEXT_MAX);
  return flat === "" ? null : flat;
}
