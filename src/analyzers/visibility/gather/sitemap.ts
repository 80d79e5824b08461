import type { ScanContext } from "../../analyzer.ts";
import type { ChildSitemapArtifact, SitemapArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";
import { type SitemapBody, sitemapBody } from "./sitemap-body.ts";
import { summariseSitemap } from "./sitemap-summary.ts";

/**
 * The sitemaps protocol allows 50 MB per file; the first few MB are plenty to judge coverage and freshness.
 * A gzipped sitemap is capped twice at this size: the compressed bytes fetched, and the text they inflate to.
 */
export const SITEMAP_MAX_BYTES = 4 * 1024 * 1024;

/**
 * GET a sitemap and keep a summary (kind, entries, lastmod coverage, a sample of URLs) rather than the
 * file: sitemaps can be megabytes, and these numbers are all the audits read. Never throws.
 */
export async function gatherSitemap(context: Pick<ScanContext, "fetcher" | "signal">, url: string, source: "robots" | "default"): Promise<SitemapArtifact> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: SITEMAP_MAX_BYTES, headers: { accept: "application/xml,text/xml;q=0.9,*/*;q=0.5" } });
    const body = await sitemapBody(response, SITEMAP_MAX_BYTES);
    return { ok: true, source, url, status: response.status, contentType: response.headers["content-type"] ?? null, ...bodyFields(body), ...summariseSitemap(body.text) };
  } catch (caught) {
    return { ok: false, source, url, error: gatherErrorFrom(caught, url) };
  }
}

/** How many child sitemaps of an index are read: enough to measure lastmod coverage, few enough to stay light. */
export const CHILD_SITEMAPS_READ = 3;
/** Each child sitemap is read up to this size: three of them must not outweigh the rest of the scan. */
export const CHILD_SITEMAP_MAX_BYTES = 2 * 1024 * 1024;

/**
 * When the sitemap is an index, GETs its first few child sitemaps (in parallel, through the scan's
 * per-site fetcher, each byte-capped) so that lastmod coverage is measured over pages rather than over
 * the index's own entries. Only children on the index's host (or its www. twin) are read: the index is
 * the site's own statement, not a list of URLs for the scanner to visit anywhere. Never throws.
 */
export async function withChildSitemaps(context: Pick<ScanContext, "fetcher" | "signal">, sitemap: SitemapArtifact): Promise<SitemapArtifact> {
  if (!sitemap.ok || sitemap.status !== 200 || sitemap.kind !== "sitemapindex") return sitemap;
  const children = childSitemapUrls(sitemap.sample, sitemap.url);
  if (children.length === 0) return sitemap;
  return { ...sitemap, children: await Promise.all(children.map((url) => gatherChildSitemap(context, url))) };
}

/** The first child sitemaps an index lists that live on its own host (or its www. twin), without repeats. */
export function childSitemapUrls(locs: string[], indexUrl: string, limit: number = CHILD_SITEMAPS_READ): string[] {
  const host = new URL(indexUrl).hostname;
  const sameSite = (other: string) => other === host || other === `www.${host}` || `www.${other}` === host;
  const urls = locs
    .filter((loc) => URL.canParse(loc, indexUrl))
    .map((loc) => new URL(loc, indexUrl))
    .filter((url) => /^https?:$/.test(url.protocol) && sameSite(url.hostname))
    .map((url) => url.href);
  return [...new Set(urls)].slice(0, limit);
}

async function gatherChildSitemap(context: Pick<ScanContext, "fetcher" | "signal">, url: string): Promise<ChildSitemapArtifact> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: CHILD_SITEMAP_MAX_BYTES, headers: { accept: "application/xml,text/xml;q=0.9,*/*;q=0.5" } });
    if (response.status !== 200) {
      return { ok: true, url, status: response.status, contentType: response.headers["content-type"] ?? null, truncated: response.truncated, kind: null, entries: 0, withLastmod: 0, newestLastmod: null, sample: [] };
    }
    const body = await sitemapBody(response, CHILD_SITEMAP_MAX_BYTES);
    return { ok: true, url, status: response.status, contentType: response.headers["content-type"] ?? null, ...bodyFields(body), ...summariseSitemap(body.text) };
  } catch (caught) {
    return { ok: false, url, error: gatherErrorFrom(caught, url) };
  }
}

/** The artifact fields that say how the body was read; gzip ones only for gzip files, so plain artifacts keep their shape. */
function bodyFields(body: SitemapBody): { truncated: boolean; gzipped?: true; decodeError?: string } {
  if (!body.gzipped) return { truncated: body.truncated };
  return { truncated: body.truncated, gzipped: true, ...(body.decodeError !== undefined ? { decodeError: body.decodeError } : {}) };
}

/** The page URLs a sitemap showed: its own entries, or for an index those of the children read. */
export function sitemapPageUrls(sitemap: SitemapArtifact): string[] {
  if (!sitemap.ok || sitemap.status !== 200) return [];
  if (sitemap.kind === "urlset") return sitemap.sample;
  return (sitemap.children ?? []).flatMap((child) => (child.ok && child.kind === "urlset" ? child.sample : []));
}
