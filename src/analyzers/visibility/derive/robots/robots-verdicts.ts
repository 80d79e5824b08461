import type { AiCrawler } from "../../crawlers.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { agentTokens } from "./robots-groups.ts";
import { type CrawlerVerdict, type MatchedRule, type RobotsPolicy, homepagePath, verdictFor } from "./robots-policy.ts";

/** Crawlers blocked by the same robots.txt rule, so a detail can name the rule once and the crawlers after it. */
export interface BlockingRule {
  rule: MatchedRule;
  tokens: string[];
}

export function verdictsFor(policy: Extract<RobotsPolicy, { kind: "rules" }>, artifacts: Artifacts, crawlers: AiCrawler[]): CrawlerVerdict[] {
  const path = homepagePath(artifacts);
  return crawlers.map((crawler) => verdictFor(policy, crawler.token, path));
}

export function blockingRules(verdicts: CrawlerVerdict[]): BlockingRule[] {
  const byLine = new Map<number, BlockingRule>();
  for (const verdict of verdicts) {
    if (verdict.allowed || !verdict.rule) continue;
    const entry = byLine.get(verdict.rule.line) ?? { rule: verdict.rule, tokens: [] };
    entry.tokens.push(verdict.token);
    byLine.set(verdict.rule.line, entry);
  }
  return [...byLine.values()];
}

/** "group `User-agent: *`, line 2 `Disallow: /` blocks OAI-SearchBot, ChatGPT-User" */
export function describeBlockingRule(blocking: BlockingRule): string {
  return `group \`${blocking.rule.group}\`, line ${blocking.rule.line} \`${blocking.rule.text}\` blocks ${blocking.tokens.join(", ")}`;
}

/** True when the group that decided the crawler's access names the crawler itself rather than `*` (read as the policy reads User-agent values). */
export function namedInOwnGroup(blocking: BlockingRule, token: string): boolean {
  return blocking.rule.group
    .split(" / ")
    .some((line) => agentTokens(line.slice("User-agent:".length).trim()).some((agent) => agent.toLowerCase() === token.toLowerCase()));
}
