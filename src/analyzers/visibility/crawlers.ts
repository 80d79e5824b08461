import catalogue from "./ai-crawlers.json";

/**
 * The AI crawlers and agents the visibility scan knows. The catalogue itself is data, in
 * ai-crawlers.json, so it can be reviewed and updated without reading code; each entry carries the page
 * it was checked against (`docs`) and the day (`checked`), and no entry may be older than the catalogue's
 * `reviewed` date (a test holds it). `token` is the robots.txt product token (matched case-insensitively,
 * RFC 9309); `userAgent` is what a live probe sends, null for control tokens, which are robots.txt-only
 * switches with no crawler of their own (Google-Extended, Applebot-Extended), and for tokens no crawler
 * uses today; `probe` marks the agents the live probe impersonates: the index crawlers and fetchers of
 * every AI platform that matter most (ai-platforms.json), never training crawlers.
 *
 * Purposes (roles): "search" crawlers build the indexes AI answers cite (the classic search crawlers
 * count where a platform answers from a search index: Googlebot, Bingbot); "user" agents are on-demand
 * fetchers that read a page when a person asks an assistant about it; "training" crawlers collect
 * model-training data (blocking them is the site's choice and never costs points); "agent" marks agents
 * that browse and act for a person (Google-Agent), which feed no answer engine's reach.
 */

export type CrawlerPurpose = "search" | "user" | "training" | "agent";

/** Page-level directives (meta robots, X-Robots-Tag) an agent is documented to honour. */
export type HonouredDirective = "noindex" | "nosnippet" | "max-snippet" | "noarchive";

/**
 * How the vendor says the agent treats robots.txt: "honours" it; it "may-not-apply" (OpenAI's words for
 * ChatGPT-User) or the agent "generally-ignores" it (user-triggered fetchers); "unverified" when the
 * vendor's page could not be read to say.
 */
export type RobotsRule = "honours" | "may-not-apply" | "generally-ignores" | "unverified";

/**
 * What the agent does when robots.txt answers 5xx or cannot be fetched: "rfc-9309" (assume everything is
 * disallowed, RFC 9309 §2.3.1.3), "crawls-on" (Amazonbot: as if there were no robots.txt), "unverified".
 */
export type WhenUnavailable = "rfc-9309" | "crawls-on" | "unverified";

/** "active": documented today; "legacy": retired by its vendor; "never-existed": circulates in block lists, no crawler uses it. */
export type TokenStatus = "active" | "legacy" | "never-existed";

export interface AiCrawler {
  token: string;
  operator: string;
  /** The ai-platforms.json id the agent serves, or null (Common Crawl, ByteDance, retired tokens). */
  platform: string | null;
  purpose: CrawlerPurpose;
  status: TokenStatus;
  /** A robots.txt switch read by another crawler (Google-Extended is read by Googlebot), not a fetcher. */
  controlToken: boolean;
  probe: boolean;
  userAgent: string | null;
  /** True for the crawlers that render JavaScript before indexing; the rest read the raw HTML only. */
  rendersJavaScript: boolean;
  honours: HonouredDirective[];
  robotsTxt: { rule: RobotsRule; words: string; whenUnavailable: WhenUnavailable };
  /** The vendor's published list of the agent's IP addresses, or null when none is published. */
  ipList: string | null;
  /** "yes" when the vendor documents that the agent signs its requests (Web Bot Auth, HTTP Message Signatures). */
  signs: "yes" | "not-documented";
  signsNote?: string;
  /** The page the entry was checked against. */
  docs: string;
  /** The day the entry was last checked against `docs` (YYYY-MM-DD). */
  checked: string;
  note?: string;
}

/** The day the catalogue as a whole was last reviewed against the vendors' pages. */
export const CATALOGUE_REVIEWED: string = catalogue.reviewed;

/** Every entry, retired and never-existing tokens included, so that a robots.txt naming them can be recognised. */
export const ALL_CRAWLER_TOKENS: readonly AiCrawler[] = catalogue.agents as AiCrawler[];

/** The agents in use today: the ones verdicts, probes and reach are about. */
export const AI_CRAWLERS: readonly AiCrawler[] = ALL_CRAWLER_TOKENS.filter((entry) => entry.status === "active");

export function crawlersFor(...purposes: CrawlerPurpose[]): AiCrawler[] {
  return AI_CRAWLERS.filter((crawler) => purposes.includes(crawler.purpose));
}

/** The catalogue entry of a token; throws on a token the catalogue does not know, so a typo cannot hide. */
export function crawler(token: string): AiCrawler {
  const found = ALL_CRAWLER_TOKENS.find((entry) => entry.token.toLowerCase() === token.toLowerCase());
  if (!found) throw new Error(`${token} is not in the AI crawler catalogue (ai-crawlers.json).`);
  return found;
}

/** The catalogue entry of a token, or null for names the catalogue does not know (e.g. a meta tag for another crawler). */
export function knownCrawler(token: string): AiCrawler | null {
  return ALL_CRAWLER_TOKENS.find((entry) => entry.token.toLowerCase() === token.toLowerCase()) ?? null;
}

/** The agents the live probe fetches the homepage as: the AI platforms' crawlers and fetchers that have a user agent of their own. */
export function probedCrawlers(): AiCrawler[] {
  return AI_CRAWLERS.filter((entry) => entry.probe && entry.userAgent !== null);
}

/**
 * Whether a robots.txt rule binds the agent, by the vendor's own words: a block on ChatGPT-User or
 * Perplexity-User is a request the fetcher may not honour, not a wall.
 */
export function bindsAgent(agent: AiCrawler): boolean {
  return agent.robotsTxt.rule === "honours" || agent.robotsTxt.rule === "unverified";
}

/** What the live probe sends as "a browser", to compare the crawlers' answers with. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
