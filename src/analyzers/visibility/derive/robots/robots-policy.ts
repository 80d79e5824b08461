import robotsParser from "robots-parser";
import type { Artifacts, RobotsTxtArtifact } from "../../gather/artifacts.ts";
import { type RobotsCut, describeCut, withoutPartialLine } from "./robots-cut.ts";
import { comparablePath } from "./robots-encoding.ts";
import { type AgentLine, multiAgentLines, robotsGroups } from "./robots-groups.ts";
import { type ParserInput, parserInput } from "./robots-parser-input.ts";
import { computed } from "../../../../lib/computed.ts";

export type { RobotsCut } from "./robots-cut.ts";
export type { AgentLine } from "./robots-groups.ts";

/**
 * What robots.txt means for crawlers, per RFC 9309: a 2xx file is parsed; 4xx means "no rules, crawl
 * anything"; 5xx or no answer means "assume everything is disallowed". An HTML page served as robots.txt
 * holds no rules, so crawlers read it as "allow", but it shows that something intercepts the file.
 *
 * For "rules": `lines` are the file's lines as read (a line cut at the byte cap is dropped); `robot`
 * answers for the groups as RFC 9309 reads them (see robots-parser-input.ts), so its line numbers count
 * lines of that rewritten text: use verdictFor, which maps them back through `sources`. `cut` says where
 * a file larger than the scan reads was cut (`truncated` is the same fact as a boolean);
 * `multiAgentLines` are User-agent lines naming several agents, read as naming each (see agentTokens).
 */
export type RobotsPolicy =
  | {
      kind: "rules";
      url: string;
      status: number;
      lines: string[];
      robot: Robot;
      truncated: boolean;
      cut: RobotsCut | null;
      multiAgentLines: AgentLine[];
      sources: ParserInput["sources"];
    }
  | { kind: "intercepted"; url: string; status: number; contentType: string | null }
  | { kind: "allow-all"; reason: string }
  | { kind: "disallow-all"; reason: string }
  | { kind: "unknown"; reason: string };

type Robot = ReturnType<typeof robotsParser>;

/** The rule that decided a crawler's access, quoted for evidence. */
export interface MatchedRule {
  /** 1-based line number in robots.txt. */
  line: number;
  text: string;
  /** The user-agent lines of the group the rule belongs to, e.g. "User-agent: *". */
  group: string;
}

export interface CrawlerVerdict {
  token: string;
  allowed: boolean;
  rule: MatchedRule | null;
}

const policyOfFile = computed(policyOf);

export function robotsPolicy(artifacts: Artifacts): RobotsPolicy {
  return robotsTxtPolicy(artifacts.robotsTxt);
}

/** The policy of a robots.txt artifact alone (the site crawl reads it before the scan's artifacts are whole). */
export function robotsTxtPolicy(robotsTxt: RobotsTxtArtifact): RobotsPolicy {
  return policyOfFile(robotsTxt);
}

function policyOf(robotsTxt: RobotsTxtArtifact): RobotsPolicy {
  if (!robotsTxt.ok) {
    if (robotsTxt.error.code === "skipped" || robotsTxt.error.code === "internal") return { kind: "unknown", reason: robotsTxt.error.message };
    // RFC 9309 2.3.1.2: after more than five redirects the file may be treated as unavailable (a 4xx).
    if (robotsTxt.error.code === "too-many-redirects") {
      return { kind: "allow-all", reason: `${robotsTxt.url} redirects too many times; crawlers treat it as missing and may fetch everything.` };
    }
    return {
      kind: "disallow-all",
      reason: `${robotsTxt.url} could not be fetched (${robotsTxt.error.message}); per RFC 9309 crawlers must then assume every URL is disallowed.`,
    };
  }
  const { status, url } = robotsTxt;
  // Google treats 429 like a server error rather than "missing"; so do we.
  if (status >= 500 || status === 429) {
    return { kind: "disallow-all", reason: `${url} answered HTTP ${status}; per RFC 9309 crawlers must then assume every URL is disallowed.` };
  }
  if (status >= 400) return { kind: "allow-all", reason: `${url} answered HTTP ${status}: no rules, so per RFC 9309 crawlers may fetch everything.` };
  if (status >= 300) return { kind: "allow-all", reason: `${url} answered HTTP ${status} without a usable redirect; crawlers treat it as missing.` };
  if (looksLikeHtml(robotsTxt.text)) return { kind: "intercepted", url, status, contentType: robotsTxt.contentType };
  return rulesPolicy(url, status, robotsTxt.text, robotsTxt.truncated);
}

function rulesPolicy(url: string, status: number, body: string, truncated: boolean): RobotsPolicy {
  const { text, cut } = withoutPartialLine(body, truncated);
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const groups = robotsGroups(lines);
  const input = parserInput(groups);
  return { kind: "rules", url, status, lines, robot: robotsParser(url, input.text), truncated, cut, multiAgentLines: multiAgentLines(groups), sources: input.sources };
}

/** An HTML page served as robots.txt, told by its start (after white space and a byte-order mark, which trimStart drops in one pass). */
function looksLikeHtml(text: string): boolean {
  return /^<(?:!doctype\s+html|html|head|body|meta|script|title|!--)/i.test(text.trimStart().slice(0, 1024));
}

/**
 * Whether `token` may fetch `path` (the homepage's path and query) under a parsed robots.txt, and the
 * rule that said so. The path is joined to the origin as text: resolved as a URL, `//en/` would be read
 * as a host named "en".
 */
export function verdictFor(policy: Extract<RobotsPolicy, { kind: "rules" }>, token: string, path: string): CrawlerVerdict {
  const target = `${new URL(policy.url).origin}${comparablePath(path.startsWith("/") ? path : `/${path}`)}`;
  const allowed = policy.robot.isAllowed(target, token) !== false;
  const source = policy.sources[policy.robot.getMatchingLineNumber(target, token) - 1];
  const rule = source ? { line: source.line, text: (policy.lines[source.line - 1] ?? "").trim(), group: source.group } : null;
  return { token, allowed, rule };
}

/**
 * Whether `token` may fetch `path` under any policy: the 4xx / 5xx / unreachable readings included.
 * null when robots.txt was not read (unknown).
 */
export function mayFetch(policy: RobotsPolicy, token: string, path: string): boolean | null {
  switch (policy.kind) {
    case "rules":
      return verdictFor(policy, token, path).allowed;
    case "allow-all":
    case "intercepted":
      return true;
    case "disallow-all":
      return false;
    case "unknown":
      return null;
  }
}

/** The sentence saying where robots.txt was cut, or null when it was read whole. */
export function cutNotice(policy: RobotsPolicy): string | null {
  return policy.kind === "rules" && policy.cut ? describeCut(policy.url, policy.cut) : null;
}

/**
 * The sentence about User-agent lines that name several agents, or null when there are none: they are
 * read as naming each agent, but Google's parser reads only the first, so one per line is safer.
 */
export function multiAgentNotice(policy: RobotsPolicy): string | null {
  if (policy.kind !== "rules" || policy.multiAgentLines.length === 0) return null;
  const quoted = policy.multiAgentLines.map((agentLine) => `line ${agentLine.line} \`User-agent: ${agentLine.value}\``).join(", ");
  const first = policy.multiAgentLines[0]!;
  return (
    `${quoted} ${policy.multiAgentLines.length === 1 ? "names" : "name"} several agents in one line. This scan applies the group to each of them, ` +
    `but RFC 9309 allows one product token per line and Google's parser reads only the first (${first.agents[0]}), so some crawlers ignore the others: ` +
    `give each agent its own line (${first.agents.map((agent) => `\`User-agent: ${agent}\``).join(", ")}).`
  );
}

/** The path of the homepage as it was finally served, which is what crawlers are asked about. */
export function homepagePath(artifacts: Artifacts): string {
  if (!artifacts.homepage.ok) return "/";
  const url = new URL(artifacts.homepage.finalUrl);
  return `${url.pathname}${url.search}`;
}
