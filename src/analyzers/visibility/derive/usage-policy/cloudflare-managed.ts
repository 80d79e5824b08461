import robotsParser from "robots-parser";
import { comparablePath } from "../robots/robots-encoding.ts";
import { type RobotsGroup, robotsGroups } from "../robots/robots-groups.ts";
import { parserInput } from "../robots/robots-parser-input.ts";

/**
 * Cloudflare's managed robots.txt (developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/):
 * Cloudflare puts its own block before the site's file, between `# BEGIN Cloudflare Managed content` and
 * `# END Cloudflare Managed Content`, under a preamble that declares Content Signals ("As a condition of
 * accessing this website, you agree to abide by the following content signals"). The block holds a
 * `Content-Signal` line in the `User-agent: *` group and can add `Disallow: /` for the AI crawlers
 * Cloudflare lists. Those groups merge with the site's own groups for the same agents (RFC 9309 §2.2.1),
 * so the block can override what the site's own file said: each overridden agent is named with the
 * site's own rule.
 */

export interface ManagedBlock {
  /** 1-based lines of the BEGIN and END markers (END null when the file was cut or the marker is missing). */
  begin: number;
  end: number | null;
  /** The preamble's first line, when present. */
  preambleLine: number | null;
  /** Agents the block disallows, each with what the site's own lines said about them. */
  disallowed: { token: string; line: number; ownRule: string }[];
}

/** Cloudflare's list as of 2026: the agents its managed file may disallow. */
export const CLOUDFLARE_BLOCKED_AGENTS = ["GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "Amazonbot", "Applebot-Extended", "Bytespider", "meta-externalagent"] as const;

const BEGIN = /^#\s*BEGIN Cloudflare Managed content/i;
const END = /^#\s*END Cloudflare Managed content/i;
// Cloudflare breaks the sentence across comment lines ("…abide by the following\n# content signals:"), so its start is what is matched.
const PREAMBLE = /As a condition of accessing this website, you agree to abide by the following/i;

export function cloudflareManaged(lines: readonly string[], origin: string): ManagedBlock | null {
  const begin = lines.findIndex((line) => BEGIN.test(line.trim()));
  const preamble = lines.findIndex((line) => PREAMBLE.test(line));
  if (begin < 0 && preamble < 0) return null;
  const start = begin >= 0 ? begin : preamble;
  const endIndex = lines.findIndex((line, index) => index > start && END.test(line.trim()));
  const stop = endIndex >= 0 ? endIndex : lines.length - 1;
  // The site's own lines: the file with Cloudflare's block blanked, so line numbers stay the file's.
  const own = lines.map((line, index) => (index >= start && index <= stop ? "" : line));
  const inBlock = robotsGroups(lines.map((line, index) => (index >= start && index <= stop ? line : ""))).groups;
  const ownGroups = robotsGroups(own);
  const ownRobot = robotsParser(`${origin}/robots.txt`, parserInput(ownGroups).text);
  const disallowed: ManagedBlock["disallowed"] = [];
  for (const group of inBlock) {
    const rule = group.rules.find((candidate) => !candidate.allow && candidate.pattern === "/");
    if (!rule) continue;
    for (const token of group.agentLines.flatMap((agentLine) => agentLine.agents)) {
      if (token === "*") continue;
      disallowed.push({ token, line: rule.line, ownRule: ownVerdict(ownGroups.groups, ownRobot, origin, token) });
    }
  }
  return { begin: begin >= 0 ? begin + 1 : start + 1, end: endIndex >= 0 ? endIndex + 1 : null, preambleLine: preamble >= 0 ? preamble + 1 : null, disallowed };
}

/** What the site's own lines say about `token`, in words for evidence. */
function ownVerdict(groups: RobotsGroup[], robot: ReturnType<typeof robotsParser>, origin: string, token: string): string {
  const named = groups.some((group) => group.agentLines.some((agentLine) => agentLine.agents.some((agent) => agent.toLowerCase() === token.toLowerCase())));
  const allowed = robot.isAllowed(`${origin}${comparablePath("/")}`, token) !== false;
  const where = named ? `its own \`User-agent: ${token}\` group` : "its `User-agent: *` rules";
  return allowed ? `the site's own file lets ${token} in (${where})` : `the site's own file already disallows ${token} (${where})`;
}
