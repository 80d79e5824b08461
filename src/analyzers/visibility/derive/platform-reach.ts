import { crawler } from "../crawlers.ts";
import type { Artifacts, ProbeArtifact } from "../gather/artifacts.ts";
import { AI_PLATFORMS, type AiPlatform, audienceShare } from "../platforms.ts";
import { readableHomepage } from "./homepage-document.ts";
import { homepageBarrier } from "./homepage-barrier.ts";
import { type Directive, directiveEffect, headerDirectives, metaDirectives } from "./indexing-directives.ts";
import { compareProbes, type ProbeComparison } from "./probe-verdicts.ts";
import { type MatchedRule, homepagePath, robotsPolicy, verdictFor } from "./robots/robots-policy.ts";

/**
 * Reach, by AI platform: for each platform people get answers from (ai-platforms.json), whether it can
 * find the homepage (any one of its index crawlers may crawl, index and read it) and read it live when a
 * person asks (every on-demand fetcher can), with the exact cause when it cannot. What each agent can do
 * is decided from robots.txt, the live probe compared with the browser's answer, the indexing directives
 * the agent honours (meta robots, a meta tag in its own name, X-Robots-Tag with or without its prefix),
 * and what the homepage is (an error, a login wall, an empty app shell for agents that run no JavaScript).
 * Training crawlers never count: opting out of training is the site's choice.
 */

export type ReachStatus = "reads" | "limited" | "blocked";

/** Why an agent cannot use the homepage; `kind` groups causes that share a fix. */
export interface Cause {
  kind: "robots-file" | "robots-rule" | "edge" | "different-page" | "directive" | "homepage" | "login-wall" | "app-shell";
  agent: string;
  /** "OAI-SearchBot gets HTTP 403 at the edge", said about the agent. */
  text: string;
  rule?: MatchedRule;
  directive?: Directive;
  /** For live-probe causes: what the agent got ("HTTP 403", "a challenge page (cf-mitigated: challenge)"). */
  answer?: string;
}

export interface AgentAccess {
  agent: string;
  causes: Cause[];
  /** Things worth saying that do not stop the agent (an unverifiable CDN 403, not probed live). */
  notes: string[];
  /** What the live probe saw, when the agent was probed. */
  probe: ProbeArtifact | null;
}

export interface PlatformVerdict {
  platform: AiPlatform;
  share: number;
  status: ReachStatus;
  /** The causes behind a "blocked" or "limited" status, in the order they matter. */
  causes: Cause[];
  notes: string[];
  /** "ChatGPT: cannot read — OAI-SearchBot gets HTTP 403 at the edge". */
  line: string;
}

export interface PlatformReach {
  platforms: PlatformVerdict[];
  /** The audience share of the platforms that can find and read the homepage (limited ones included). */
  readingShare: number;
  /** The same with limited platforms counted half: what the access pillar scores. */
  creditShare: number;
}

const CREDIT: Record<ReachStatus, number> = { reads: 1, limited: 0.5, blocked: 0 };
const STATUS_WORDS: Record<ReachStatus, string> = { reads: "can read", limited: "limited", blocked: "cannot read" };

const reaches = new WeakMap<Artifacts, PlatformReach>();

export function platformReach(artifacts: Artifacts): PlatformReach {
  let reach = reaches.get(artifacts);
  if (!reach) {
    reach = reachOf(artifacts);
    reaches.set(artifacts, reach);
  }
  return reach;
}

function reachOf(artifacts: Artifacts): PlatformReach {
  const context = readingContext(artifacts);
  const agents = new Map<string, AgentAccess>();
  const access = (token: string) => {
    if (!agents.has(token)) agents.set(token, agentAccess(token, context));
    return agents.get(token)!;
  };
  const platforms = AI_PLATFORMS.map((platform) => judgePlatform(platform, access)).sort((a, b) => b.share - a.share);
  const readingShare = platforms.filter((verdict) => verdict.status !== "blocked").reduce((sum, verdict) => sum + verdict.share, 0);
  const creditShare = platforms.reduce((sum, verdict) => sum + verdict.share * CREDIT[verdict.status], 0);
  return { platforms, readingShare: clampShare(readingShare), creditShare: clampShare(creditShare) };
}

/** Float sums of shares land a hair off 0 or 1; the gates compare against those ends exactly. */
function clampShare(share: number): number {
  return Math.min(1, Math.max(0, Math.round(share * 10_000) / 10_000));
}

interface ReadingContext {
  artifacts: Artifacts;
  comparison: ProbeComparison;
  pageDirectives: Directive[];
  homepageError: string | null;
  barrier: ReturnType<typeof homepageBarrier>;
}

function readingContext(artifacts: Artifacts): ReadingContext {
  const homepage = readableHomepage(artifacts);
  const pageDirectives = homepage.ok ? [...metaDirectives(homepage.document), ...headerDirectives(homepage.response.headers["x-robots-tag"])] : [];
  const raw = artifacts.homepage;
  const homepageError = !raw.ok ? `the homepage cannot be loaded (${raw.error.message})` : raw.status >= 400 ? `the homepage answers HTTP ${raw.status}` : null;
  return { artifacts, comparison: compareProbes(artifacts), pageDirectives, homepageError, barrier: homepageBarrier(artifacts) };
}

function agentAccess(token: string, context: ReadingContext): AgentAccess {
  const agent = crawler(token);
  const causes: Cause[] = [];
  const notes: string[] = [];
  const verdict = context.comparison.ok ? context.comparison.verdicts.find((entry) => entry.agent.toLowerCase() === token.toLowerCase()) : undefined;
  const probe = verdict?.probe ?? null;
  const servedPage = verdict?.kind === "ok" && verdict.probe.ok && verdict.probe.status < 400;

  // The scanner's own fetch may be refused where browsers and crawlers are not: an unprobed agent inherits
  // the error only when the browser probe did not get the page either.
  const browserServed = context.comparison.ok && context.comparison.browser.status < 400;
  const homepageFails = verdict && verdict.kind !== "error" ? !servedPage : !browserServed;
  if (context.homepageError && homepageFails) causes.push({ kind: "homepage", agent: token, text: context.homepageError });
  causes.push(...robotsCauses(token, context.artifacts));
  if (verdict) {
    if (verdict.kind === "refused") causes.push({ kind: "edge", agent: token, text: `${token} gets ${verdict.text} at the edge`, answer: verdict.text });
    else if (verdict.kind === "challenge") causes.push({ kind: "edge", agent: token, text: `${token} ${verdict.text}`, answer: verdict.text.replace(/^gets /, "") });
    else if (verdict.kind === "smaller") causes.push({ kind: "different-page", agent: token, text: `${token} ${verdict.text}` });
    else if (verdict.kind === "inconclusive") notes.push(`${token}: ${verdict.text}, unverifiable with a spoofed probe`);
    else if (verdict.kind === "error") notes.push(`${token}: the live probe got no answer (${verdict.text})`);
  } else if (agent.probe && !context.comparison.ok) {
    notes.push(`${token}: live probe unavailable`);
  } else {
    notes.push(`${token}: not probed ${agent.probe ? "in this scan" : "live"}`);
  }
  const probeDirectives = probe?.ok ? headerDirectives(probe.headers["x-robots-tag"]) : [];
  causes.push(...directiveCauses(token, dedupe([...context.pageDirectives, ...probeDirectives])));
  if (context.barrier?.kind === "login-wall") causes.push({ kind: "login-wall", agent: token, text: context.barrier.text });
  if (context.barrier?.kind === "app-shell" && !agent.rendersJavaScript) {
    causes.push({ kind: "app-shell", agent: token, text: `${token} runs no JavaScript and sees an empty app shell` });
  }
  return { agent: token, causes, notes, probe };
}

function robotsCauses(token: string, artifacts: Artifacts): Cause[] {
  const policy = robotsPolicy(artifacts);
  if (policy.kind === "disallow-all") return [{ kind: "robots-file", agent: token, text: policy.reason.replace(/\.$/, "") }];
  if (policy.kind !== "rules") return [];
  const verdict = verdictFor(policy, token, homepagePath(artifacts));
  if (verdict.allowed) return [];
  const where = verdict.rule ? `robots.txt line ${verdict.rule.line} \`${verdict.rule.text}\` (group \`${verdict.rule.group}\`)` : "robots.txt";
  return [{ kind: "robots-rule", agent: token, text: `${where} disallows ${token}`, rule: verdict.rule ?? undefined }];
}

function directiveCauses(token: string, directives: Directive[]): Cause[] {
  const agent = crawler(token);
  const causes: Cause[] = [];
  for (const directive of directives) {
    if (directive.scope !== "all" && directive.scope !== token.toLowerCase()) continue;
    const effect = directiveEffect(directive.directive);
    if (!effect || !agent.honours.includes(effect)) continue;
    const consequence =
      effect === "noindex" ? "not to index the homepage" : effect === "nosnippet" ? "not to quote the homepage, which keeps it out of AI answers" : "to leave the homepage out of chat answers";
    causes.push({ kind: "directive", agent: token, text: `\`${directive.source}\` tells ${token} ${consequence}`, directive });
  }
  return causes;
}

function dedupe(directives: Directive[]): Directive[] {
  const seen = new Set<string>();
  return directives.filter((directive) => {
    const key = `${directive.scope}|${directive.directive}|${directive.source}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function judgePlatform(platform: AiPlatform, access: (token: string) => AgentAccess): PlatformVerdict {
  const index = platform.index.map(access);
  const fetchers = platform.fetchers.map(access);
  const readable = (agent: AgentAccess) => agent.causes.length === 0;
  const findable = index.length === 0 ? fetchers.every(readable) : index.some(readable);
  const fetching = fetchers.every(readable);
  const status: ReachStatus = !findable ? "blocked" : fetching ? "reads" : "limited";
  // A blocked platform's fetchers are named too: the fix must let every one of its agents in.
  const causes = status === "reads" ? [] : status === "limited" ? fetchers.flatMap((agent) => agent.causes) : [...index, ...fetchers].flatMap((agent) => agent.causes);
  const notes = [...index, ...fetchers].flatMap((agent) => agent.notes);
  const share = audienceShare(platform);
  return { platform, share, status, causes, notes, line: lineOf(platform, status, causes, index, fetchers) };
}

function lineOf(platform: AiPlatform, status: ReachStatus, causes: Cause[], index: AgentAccess[], fetchers: AgentAccess[]): string {
  const head = `${platform.name}: ${STATUS_WORDS[status]}`;
  if (status === "blocked") return `${head} — ${unique(causes.map((cause) => cause.text)).join("; ")}`;
  const finders = index.filter((agent) => agent.causes.length === 0).map((agent) => agent.agent);
  const via = finders.length > 0 ? `${finders.join(" or ")} may index it` : `${fetchers.map((agent) => agent.agent).join(", ")} may fetch it`;
  const live = [...index, ...fetchers].filter((agent) => agent.causes.length === 0 && agent.probe?.ok);
  const probed = live.length > 0 ? ` and ${live.map((agent) => agent.agent).join(", ")} ${live.length === 1 ? "gets" : "get"} the browser's page` : "";
  if (status === "limited") return `${head} — ${via}, but ${unique(causes.map((cause) => cause.text)).join("; ")}`;
  return `${head} — ${via}${probed}`;
}

function unique(texts: string[]): string[] {
  return [...new Set(texts)];
}
