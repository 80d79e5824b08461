import robotsParser from "robots-parser";
import { comparablePath, comparablePattern } from "./robots-encoding.ts";
import { type RobotsGroup, robotsGroups } from "./robots-groups.ts";
import type { RobotsPolicy } from "./robots-policy.ts";

/**
 * The site's own robots.txt, changed so that the given agents may fetch the homepage and nothing else
 * changes (RFC 9309): every other agent keeps the groups it had, Sitemap lines and comments stay, and the
 * agents let in keep every rule the site gave them except the ones that kept them off the homepage.
 *
 * How, given that a crawler obeys only the groups that name it (merged when several do) or else the `*`
 * groups: each agent is taken out of the groups that name it (a group left naming no one is removed with its
 * rules) and given a group of its own, holding the rules it obeyed before (its merged groups', or `*`'s when
 * none named it) less those that decided against the homepage, with its Crawl-delay and other records; a
 * group with no rule left says `Allow: /`, since a group without rules would join the User-agent lines that
 * follow it. Agents whose new groups are the same share one. When nothing but those groups is added, they are
 * lines to append; otherwise the fix is the whole file.
 */
export interface RobotsUnblock {
  placement: "lines" | "file";
  /** The lines to append, or the whole changed file. */
  code: string;
  /** What changes, in words: "line 4 `User-agent: PerplexityBot` (group …) is removed", "a group for … is added". */
  changes: string[];
}

/** Beyond this, the changed file is too long to offer as a block to paste; the fix says the change in words. */
export const UNBLOCK_MAX_CHARS = 32 * 1024;

type RulesPolicy = Extract<RobotsPolicy, { kind: "rules" }>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** null when the file was cut at the scan's cap (the rest is unknown) or nothing needs to change. */
export function robotsUnblock(policy: RulesPolicy, tokens: readonly string[], path: string): RobotsUnblock | null {
  if (policy.truncated || tokens.length === 0) return null;
  const lines = policy.lines;
  const parsed = robotsGroups(lines);
  const agents = [...new Map(tokens.map((token) => [token.toLowerCase(), token])).values()];
  const names = (group: RobotsGroup, token: string) => group.agentLines.some((agentLine) => agentLine.agents.some((agent) => same(agent, token)));
  const raw = (line: number) => lines[line - 1]!.trim();

  // Each agent's new group: the rules it obeyed, less those that kept it off the homepage.
  const bodies = new Map<string, string[]>();
  for (const token of agents) {
    const own = parsed.groups.filter((group) => names(group, token));
    const obeyed = own.length > 0 ? own : parsed.groups.filter((group) => names(group, "*"));
    const rules = lifted(obeyed.flatMap((group) => group.rules), policy.url, path);
    const records = obeyed.flatMap((group) => [...(group.crawlDelay ? [group.crawlDelay.line] : []), ...group.records.map((record) => record.line)]).sort((a, b) => a - b);
    const body = [...(rules.length === 0 ? ["Allow: /"] : rules.map((rule) => raw(rule.line))), ...records.map(raw)];
    const key = body.join("\n");
    bodies.set(key, [...(bodies.get(key) ?? []), token]);
  }

  // Take the agents out of the groups that name them.
  const changes: string[] = [];
  const replaced = new Map<number, string | null>();
  for (const group of parsed.groups) {
    if (!agents.some((token) => names(group, token))) continue;
    let left = 0;
    for (const agentLine of group.agentLines) {
      const keep = agentLine.agents.filter((agent) => !agents.some((token) => same(agent, token)));
      left += keep.length;
      if (keep.length === agentLine.agents.length) continue;
      if (keep.length === 0) {
        replaced.set(agentLine.line, null);
        changes.push(`delete line ${agentLine.line} \`${raw(agentLine.line)}\``);
      } else {
        const text = `User-agent: ${agentLine.value.split(/[\s,]+/).filter((word) => keep.some((agent) => same(word.split("/")[0]!, agent))).join(" ")}`;
        replaced.set(agentLine.line, text);
        changes.push(`change line ${agentLine.line} \`${raw(agentLine.line)}\` to \`${text}\``);
      }
    }
    if (left > 0) continue;
    // A group left naming no one: its rules would join the group before it.
    const members = [...group.rules.map((rule) => rule.line), ...(group.crawlDelay ? [group.crawlDelay.line] : []), ...group.records.map((record) => record.line)].sort((a, b) => a - b);
    for (const line of members) replaced.set(line, null);
    if (members.length > 0) changes.push(`delete ${members.length === 1 ? `line ${members[0]}` : `lines ${members.join(", ")}`}, the rules of that group (${members.map((line) => `\`${raw(line)}\``).join(", ")})`);
  }

  const added = [...bodies].map(([body, group]) => `${group.map((token) => `User-agent: ${token}`).join("\n")}\n${body}`);
  changes.push(`add ${added.length === 1 ? "a group" : "groups"} for ${agents.join(", ")} with the rules ${agents.length === 1 ? "it" : "they"} had, less those that kept ${agents.length === 1 ? "it" : "them"} off the homepage`);
  const kept = lines.flatMap((text, index) => {
    const change = replaced.get(index + 1);
    return change === undefined ? [text] : change === null ? [] : [change];
  });
  // A last group without rules would take the added User-agent lines as its own: the groups go before it.
  const last = robotsGroups(kept).groups.at(-1);
  const before = last && last.rules.length === 0 && last.agentLines.length > 0 ? last.agentLines[0]!.line - 1 : kept.length;
  const addition = added.join("\n\n");
  if (replaced.size === 0 && before === kept.length) return { placement: "lines", code: addition, changes };
  const head = kept.slice(0, before).join("\n").replace(/\s+$/, "");
  const tail = kept.slice(before).join("\n").replace(/\s+$/, "");
  // Lines left blank where a group was removed are not carried into the file's start or into runs of blanks.
  const code = [head, addition, tail].filter((part) => part !== "").join("\n\n").replace(/^\s*\n/, "").replace(/\n{3,}/g, "\n\n");
  return { placement: "file", code, changes };
}

/**
 * The rules less those that decide against the path, as the crawler would find them one after another (the
 * longest match decides, Allow on a tie): the matching rules from the longest down, each Disallow dropped,
 * until an Allow (or none) is left to decide. When `Disallow: /` goes, a `Disallow: /$` may be what decides next.
 * One parse per rule, so a file of many rules costs time in proportion to it.
 */
function lifted<T extends { allow: boolean; pattern: string }>(rules: T[], url: string, path: string): T[] {
  const target = `${new URL(url).origin}${comparablePath(path.startsWith("/") ? path : `/${path}`)}`;
  const matching = rules
    .map((rule) => ({ rule, length: comparablePattern(rule.pattern).length }))
    .filter(({ rule }) => rule.pattern !== "" && robotsParser(url, `User-agent: unblock\nDisallow: ${comparablePattern(rule.pattern)}`).isAllowed(target, "unblock") === false)
    .sort((a, b) => b.length - a.length || Number(b.rule.allow) - Number(a.rule.allow));
  const allowLengths = new Set(matching.filter(({ rule }) => rule.allow).map(({ length }) => length));
  const dropped = new Set<T>();
  for (const { rule, length } of matching) {
    if (rule.allow) break;
    // An Allow as long as this Disallow wins the tie: it decides, and the Disallow can stay.
    if (allowLengths.has(length)) break;
    dropped.add(rule);
  }
  return rules.filter((rule) => !dropped.has(rule));
}
