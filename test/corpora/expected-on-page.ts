/**
 * Where a page states the values the corpus expects, found without the scanner's code: the oracle that
 * decides whether a finding is contradicted by the page. It reads the served HTML with linkedom and
 * plain string matching, so a bug in the scanner's derivations cannot hide itself here.
 */
import { parseHTML } from "linkedom";
import type { CorpusPage } from "./real-pages-corpus.ts";

type Document = ReturnType<typeof parseHTML>["document"];

export interface PageView {
  /** Lower-cased, entity-decoded, whitespace-collapsed text a reader sees (no script or style content). */
  visibleText: string;
  /** Lower-cased, decoded `content` of every <meta>. */
  metaContents: string[];
  /** Raw text of every JSON-LD block, lower-cased. */
  jsonLd: string[];
  /** The first <title>'s text, normalised; null when the page has none. */
  title: string | null;
  /** The <html> element's lang attribute as written; null when absent. */
  htmlLang: string | null;
  /** Normalised `content` of every <meta name="description">. */
  descriptions: string[];
  /** Every ISO 8601 date or date-time stated in date markup: meta content, <time> attributes, itemprop values, JSON-LD. */
  markupDates: string[];
}

/** Case, whitespace and no-break spaces normalised, as the corpus README asks comparisons to be lenient. */
export function normalise(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
}

/** The stored values keep raw entities at times ("&#039;"); decode them the way the page's parser would. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return parseHTML(`<!doctype html><html><body><p>${text.replace(/</g, "&lt;")}</p></body></html>`).document.querySelector("p")?.textContent ?? text;
}

export function viewOf(page: CorpusPage): PageView {
  const { document } = parseHTML(page.html);
  const metas = Array.from(document.querySelectorAll("meta"));
  const jsonLd = Array.from(document.querySelectorAll("script"))
    .filter((script) => /ld\+json/i.test(script.getAttribute("type") ?? ""))
    .map((script) => (script.textContent ?? "").toLowerCase());
  const titleElement = document.querySelector("head title") ?? document.querySelector("title");
  const dates = markupDatesOf(document, jsonLd);
  const title = titleElement ? normalise(titleElement.textContent ?? "") : null;
  // Last: reading the text removes the scripts from this parsed copy.
  const visibleText = normalise(readerText(document));
  return {
    visibleText,
    metaContents: metas.map((meta) => normalise(meta.getAttribute("content") ?? "")).filter(Boolean),
    jsonLd,
    title,
    htmlLang: htmlLangOf(page.html),
    descriptions: metas.filter((meta) => (meta.getAttribute("name") ?? "").trim().toLowerCase() === "description").map((meta) => normalise(meta.getAttribute("content") ?? "")),
    markupDates: dates,
  };
}

function readerText(document: Document): string {
  for (const element of Array.from(document.querySelectorAll("script,style,template"))) element.remove();
  return document.body?.textContent ?? document.documentElement?.textContent ?? "";
}

/** The lang attribute of the page's <html> start tag, read from the raw markup. */
function htmlLangOf(html: string): string | null {
  const tag = /<html\b[^>]*>/i.exec(html)?.[0];
  const lang = tag ? /\slang\s*=\s*["']?([^"'\s>]*)/i.exec(tag)?.[1] : undefined;
  return lang === undefined ? null : lang;
}

const ISO_DATE_TEXT = String.raw`\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** A date that is a value of its own: a whole attribute ("2016-09-19T11:46:01Z"), not one buried in a JSON blob or a URL. */
const WHOLE_DATE = new RegExp(`^\\s*(${ISO_DATE_TEXT})`);
/** A date as a JSON-LD string value: `"datePublished": "2016-09-19"`. */
const JSON_DATE = new RegExp(`"(${ISO_DATE_TEXT})`, "g");

function markupDatesOf(document: Document, jsonLd: string[]): string[] {
  const values: string[] = [];
  for (const meta of Array.from(document.querySelectorAll("meta"))) values.push(meta.getAttribute("content") ?? "");
  for (const time of Array.from(document.querySelectorAll("time"))) values.push(time.getAttribute("datetime") ?? "", time.textContent ?? "");
  for (const element of Array.from(document.querySelectorAll("[itemprop]"))) values.push(element.getAttribute("content") ?? "", element.getAttribute("datetime") ?? "");
  const whole = values.map((value) => WHOLE_DATE.exec(value)?.[1]).filter((value): value is string => value !== undefined);
  return [...whole, ...jsonLd.flatMap((block) => Array.from(block.matchAll(JSON_DATE), (match) => match[1]!))];
}

/** The expected authors, each normalised; the corpus gives one string or a list. */
export function expectedAuthors(page: CorpusPage): string[] {
  const author = page.expected.author;
  if (author === undefined) return [];
  return (Array.isArray(author) ? author : [author]).map((name) => normalise(decodeEntities(name))).filter(Boolean);
}

/** Where the page states one of the expected authors for a reader or a crawler: its text, a meta tag, or JSON-LD; null when nowhere. */
export function whereAuthorIsStated(page: CorpusPage, view: PageView): string | null {
  for (const name of expectedAuthors(page)) {
    if (view.visibleText.includes(name)) return "visible text";
    if (view.metaContents.some((content) => content.includes(name))) return "a meta tag";
    if (view.jsonLd.some((block) => block.includes(name))) return "JSON-LD";
  }
  return null;
}

/**
 * The expected publication day ("2016-09-19") and, when the source gives a time, the instant. Fundus
 * writes Python's "2024-11-22 06:57:50.233000+00:00"; postlight ISO with a Z; trafilatura a day alone.
 */
export function expectedDate(page: CorpusPage): { day: string; instant: number | null } | null {
  const text = page.expected.datePublished?.trim();
  if (!text || !/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const withTime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  const instant = withTime && withTime[3] ? Date.parse(`${withTime[1]}T${withTime[2]}${withTime[3]}`) : null;
  return { day: text.slice(0, 10), instant: instant !== null && !Number.isNaN(instant) ? instant : null };
}

/**
 * The markup date that states the expected publication day, or null. A date-time with a zone matches
 * when it is the same instant's UTC day or its own written day (a page in New York writes the local
 * day, a source in UTC the next one); a day alone matches when it is the same day.
 */
export function markupDateStatingExpectedDay(page: CorpusPage, view: PageView): string | null {
  const expected = expectedDate(page);
  if (!expected) return null;
  const days = new Set([expected.day]);
  if (expected.instant !== null) days.add(new Date(expected.instant).toISOString().slice(0, 10));
  for (const value of view.markupDates) {
    if (days.has(value.slice(0, 10))) return value;
    const instant = /[T ]\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/.test(value) ? Date.parse(value.replace(" ", "T").replace(/([+-]\d{2})(\d{2})$/, "$1:$2")) : Number.NaN;
    if (!Number.isNaN(instant) && days.has(new Date(instant).toISOString().slice(0, 10))) return value;
  }
  return null;
}
