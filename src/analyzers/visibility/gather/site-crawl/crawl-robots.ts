import { mayFetch, robotsTxtPolicy } from "../../derive/robots/robots-policy.ts";
import { robotsGroups } from "../../derive/robots/robots-groups.ts";
import type { RobotsTxtArtifact } from "../artifacts.ts";

/** sightline's product token: its User-Agent is "Mozilla/5.0 (compatible; sightline/<version>; +<url>)" (net/safe-fetch.ts). */
export const SIGHTLINE_TOKEN = "sightline";

/**
 * The longest Crawl-delay the crawl waits between requests, in seconds. A site asking for more is crawled
 * at this spacing (one request at a time) and the artifact says what was applied: at 5 s, a 10-page scan
 * takes about 45 s, near the scan's default 60 s deadline, so a longer wait would only end in a cut.
 * Crawl-delay is not in RFC 9309; Bing and Yandex read it as seconds between requests, as we do.
 */
export const CRAWL_DELAY_MAX_SECONDS = 5;

export interface CrawlRobots {
  /** The group that speaks to sightline: "sightline" when one names it, "*" otherwise, null when none does (or no rules were read). */
  group: string | null;
  /** The Crawl-delay of that group, capped at CRAWL_DELAY_MAX_SECONDS; null when it sets none. */
  crawlDelaySeconds: number | null;
  /** May sightline fetch this URL? RFC 9309's readings of a missing (allow) or failing (disallow) robots.txt included. */
  allows(url: string): boolean;
}

/** What robots.txt asks of sightline's own crawler (its own group if present, else `*`). */
export function crawlRobots(robotsTxt: RobotsTxtArtifact): CrawlRobots {
  const policy = robotsTxtPolicy(robotsTxt);
  const allows = (url: string) => {
    const parsed = new URL(url);
    // Unknown (robots.txt not read) does not stop the crawl: the scan only crawls a site it reached.
    return mayFetch(policy, SIGHTLINE_TOKEN, `${parsed.pathname}${parsed.search}`) !== false;
  };
  if (policy.kind !== "rules") return { group: null, crawlDelaySeconds: null, allows };
  const groups = robotsGroups(policy.lines).groups;
  const naming = (token: string) => groups.filter((group) => group.agentLines.some((line) => line.agents.some((agent) => agent.toLowerCase() === token)));
  const own = naming(SIGHTLINE_TOKEN);
  const applying = own.length > 0 ? own : naming("*");
  const group = own.length > 0 ? SIGHTLINE_TOKEN : applying.length > 0 ? "*" : null;
  const delay = applying.map((entry) => Number(entry.crawlDelay?.value)).find((value) => Number.isFinite(value) && value > 0);
  return { group, crawlDelaySeconds: delay === undefined ? null : Math.min(delay, CRAWL_DELAY_MAX_SECONDS), allows };
}
