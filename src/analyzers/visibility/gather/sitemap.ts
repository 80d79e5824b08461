import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { SitemapArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** The sitemaps protocol allows 50 MB per file; the first few MB are plenty to judge coverage and freshness. */
export const SITEMAP_MAX_BYTES = 4 * 1024 * 1024;
const SAMPLE_SIZE = 10;

/**
 * GET a sitemap and keep a summary (kind, entries, lastmod coverage, a sample of URLs) rather than the
 * file: sitemaps can be megabytes, and these numbers are all the audits read. Never throws.
 */
export async function gatherSitemap(context: Pick<ScanContext, "fetcher" | "signal">, url: string, source: "robots" | "default"): Promise<SitemapArtifact> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: SITEMAP_MAX_BYTES, headers: { accept: "application/xml,text/xml;q=0.9,*/*;q=0.5" } });
    const summary = summarise(bodyText(response));
    return { ok: true, source, url, status: response.status, contentType: response.headers["content-type"] ?? null, truncated: response.truncated, ...summary };
  } catch (caught) {
    return { ok: false, source, url, error: gatherErrorFrom(caught, url) };
  }
}

export function summarise(xml: string): Pick<Extract<SitemapArtifact, { ok: true }>, "kind" | "entries" | "withLastmod" | "newestLastmod" | "sample"> {
  const head = xml.slice(0, 4096);
  const kind = /<(?:\w+:)?urlset\b/i.test(head) ? "urlset" : /<(?:\w+:)?sitemapindex\b/i.test(head) ? "sitemapindex" : null;
  if (kind === null) return { kind, entries: 0, withLastmod: 0, newestLastmod: null, sample: [] };
  const entryTag = kind === "urlset" ? "url" : "sitemap";
  const entryPattern = new RegExp(`<(?:\\w+:)?${entryTag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${entryTag}\\s*>`, "gi");
  let entries = 0;
  let withLastmod = 0;
  let newest: { text: string; time: number } | null = null;
  const sample: string[] = [];
  for (let match = entryPattern.exec(xml); match; match = entryPattern.exec(xml)) {
    entries++;
    const body = match[1]!;
    const loc = /<(?:\w+:)?loc>\s*([\s\S]*?)\s*<\/(?:\w+:)?loc>/i.exec(body)?.[1];
    if (loc && sample.length < SAMPLE_SIZE) sample.push(loc.replace(/&amp;/g, "&").replace(/<!\[CDATA\[|\]\]>/g, "").trim());
    const lastmod = /<(?:\w+:)?lastmod>\s*([^<]*?)\s*<\/(?:\w+:)?lastmod>/i.exec(body)?.[1];
    if (!lastmod) continue;
    const time = Date.parse(lastmod);
    if (Number.isNaN(time)) continue;
    withLastmod++;
    if (!newest || time > newest.time) newest = { text: lastmod, time };
  }
  return { kind, entries, withLastmod, newestLastmod: newest?.text ?? null, sample };
}
