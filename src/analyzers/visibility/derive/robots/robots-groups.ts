/**
 * robots.txt read into groups as RFC 9309 §2.1 defines them: one or more user-agent lines, then the rules
 * that follow, until the next user-agent line that comes after a rule. Where the RFC and Google's parser
 * (github.com/google/robotstxt) leave a choice, the choice is written next to the code that makes it.
 */

export interface RobotsRule {
  /** 1-based line number in robots.txt. */
  line: number;
  allow: boolean;
  /** As written; empty for `Disallow:`, which matches nothing. */
  pattern: string;
}

export interface AgentLine {
  line: number;
  /** The value as written, e.g. "GPTBot" or "GPTBot ClaudeBot". */
  value: string;
  /** The product tokens it names: ["GPTBot"], ["GPTBot", "ClaudeBot"], ["*"]. */
  agents: string[];
}

/** A record RFC 9309 leaves to extensions (Content-Signal, Content-Usage, License), as written. */
export interface RobotsRecord {
  line: number;
  /** Lower-cased. */
  key: string;
  value: string;
}

export interface RobotsGroup {
  agentLines: AgentLine[];
  rules: RobotsRule[];
  crawlDelay: { line: number; value: string } | null;
  /** Other records inside the group, in order (the usage-policy resolver reads them). */
  records: RobotsRecord[];
}

export interface RobotsGroups {
  groups: RobotsGroup[];
  sitemaps: { line: number; url: string }[];
  /** Other records before the first group, which belong to no group (RSL's `License:` is usually one). */
  looseRecords: RobotsRecord[];
}

/** The groups and sitemaps of robots.txt, split into lines already. */
export function robotsGroups(lines: readonly string[]): RobotsGroups {
  const groups: RobotsGroup[] = [];
  const sitemaps: RobotsGroups["sitemaps"] = [];
  const looseRecords: RobotsRecord[] = [];
  let current: RobotsGroup | null = null;
  lines.forEach((text, index) => {
    const record = recordOf(text);
    if (!record) return;
    const line = index + 1;
    switch (record.key) {
      case "user-agent":
        if (!current || current.rules.length > 0) {
          current = { agentLines: [], rules: [], crawlDelay: null, records: [] };
          groups.push(current);
        }
        current.agentLines.push({ line, value: record.value, agents: agentTokens(record.value) });
        break;
      case "allow":
      case "disallow":
        // Rules before the first user-agent line belong to no group and are ignored (RFC 9309 §2.2.2).
        current?.rules.push({ line, allow: record.key === "allow", pattern: record.value });
        break;
      case "sitemap":
        if (record.value) sitemaps.push({ line, url: record.value });
        break;
      case "crawl-delay":
        if (current && !current.crawlDelay) current.crawlDelay = { line, value: record.value };
        break;
      default:
        // Any other record (Host, Clean-param, Content-Signal, typos) sets no rule and, like Sitemap and
        // Crawl-delay, does not end a group: RFC 9309 §2.2.4 says other records must not interfere with the groups.
        (current ? current.records : looseRecords).push({ line, key: record.key, value: record.value });
    }
  });
  return { groups, sitemaps, looseRecords };
}

/**
 * `key: value` with the comment removed, the key lower-cased; null for blank lines, comments and lines
 * without a colon. RFC 9309's grammar requires the colon. Google's parser also accepts `Disallow /x`
 * (two words and no colon) and misspelt keys such as `Dissallow`; other crawlers are not known to, so
 * we judge by the standard and such lines set no rule.
 */
function recordOf(text: string): { key: string; value: string } | null {
  const content = text.replace(/#.*/, "");
  const colon = content.indexOf(":");
  if (colon < 0) return null;
  const key = content.slice(0, colon).trim().toLowerCase();
  return key ? { key, value: content.slice(colon + 1).trim() } : null;
}

/** A product token, optionally with a version as in HTTP (`GPTBot/1.1`); digits allowed, as in `img2dataset`. */
const PRODUCT = /^[A-Za-z0-9_-]+(?:\/[\w.-]*)?$/;

/**
 * The agents a User-agent value names, matched case-insensitively by their product token.
 *
 * RFC 9309 §2.2.1 allows one product token per line, and Google's parser reads only the leading run of
 * letters, `-` and `_` (ExtractUserAgent), so for Google `User-agent: GPTBot ClaudeBot` is a GPTBot line.
 * Yet the site plainly meant both, and the original robots.txt draft (draft-koster-robots-00 §3.2.1,
 * 1996) matched a robot whose name is a substring of the User-agent value, which names both too. A
 * value that is a list of product tokens (separated by spaces or commas) therefore names each of them;
 * policies report such lines so an audit can advise one token per line, which every parser reads alike.
 * Any other value names its leading product token, as Google reads it: `Googlebot/2.1 (+http://…)`
 * names Googlebot; `* ` followed by anything names every agent.
 */
export function agentTokens(value: string): string[] {
  if (/^\*(?:\s|$)/.test(value)) return ["*"];
  const words = value.split(/[\s,]+/).filter(Boolean);
  if (words.length > 1 && words.every((word) => PRODUCT.test(word))) return [...new Set(words.map(productName))];
  const lead = /^[A-Za-z0-9_-]+/.exec(value)?.[0];
  return lead ? [lead] : [];
}

function productName(word: string): string {
  return word.split("/")[0]!;
}

/** User-agent lines that name more than one agent, which only some parsers read as all of them. */
export function multiAgentLines(groups: RobotsGroups): AgentLine[] {
  return groups.groups.flatMap((group) => group.agentLines).filter((line) => line.agents.length > 1);
}

/** "User-agent: GPTBot / User-agent: CCBot": how evidence names a group. */
export function groupHeading(group: RobotsGroup): string {
  return group.agentLines.map((agentLine) => `User-agent: ${agentLine.value}`).join(" / ") || "(no user-agent line)";
}
