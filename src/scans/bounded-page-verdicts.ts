import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";
import type { StoredPageVerdict } from "../store/scan-pages-repo.ts";
import { MAX_PAGE_BUDGET } from "./page-budget-ceiling.ts";

/**
 * The bounds on what a site-wide scan stores beside its record: at most MAX_PAGES_PER_RECORD verdicts
 * (the homepage first, as the analyzer orders them) and at most MAX_VERDICT_BYTES of JSON each. Scanned
 * sites choose their URLs, titles and redirect chains, so every string and list is cut to a stated length
 * first, and a verdict still over its bound keeps only what says where and what is wrong.
 */

export const MAX_PAGES_PER_RECORD = MAX_PAGE_BUDGET;
/** 8 KiB: a verdict with ten platforms, ten findings and full facts is about 3 KiB; 500 pages stay under 4 MiB. */
export const MAX_VERDICT_BYTES = 8 * 1024;

const MAX_URL = 2048;
const MAX_TEXT = 300;
const MAX_ID = 64;
const MAX_REDIRECTS = 10;
const MAX_FINDINGS = 20;
const MAX_PLATFORMS = 20;
const MAX_TYPES = 20;
const SHORT_URL = 512;
const SHORT_TEXT = 160;

/** The verdicts as stored: bounded, serialised once, with the columns the filters read. */
export function storedPageVerdicts(pages: readonly PageVerdict[] | undefined): StoredPageVerdict[] | null {
  if (!pages || pages.length === 0) return null;
  return pages.slice(0, MAX_PAGES_PER_RECORD).map((page) => {
    const bounded = boundedVerdict(page);
    return {
      template: bounded.template,
      verdict: bounded.verdict,
      status: bounded.status,
      unreached: bounded.reach.filter((reach) => reach.status === "blocked" || reach.status === "limited").map((reach) => reach.platform),
      json: JSON.stringify(bounded),
    };
  });
}

export function boundedVerdict(page: PageVerdict): PageVerdict {
  const cut: PageVerdict = {
    url: clip(page.url, MAX_URL),
    template: clip(page.template, MAX_TEXT),
    source: page.source,
    verdict: page.verdict,
    status: page.status,
    finalUrl: page.finalUrl === null ? null : clip(page.finalUrl, MAX_URL),
    redirects: page.redirects.slice(0, MAX_REDIRECTS).map((hop) => ({ url: clip(hop.url, MAX_URL), status: hop.status })),
    ...(page.skipped !== undefined ? { skipped: page.skipped } : {}),
    ...(page.error !== undefined ? { error: clip(page.error, MAX_TEXT) } : {}),
    canonical: page.canonical,
    reach: page.reach.slice(0, MAX_PLATFORMS).map((reach) => ({
      platform: clip(reach.platform, MAX_ID),
      status: reach.status,
      cause: reach.cause === null ? null : clip(reach.cause, MAX_TEXT),
    })),
    findings: page.findings.slice(0, MAX_FINDINGS).map((finding) => ({ id: clip(finding.id, MAX_ID), severity: finding.severity, text: clip(finding.text, MAX_TEXT) })),
    facts:
      page.facts === null
        ? null
        : {
            title: clipOrNull(page.facts.title),
            description: clipOrNull(page.facts.description),
            h1: clipOrNull(page.facts.h1),
            lang: page.facts.lang === null ? null : clip(page.facts.lang, MAX_ID),
            words: page.facts.words,
            appShell: page.facts.appShell,
            structuredData: page.facts.structuredData.slice(0, MAX_TYPES).map((type) => clip(type, MAX_ID)),
            structuredDataErrors: page.facts.structuredDataErrors,
            author: clipOrNull(page.facts.author),
            published: page.facts.published === null ? null : clip(page.facts.published, MAX_ID),
            openGraph: page.facts.openGraph,
          },
  };
  if (byteLength(cut) <= MAX_VERDICT_BYTES) return cut;
  // Only long URLs in the redirect chain and many long texts get here: keep where it is and what is wrong.
  const short: PageVerdict = {
    ...cut,
    finalUrl: cut.finalUrl === null ? null : clip(cut.finalUrl, SHORT_URL),
    redirects: cut.redirects.slice(-1).map((hop) => ({ url: clip(hop.url, SHORT_URL), status: hop.status })),
    ...(cut.error !== undefined ? { error: clip(cut.error, SHORT_TEXT) } : {}),
    reach: cut.reach.map((reach) => ({ ...reach, cause: reach.cause === null ? null : clip(reach.cause, 80) })),
    findings: cut.findings.slice(0, 5).map((finding) => ({ ...finding, text: clip(finding.text, SHORT_TEXT) })),
    facts: null,
  };
  // Ten platforms' causes, five findings and three URLs of the lengths above stay far below the bound; this holds it whatever the counts.
  return byteLength(short) <= MAX_VERDICT_BYTES ? short : { ...short, redirects: [], reach: short.reach.map((reach) => ({ ...reach, cause: null })), findings: short.findings.slice(0, 1) };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function clipOrNull(text: string | null): string | null {
  return text === null ? null : clip(text, MAX_TEXT);
}

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}
