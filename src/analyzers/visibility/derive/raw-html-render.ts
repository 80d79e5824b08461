import type { HtmlDocument } from "./homepage-document.ts";
import { visibleText, wordCount } from "./page-text.ts";

/** Below this many words the raw HTML does not carry the page's content. */
export const MIN_WORDS = 50;

/** Mount points of the common client-side frameworks (React, Next.js, Vue, Nuxt, Gatsby, Angular, Svelte). */
const MOUNT_POINTS = ["#root", "#app", "#__next", "#__nuxt", "#___gatsby", "#svelte", "app-root", "[data-reactroot]", "[ng-version]"];
/** Server-side data payloads: their text reached the HTML even if the markup did not. */
const DATA_PAYLOADS = ["script#__NEXT_DATA__", "script#__NUXT_DATA__", 'script[type="application/json"]'];

/**
 * What a crawler that does not run JavaScript gets from a page's raw HTML: its visible text, and, when
 * that is thin, whether the page is a client-rendered app shell (an empty mount point plus script
 * bundles) and how much text its server-rendered data payload carries.
 */
export interface RawHtmlRender {
  text: string;
  words: number;
  /** The selector of the first empty framework mount point, or null. */
  shell: string | null;
  bundles: number;
  payloadWords: number;
  /** An empty app shell: too few words, an empty mount point, script bundles and no payload text. */
  emptyShell: boolean;
}

export function rawHtmlRender(document: HtmlDocument): RawHtmlRender {
  const text = visibleText(document);
  const words = wordCount(text);
  if (words >= MIN_WORDS) return { text, words, shell: null, bundles: 0, payloadWords: 0, emptyShell: false };
  const shell = emptyMountPoint(document);
  const bundles = scriptBundles(document);
  const payloadWords = shell && bundles > 0 ? payloadWordCount(document) : 0;
  return { text, words, shell, bundles, payloadWords, emptyShell: shell !== null && bundles > 0 && payloadWords < MIN_WORDS };
}

function emptyMountPoint(document: HtmlDocument): string | null {
  for (const selector of MOUNT_POINTS) {
    const element = document.querySelector(selector);
    if (element && element.children.length === 0 && (element.textContent ?? "").trim() === "") return selector;
  }
  return null;
}

function scriptBundles(document: HtmlDocument): number {
  return Array.from(document.querySelectorAll("script")).filter((script) => script.hasAttribute("src") || script.getAttribute("type") === "module").length;
}

/** Words in the natural-language strings of JSON data payloads (props, page data). */
function payloadWordCount(document: HtmlDocument): number {
  let words = 0;
  for (const script of Array.from(document.querySelectorAll(DATA_PAYLOADS.join(",")))) {
    try {
      words += proseWords(JSON.parse(script.textContent ?? ""));
    } catch {
      // A payload that is not JSON carries no text we can count.
    }
  }
  return words;
}

function proseWords(value: unknown): number {
  if (typeof value === "string") return /\s/.test(value.trim()) && !/^(https?:|\/)/.test(value) ? wordCount(value) : 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + proseWords(item), 0);
  if (value && typeof value === "object") return Object.values(value).reduce((sum: number, item) => sum + proseWords(item), 0);
  return 0;
}
