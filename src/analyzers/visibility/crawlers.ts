import catalogue from "./ai-crawlers.json";

/**
 * The AI crawlers and agents the visibility scan knows. The catalogue itself is data, in
 * ai-crawlers.json, so it can be reviewed and updated without reading code. `token` is the robots.txt
 * product token (matched case-insensitively, RFC 9309); `userAgent` is what a live probe sends, null for
 * control tokens, which are robots.txt-only switches with no crawler of their own (Google-Extended,
 * Applebot-Extended); `probe` marks the agents the live probe impersonates: one or two per AI platform
 * (ai-platforms.json), never training crawlers, so a scan sends a dozen probes, not one per token.
 *
 * Purposes (roles): "search" crawlers build the indexes AI answers cite (the classic search crawlers
 * count where a platform answers from a search index: Googlebot, Bingbot); "user" agents are on-demand
 * fetchers that read a page when a person asks an assistant about it; "training" crawlers collect
 * model-training data (blocking them is the site's choice and never costs points).
 */

export type CrawlerPurpose = "search" | "user" | "training";

/** Page-level directives (meta robots, X-Robots-Tag) an agent is documented to honour. */
export type HonouredDirective = "noindex" | "nosnippet" | "max-snippet" | "noarchive";

export interface AiCrawler {
  token: string;
  operator: string;
  purpose: CrawlerPurpose;
  /** A robots.txt switch read by another crawler (Google-Extended is read by Googlebot), not a fetcher. */
  controlToken: boolean;
  probe: boolean;
  userAgent: string | null;
  /** True for the crawlers that render JavaScript before indexing; the rest read the raw HTML only. */
  rendersJavaScript: boolean;
  honours: HonouredDirective[];
  docs: string | null;
  note?: string;
}

export const AI_CRAWLERS: readonly AiCrawler[] = catalogue as AiCrawler[];

export function crawlersFor(...purposes: CrawlerPurpose[]): AiCrawler[] {
  return AI_CRAWLERS.filter((crawler) => purposes.includes(crawler.purpose));
}

/** The catalogue entry of a token; throws on a token the catalogue does not know, so a typo cannot hide. */
export function crawler(token: string): AiCrawler {
  const found = AI_CRAWLERS.find((entry) => entry.token.toLowerCase() === token.toLowerCase());
  if (!found) throw new Error(`${token} is not in the AI crawler catalogue (ai-crawlers.json).`);
  return found;
}

/** The catalogue entry of a token, or null for names the catalogue does not know (e.g. a meta tag for another crawler). */
export function knownCrawler(token: string): AiCrawler | null {
  return AI_CRAWLERS.find((entry) => entry.token.toLowerCase() === token.toLowerCase()) ?? null;
}

/** The agents the live probe fetches the homepage as: the AI platforms' crawlers and fetchers that have a user agent of their own. */
export function probedCrawlers(): AiCrawler[] {
  return AI_CRAWLERS.filter((entry) => entry.probe && entry.userAgent !== null);
}

/** What the live probe sends as "a browser", to compare the crawlers' answers with. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
