/**
 * The real-pages corpus (../shared/corpora/real-pages, see its README.md): saved pages from other
 * projects' test suites, with the title, author, date, description, lang and site name their maintainers
 * expect. This module reads the manifest and the pages; it knows nothing about the scanner.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const CORPUS_DIR = join(import.meta.dir, "..", "..", "..", "shared", "corpora", "real-pages");

export interface ExpectedValues {
  title?: string;
  author?: string | string[];
  datePublished?: string;
  description?: string;
  lang?: string;
  siteName?: string;
}

export interface CorpusEntry {
  id: string;
  source: string;
  url: string;
  expected: ExpectedValues;
  artefacts: string[];
  foundInPage: Partial<Record<keyof ExpectedValues, boolean>>;
}

export interface CorpusPage extends CorpusEntry {
  /** The HTML served to the scanner: the stored bytes, with the one reversible saving artefact undone (see servedHtml). */
  html: string;
}

/** True when the corpus is present (it lives beside the repository, in ../shared). */
export function corpusAvailable(): boolean {
  return existsSync(join(CORPUS_DIR, "manifest.json"));
}

export function corpusEntries(): CorpusEntry[] {
  return JSON.parse(readFileSync(join(CORPUS_DIR, "manifest.json"), "utf8")) as CorpusEntry[];
}

export function loadPage(entry: CorpusEntry): CorpusPage {
  const stored = readFileSync(join(CORPUS_DIR, "pages", `${entry.id}.html`), "utf8");
  return { ...entry, html: entry.artefacts.includes("meta-value-instead-of-content") ? restoreMetaContent(stored) : stored };
}

/**
 * Undoes Postlight's fixture saver on <meta> tags (its normalizeMetaTags: `content` renamed to `value`,
 * then `property` to `name`). Each rename appends the new attribute, so a `name` written after `value`
 * was a `property`: `<meta value="X" name="og:url">` was `<meta property="og:url" content="X">`. The
 * inversion is exact, and it gives the scanner the meta tags the live page had; without it, every
 * postlight page would look as if it had none, which says nothing about the scanner.
 */
export function restoreMetaContent(html: string): string {
  return html.replace(/<meta\b[^>]*>/gi, (tag) => {
    const valueAt = tag.search(/\svalue\s*=/i);
    if (valueAt < 0 || /\scontent\s*=/i.test(tag)) return tag;
    const nameAt = tag.search(/\sname\s*=/i);
    const renamed = nameAt > valueAt && !/\sproperty\s*=/i.test(tag) ? tag.replace(/(\s)name(\s*=)/i, "$1property$2") : tag;
    return renamed.replace(/(\s)value(\s*=)/i, "$1content$2");
  });
}
