import catalogue from "./ai-crawlers.json";

/**
 * The AI crawlers and agents the visibility scan knows. The catalogue itself is data, in
 * ai-crawlers.json, so it can be reviewed and updated without reading code. `token` is the robots.txt
 * product token (matched case-insensitively, RFC 9309); `userAgent` is what a live probe sends, null for
 * tokens that are robots.txt-only switches with no crawler of their own (Google-Extended,
 * Applebot-Extended); `probe` marks the agents the live probe impersonates (the major ones: probing
 * every agent would multiply the requests a scan sends to one site).
 *
 * Purposes: "search" crawlers build the indexes AI answers cite; "user" agents fetch a page when a person
 * asks an assistant about it; "training" crawlers collect model-training data (blocking them is a choice).
 */

export type CrawlerPurpose = "search" | "user" | "training";

export interface AiCrawler {
  token: string;
  operator: string;
  purpose: CrawlerPurpose;
  probe: boolean;
  userAgent: string | null;
  docs: string | null;
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

/** The agents the live probe fetches the homepage as: the major AI crawlers that have a user agent of their own. */
export function probedCrawlers(): AiCrawler[] {
  return AI_CRAWLERS.filter((entry) => entry.probe && entry.userAgent !== null);
}

/** What the live probe sends as "a browser", to compare the crawlers' answers with. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
