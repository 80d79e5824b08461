import { type HtmlCut, type HtmlDocument, parseBoundedHtml } from "../../structured-data/html-document.ts";
import type { Artifacts, HomepageArtifact, HomepageResponse } from "../gather/artifacts.ts";
import { computed } from "../../../lib/computed.ts";

export type { HtmlCut, HtmlDocument };

export type ReadableHomepage =
  | {
      ok: true;
      response: HomepageResponse;
      document: HtmlDocument;
      /** What was left out of `document` (PARSE_MAX_CHARS, MAX_DOM_ELEMENTS), for verdicts to state; null when nothing was. */
      cut: HtmlCut | null;
      /** Characters of the page `document` was built from. */
      parsedChars: number;
    }
  | { ok: false; reason: string };

/**
 * The homepage's HTML, parsed, when there is a successful (2xx) page to judge. Error pages are not judged:
 * a 403 challenge page's title says nothing about the site.
 */
export function readableHomepage(artifacts: Artifacts): ReadableHomepage {
  return readableHomepageOf(artifacts.homepage);
}

/**
 * The same, from the homepage artifact alone: the gatherer reads the feeds the page announces from this parse, which the audits then reuse.
 * Parsing is the costly part of most audits, so each homepage artifact is parsed once however many audits read it.
 */
export const readableHomepageOf: (homepage: HomepageArtifact) => ReadableHomepage = computed(readHomepage);

function readHomepage(homepage: HomepageArtifact): ReadableHomepage {
  if (!homepage.ok) return { ok: false, reason: `The homepage could not be fetched (${homepage.error.message}).` };
  if (homepage.status < 200 || homepage.status > 299) {
    return { ok: false, reason: `The homepage answered HTTP ${homepage.status}, so its HTML was not judged.` };
  }
  return { ok: true, response: homepage, ...parseBoundedHtml(homepage.html) };
}

/**
 * How much of a page is parsed into a DOM. linkedom's DOM costs about 60 bytes per byte of HTML, so a
 * multi-megabyte page would dominate a scan's memory (the benchmark's 5 MB page). Crawlers weigh the
 * start of a page most and cut very large ones, so the DOM audits judge the first PARSE_MAX_CHARS
 * characters (and MAX_DOM_ELEMENTS elements); sampled pages, read for content and trust signals only,
 * their first 256 KiB.
 */
export const SAMPLE_PARSE_MAX_CHARS = 256 * 1024;
