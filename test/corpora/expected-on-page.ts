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

/** Month names as pages print them, per month (1-12), in the languages of the corpus; an oracle list, not the scanner's. */
const PRINTED_MONTHS: readonly (readonly string[])[] = [
  [],
  ["january", "jan", "januar", "jänner", "janvier", "janv.", "enero", "gennaio", "januari", "janeiro"],
  ["february", "feb", "februar", "février", "févr.", "febrero", "febbraio", "februari", "fevereiro"],
  ["march", "mar", "märz", "mars", "marzo", "maart", "março"],
  ["april", "apr", "avril", "abril", "aprile"],
  ["may", "mai", "mayo", "maggio", "mei", "maio"],
  ["june", "jun", "juni", "juin", "junio", "giugno", "junho"],
  ["july", "jul", "juli", "juillet", "juil.", "julio", "luglio", "julho"],
  ["august", "aug", "août", "agosto", "augustus"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "outubro"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  ["december", "dec", "dezember", "dez", "décembre", "déc.", "diciembre", "dicembre", "dezembro"],
];

/** The ways pages print one day: numeric (ISO, dots, slashes in both orders, CJK) and with the month's name. */
function printedForms(day: string): string[] {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const two = (value: number) => String(value).padStart(2, "0");
  const forms = [
    day,
    `${two(date)}.${two(month)}.${year}`,
    `${date}.${month}.${year}`,
    `${two(date)}/${two(month)}/${year}`,
    `${two(month)}/${two(date)}/${year}`,
    `${month}/${date}/${year}`,
    `${date}/${month}/${year}`,
    `${year}/${two(month)}/${two(date)}`,
    `${year}.${two(month)}.${two(date)}`,
    `${year}年${month}月${date}日`,
    `${year}年${two(month)}月${two(date)}日`,
  ];
  for (const name of PRINTED_MONTHS[month]!) {
    for (const written of [date, two(date)]) {
      forms.push(`${written}. ${name} ${year}`, `${written} ${name} ${year}`, `${written} de ${name} de ${year}`, `${written}er ${name} ${year}`);
      forms.push(`${name} ${written}, ${year}`, `${name}. ${written}, ${year}`, `${name} ${written} ${year}`);
      for (const suffix of ["st", "nd", "rd", "th"]) forms.push(`${written}${suffix} ${name} ${year}`, `${name} ${written}${suffix}, ${year}`, `${name} ${written}${suffix} ${year}`);
    }
  }
  return forms;
}

/**
 * Where the page's text shows the expected publication day to a reader ("stand: 05. februar 2020",
 * "december 16, 2016", "2020年7月12日"), with a little of what surrounds it; null when it does not.
 * Each form must stand alone: not inside a longer number ("2/10/20201") or word.
 */
export function dayShownInText(page: CorpusPage, view: PageView): string | null {
  const expected = expectedDate(page);
  if (!expected) return null;
  const days = new Set([expected.day]);
  if (expected.instant !== null) days.add(new Date(expected.instant).toISOString().slice(0, 10));
  for (const day of days) {
    for (const form of printedForms(day)) {
      let at = view.visibleText.indexOf(form);
      while (at >= 0) {
        const before = view.visibleText[at - 1] ?? " ";
        const after = view.visibleText[at + form.length] ?? " ";
        if (!/[\p{L}\p{N}/.-]/u.test(before) && !/[\p{L}\p{N}]/u.test(after) && !/[/-]\d/.test(view.visibleText.slice(at + form.length, at + form.length + 2))) {
          return view.visibleText.slice(Math.max(0, at - 30), at + form.length + 10).trim();
        }
        at = view.visibleText.indexOf(form, at + 1);
      }
    }
  }
  return null;
}

/** Labels that put an author's name after them in a byline, lower-cased, as the corpus's pages print them. */
const BYLINE_LABELS = ["by", "von", "par", "por", "di", "door", "av", "af", "posted by", "written by", "geschrieben von", "publié par", "escrito por", "scritto da", "author:", "authors:", "autor:", "autorin:", "auteur:", "autore:", "text:", "texte:", "著者：", "文："];

/**
 * Where the page's text shows one of the expected authors in a byline, right after its label ("by jane
 * doe", "par 750g la table", "posted by: ~sani~"); null when no label stands before the name.
 */
export function bylineShownInText(page: CorpusPage, view: PageView): string | null {
  for (const name of expectedAuthors(page)) {
    let at = view.visibleText.indexOf(name);
    while (at >= 0) {
      const before = view.visibleText.slice(Math.max(0, at - 24), at).replace(/[\s:~*|·•—–-]+$/u, "");
      const label = BYLINE_LABELS.find((candidate) => before.endsWith(candidate.replace(/[:：]$/, "")) && !/[\p{L}]/u.test(before[before.length - candidate.replace(/[:：]$/, "").length - 1] ?? " "));
      if (label) return view.visibleText.slice(Math.max(0, at - label.length - 4), at + name.length).trim();
      at = view.visibleText.indexOf(name, at + 1);
    }
  }
  return null;
}
