import { comparablePattern } from "./robots-encoding.ts";
import { type RobotsGroups, groupHeading } from "./robots-groups.ts";

/**
 * Why we keep robots-parser and rewrite its input: it matches paths the way Google's parser does
 * (wildcards, `$`, longest match, Allow on a tie) and merges groups that name the same agent, which is
 * the hard part to get right. Its reading of the file's structure is what falls short of RFC 9309:
 * a Sitemap, Crawl-delay or unknown line ends a group, a User-agent value with several tokens becomes
 * one agent named "gptbot claudebot", and a last group with no rules falls back to `*`. So the groups are
 * read by robots-groups.ts and written out again in a form it cannot misread: one token per User-agent
 * line, then the group's rules (encoded as robots-encoding.ts spells paths), then Crawl-delay; Sitemap
 * lines last. `sources` maps each line of that text back to the site's line and group, for evidence.
 */
export interface ParserInput {
  text: string;
  /** For each line of `text` (index = line - 1): the robots.txt line and group it came from. */
  sources: ({ line: number; group: string } | null)[];
}

export function parserInput(parsed: RobotsGroups): ParserInput {
  const lines: string[] = [];
  const sources: ParserInput["sources"] = [];
  const emit = (text: string, source: { line: number; group: string } | null = null) => {
    lines.push(text);
    sources.push(source);
  };
  for (const group of parsed.groups) {
    const agents = group.agentLines.flatMap((agentLine) => agentLine.agents.map((agent) => ({ agent, line: agentLine.line })));
    // A group whose user-agent lines name no product token applies to no one; written out, its rules
    // would join the previous group.
    if (agents.length === 0) continue;
    const heading = groupHeading(group);
    for (const { agent, line } of agents) emit(`User-agent: ${agent}`, { line, group: heading });
    for (const rule of group.rules) emit(`${rule.allow ? "Allow" : "Disallow"}: ${comparablePattern(rule.pattern)}`, { line: rule.line, group: heading });
    // An empty rule still makes the group the agents' own: a named group without rules allows
    // everything rather than deferring to `*` (RFC 9309 §2.1, the last group "implicitly allows everything").
    if (group.rules.length === 0) emit("Disallow:");
    if (group.crawlDelay) emit(`Crawl-delay: ${group.crawlDelay.value}`, { line: group.crawlDelay.line, group: heading });
    emit("");
  }
  for (const sitemap of parsed.sitemaps) emit(`Sitemap: ${sitemap.url}`, { line: sitemap.line, group: "" });
  return { text: lines.join("\n"), sources };
}
