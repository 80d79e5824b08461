import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";

/**
 * The watched domain's pages an answer cites, each joined to its verdict from the latest site-wide scan
 * (issue 31: "every cited page of the domain links to its page verdict"), matched by the URL the scan
 * sampled or the one its redirects ended at, fragments and a trailing slash aside. A page the scan did not
 * sample has no verdict: the page says so rather than guess.
 */

export interface CitedPage {
  url: string;
  verdict: Pick<PageVerdict, "url" | "template" | "verdict" | "findings"> | null;
}

/** Verdicts by the forms of their URLs a citation may use. */
export type VerdictIndex = ReadonlyMap<string, PageVerdict>;

export function verdictIndex(verdicts: readonly PageVerdict[]): VerdictIndex {
  const index = new Map<string, PageVerdict>();
  for (const verdict of verdicts) {
    for (const url of [verdict.url, verdict.finalUrl]) {
      const key = url === null ? null : urlKey(url);
      if (key !== null && !index.has(key)) index.set(key, verdict);
    }
  }
  return index;
}

export function citedPages(urls: readonly string[], index: VerdictIndex): CitedPage[] {
  return urls.map((url) => {
    const key = urlKey(url);
    return { url, verdict: (key === null ? undefined : index.get(key)) ?? null };
  });
}

/** https://Example.com/a/#x and https://example.com/a are one page; the scheme and query are kept. */
function urlKey(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  parsed.hash = "";
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith("/")) parsed.pathname = parsed.pathname.slice(0, -1);
  return parsed.href;
}
