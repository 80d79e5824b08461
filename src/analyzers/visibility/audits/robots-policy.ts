import robotsParser from "robots-parser";
import type { Artifacts, RobotsTxtArtifact } from "../gather/artifacts.ts";

/**
 * What robots.txt means for crawlers, per RFC 9309: a 2xx file is parsed; 4xx means "no rules, crawl
 * anything"; 5xx or no answer means "assume everything is disallowed". An HTML page served as robots.txt
 * holds no rules, so crawlers read it as "allow", but it shows that something intercepts the file.
 */
export type RobotsPolicy =
  | { kind: "rules"; url: string; status: number; lines: string[]; robot: Robot; truncated: boolean }
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

const policies = new WeakMap<RobotsTxtArtifact, RobotsPolicy>();

export function robotsPolicy(artifacts: Artifacts): RobotsPolicy {
  const robotsTxt = artifacts.robotsTxt;
  let policy = policies.get(robotsTxt);
  if (!policy) {
    policy = policyOf(robotsTxt);
    policies.set(robotsTxt, policy);
  }
  return policy;
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
  const text = robotsTxt.text.replace(/^\uFEFF/, "");
  return { kind: "rules", url, status, lines: text.split(/\r\n|\r|\n/), robot: robotsParser(url, text), truncated: robotsTxt.truncated };
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(?:\uFEFF)?\s*<(?:!doctype\s+html|html|head|body|meta|script|title|!--)/i.test(text);
}

/** Whether `token` may fetch `path` (the homepage's path) under a parsed robots.txt, and the rule that said so. */
export function verdictFor(policy: Extract<RobotsPolicy, { kind: "rules" }>, token: string, path: string): CrawlerVerdict {
  const target = new URL(path, policy.url).href;
  const allowed = policy.robot.isAllowed(target, token) !== false;
  const line = policy.robot.getMatchingLineNumber(target, token);
  const rule = line > 0 ? { line, text: (policy.lines[line - 1] ?? "").trim(), group: groupOf(policy.lines, line) } : null;
  return { token, allowed, rule };
}

/** The user-agent lines heading the group that contains `ruleLine`, found by walking back over the group's rules. */
function groupOf(lines: string[], ruleLine: number): string {
  const agents: string[] = [];
  for (let index = ruleLine - 2; index >= 0; index--) {
    const field = fieldOf(lines[index] ?? "");
    if (field === null) continue;
    if (field.name === "user-agent") agents.unshift(`User-agent: ${field.value}`);
    else if (agents.length > 0) break;
  }
  return agents.join(" / ") || "(no user-agent line)";
}

function fieldOf(line: string): { name: string; value: string } | null {
  const content = line.replace(/#.*/, "");
  const colon = content.indexOf(":");
  if (colon < 0) return null;
  return { name: content.slice(0, colon).trim().toLowerCase(), value: content.slice(colon + 1).trim() };
}

/** The path of the homepage as it was finally served, which is what crawlers are asked about. */
export function homepagePath(artifacts: Artifacts): string {
  if (!artifacts.homepage.ok) return "/";
  const url = new URL(artifacts.homepage.finalUrl);
  return `${url.pathname}${url.search}`;
}
