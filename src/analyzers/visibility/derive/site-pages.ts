import type { Artifacts, SamplePageArtifact } from "../gather/artifacts.ts";
import { type HtmlCut, type HtmlDocument, type ParsedHtml, parseBoundedHtml } from "../../structured-data/html-document.ts";
import { readableHomepage, SAMPLE_PARSE_MAX_CHARS } from "./homepage-document.ts";
import { readableText, type TreeNode } from "../../structured-data/readable-text.ts";
import { computed } from "../../../lib/computed.ts";

export interface SitePage {
  url: string;
  role: "home" | SamplePageArtifact["role"];
  document: HtmlDocument;
  /** The whole page as fetched; `document` is its parsed start. */
  html: string;
  /** What was left out of `document`; null when nothing was. */
  cut: HtmlCut | null;
}

/** A sampled page that answered 2xx with HTML, parsed once however many audits read it; null for any other. */
const parsedSample = computed((sample: SamplePageArtifact): ParsedHtml | null =>
  sample.ok && sample.status >= 200 && sample.status < 300 && /html/i.test(sample.contentType ?? "text/html") ? parseBoundedHtml(sample.html, SAMPLE_PARSE_MAX_CHARS) : null,
);

/**
 * The pages content and trust audits judge: the homepage and every sampled page that answered 2xx with
 * HTML, each parsed once however many audits read it.
 */
export function sitePages(artifacts: Artifacts): SitePage[] {
  const pages: SitePage[] = [];
  const homepage = readableHomepage(artifacts);
  if (homepage.ok) pages.push({ url: homepage.response.finalUrl, role: "home", document: homepage.document, html: homepage.response.html, cut: homepage.cut });
  for (const sample of artifacts.samplePages ?? []) {
    const parsed = parsedSample(sample);
    if (parsed && sample.ok) pages.push({ url: sample.finalUrl, role: sample.role, document: parsed.document, html: sample.html, cut: parsed.cut });
  }
  return pages;
}

/** The pages whose content is meant to be read: the homepage and sampled content and about pages (not legal or contact pages). */
export function contentPages(artifacts: Artifacts): SitePage[] {
  return sitePages(artifacts).filter((page) => page.role === "home" || page.role === "content" || page.role === "about");
}

/** "https://example.com/about" → "/about": evidence names pages briefly. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The mean of per-page scores, 0-1. */
export function meanScore(scores: number[]): number {
  return scores.length === 0 ? 1 : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100;
}

/** An element's text as a reader sees it: cells, blocks and line breaks keep their words apart. */
export function textOf(element: { textContent: string | null } | null | undefined): string {
  return element ? readableText(element as unknown as TreeNode) : "";
}
