import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import { announcedFeeds } from "../derive/announced-feeds.ts";
import { readableHomepageOf } from "../derive/homepage-document.ts";
import type { FeedArtifact, HomepageArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** Enough of a feed to see its root element and count the items near its start; a full-content feed can be megabytes. */
export const FEED_MAX_BYTES = 256 * 1024;

/**
 * The first feed the homepage announces, fetched once so that the feed audit judges what the link leads
 * to, not that a link exists. Undefined when the homepage announces none (or is not a readable page).
 * Never throws.
 */
export async function gatherFeed(context: Pick<ScanContext, "fetcher" | "signal">, homepage: HomepageArtifact): Promise<FeedArtifact | undefined> {
  const readable = readableHomepageOf(homepage);
  if (!readable.ok) return undefined;
  const announced = announcedFeeds(readable.document, readable.response.finalUrl).find((feed) => feed.url !== null);
  if (!announced) return undefined;
  const url = announced.url!;
  try {
    const response = await context.fetcher.fetch(url, {
      signal: context.signal,
      maxBytes: FEED_MAX_BYTES,
      headers: { accept: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.5" },
    });
    const text = bodyText(response);
    return {
      url,
      ok: true,
      status: response.status,
      finalUrl: response.finalUrl,
      contentType: response.headers["content-type"] ?? null,
      truncated: response.truncated,
      ...feedShape(text),
    };
  } catch (caught) {
    return { url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}

/** What the body is: RSS (2.0 or 1.0 RDF), Atom, JSON Feed or none of them, with the items seen and how it starts. */
export function feedShape(text: string): { kind: "rss" | "atom" | "json" | null; items: number; start: string } {
  const body = text.replace(/^\uFEFF/, "");
  const start = body.trimStart().slice(0, 80).replace(/\s+/g, " ");
  const root = rootElement(body);
  if (root === "rss" || root === "rdf:rdf") return { kind: "rss", items: count(body, /<item[\s>]/gi), start };
  if (root === "feed") return { kind: "atom", items: count(body, /<entry[\s>]/gi), start };
  if (root === null && /^\s*\{/.test(body) && /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//.test(body.slice(0, 4096))) {
    return { kind: "json", items: jsonFeedItems(body), start };
  }
  return { kind: null, items: 0, start };
}

/** The first element's name, after the XML declaration, comments, processing instructions and a doctype; null when the text is not XML. */
function rootElement(text: string): string | null {
  const match = /^\s*(?:<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<([A-Za-z][\w:.-]*)/.exec(text.slice(0, 8192));
  return match ? match[1]!.toLowerCase() : null;
}

/** The items of a JSON Feed; a feed cut at the byte cap does not parse, and then counts as having some when it lists any. */
function jsonFeedItems(text: string): number {
  try {
    const parsed: unknown = JSON.parse(text);
    const items = typeof parsed === "object" && parsed !== null && "items" in parsed ? parsed.items : null;
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return /"items"\s*:\s*\[\s*\{/.test(text) ? 1 : 0;
  }
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
