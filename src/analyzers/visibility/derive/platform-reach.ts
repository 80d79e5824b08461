import { bindsAgent, crawler } from "../crawlers.ts";
import type { Artifacts, ProbeArtifact } from "../gather/artifacts.ts";
import { AI_PLATFORMS, type AiPlatform, audienceShare } from "../platforms.ts";
import { readableHomepage } from "./homepage-document.ts";
import { type HomepageBarrier, homepageBarrier } from "./homepage-barrier.ts";
import { type Directive, directiveEffect, headerDirectives, metaDirectives } from "./indexing-directives.ts";
import { honoursDeclared } from "../usage-honouring.ts";
import { type DeclaredUse, type Honours, declaredUse } from "./declared-use.ts";
import { compareProbes, type ProbeComparison } from "./probe-verdicts.ts";
import { usagePolicy } from "./usage-policy/usage-policy.ts";
import { type MatchedRule, type RobotsPolicy, homepagePath, robotsPolicy, verdictFor } from "./robots/robots-policy.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * Reach, by AI platform: for each platform people get answers from (ai-platforms.json), whether it can
 * find the homepage (any one of its index crawlers may crawl, index and read it) and read it live when a
 * person asks (every on-demand fetcher can), with the exact cause when it cannot. What each agent can do
 * is decided from robots.txt, the live probe compared with the browser's answer, the indexing directives
 * the agent honours (meta robots, a meta tag in its own name, X-Robots-Tag with or without its prefix),
 * and what the homepage is (an error, a login wall, an empty app shell for agents that run no JavaScript).
 * Training crawlers never count: opting out of training is the site's choice.
 *
 * A platform is judged by all of its agents (issue 25): robots.txt binds only the agents whose vendor
 * says it does (ai-crawlers.json: a block on ChatGPT-User is a request OpenAI says "may not apply"); an
 * agent nothing shuts out reads when the live probe got the page, and is unverified when it was not
 * probed. A platform whose index crawlers are all shut out is "limited" when one of its fetchers was seen
 * reading the page, "unknown" when its fetchers were not probed, and "blocked" only when every agent is
 * known to be shut out. The label, the gates and the reach fix all take the lost platforms from
 * `reachSummary`, so they name the same platforms.
 */

export type ReachStatus = "reads" | "limited" | "blocked" | "unknown";

/** Why an agent cannot use the homepage; `kind` groups causes that share a fix. */
export interface Cause {
  kind: "robots-file" | "robots-rule" | "edge" | "different-page" | "directive" | "homepage" | "login-wall" | "app-shell" | "declared";
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
  /** Some index crawler may find the homepage (for a platform without index crawlers: some fetcher may read it). */
  findable: boolean;
  /** The causes behind a "blocked" or "limited" status, in the order they matter. */
  causes: Cause[];
  notes: string[];
  /** "ChatGPT: cannot read — OAI-SearchBot gets HTTP 403 at the edge". */
  line: string;
}

export interface PlatformReach {
  platforms: PlatformVerdict[];
  /**
   * Of the audience whose platforms could be judged (unknown ones left out, as unknown audits are), the
   * share of the platforms that can find the homepage and read it, at least partly.
   */
  readingShare: number;
  /** The same with limited platforms counted half: what the access pillar scores. */
  creditShare: number;
  /** The audience share of the platforms that could not be judged. */
  unknownShare: number;
}

/** A platform that cannot find the homepage, or only partly use it, as the label, gates and fix name it. */
export interface LostPlatform {
  name: string;
  share: number;
  status: "blocked" | "limited";
  /** False when no index crawler of the platform may find the homepage: the platform is shut out. */
  findable: boolean;
  cause: string;
  /** Every kind of cause behind it, so a gate can say which ones an app shell accounts for. */
  kinds: Cause["kind"][];
}

/** The audience-weighted reach of the homepage, by AI platform: the one structure label, gates and fixes read. */
export interface ReachSummary {
  /** See PlatformReach.readingShare. */
  readingShare: number;
  /** The platforms that cannot find the homepage or only partly use it, largest audience first. */
  lost: LostPlatform[];
  /** Platforms that could not be judged (an agent that matters was not probed): never counted as lost. */
  unknown: { name: string; share: number }[];
}

const CREDIT: Record<Exclude<ReachStatus, "unknown">, number> = { reads: 1, limited: 0.5, blocked: 0 };
const STATUS_WORDS: Record<ReachStatus, string> = { reads: "can read", limited: "limited", blocked: "cannot read", unknown: "unknown" };
/** Below this share a platform is counted, not named, in sentences about lost platforms. */
const NAMED_SHARE = 0.01;

export const platformReach = computed((artifacts: Artifacts): PlatformReach => reachOf(artifacts, honoursDeclared));

/** Reach with another table of who honours declared preferences: how a test shows what a platform's honouring would do. */
export function reachOf(artifacts: Artifacts, honours: Honours): PlatformReach {
  const policy = usagePolicy(artifacts);
  const platforms = platformVerdicts(readingContext(artifacts), (platform) => declaredUse(policy, platform, honours));
  const judged = platforms.filter((verdict) => verdict.status !== "unknown");
  const judgedShare = judged.reduce((sum, verdict) => sum + verdict.share, 0);
  const of = (share: number) => (judgedShare === 0 ? 0 : share / judgedShare);
  const readingShare = of(judged.filter((verdict) => verdict.findable && verdict.status !== "blocked").reduce((sum, verdict) => sum + verdict.share, 0));
  const creditShare = of(judged.reduce((sum, verdict) => sum + verdict.share * CREDIT[verdict.status as Exclude<ReachStatus, "unknown">], 0));
  // With nothing judged there is nothing to score; the audit reports unknown rather than a 0.
  return { platforms, readingShare: clampShare(readingShare), creditShare: clampShare(creditShare), unknownShare: clampShare(1 - judgedShare) };
}

/** The summary the audit stores and the label, gates and fix read: one list of lost platforms. */
export function reachSummary(reach: PlatformReach): ReachSummary {
  return {
    readingShare: reach.readingShare,
    lost: reach.platforms
      .filter((verdict) => verdict.status === "blocked" || verdict.status === "limited")
      .map((verdict) => ({
        name: verdict.platform.name,
        share: verdict.share,
        status: verdict.status as "blocked" | "limited",
        findable: verdict.findable && verdict.status !== "blocked",
        cause: verdict.causes[0]?.text ?? "",
        kinds: [...new Set(verdict.causes.map((cause) => cause.kind))],
      })),
    unknown: reach.platforms.filter((verdict) => verdict.status === "unknown").map((verdict) => ({ name: verdict.platform.name, share: verdict.share })),
  };
}

/** The platforms that cannot find the homepage: the ones every sentence about lost platforms names. */
export function shutOut(summary: ReachSummary): LostPlatform[] {
  return summary.lost.filter((platform) => !platform.findable);
}

/** "ChatGPT, Perplexity and 2 smaller platforms": platforms of at least 1% by name, the rest counted. */
export function namedPlatforms(platforms: readonly { name: string; share: number }[]): string {
  const named = platforms.filter((platform) => platform.share >= NAMED_SHARE).map((platform) => platform.name);
  const others = platforms.length - named.length;
  if (named.length === 0) return listed(platforms.map((platform) => platform.name));
  return others > 0 ? `${named.join(", ")} and ${others} smaller ${others === 1 ? "platform" : "platforms"}` : listed(named);
}

/** "A, B and C". */
export function listed(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Float sums of shares land a hair off 0 or 1; the gates compare against those ends exactly. */
function clampShare(share: number): number {
  return Math.min(1, Math.max(0, Math.round(share * 10_000) / 10_000));
}

/**
 * What each agent is judged on for one page: robots.txt for its path, the live probes of it (or of a page
 * of its template), its indexing directives, whether it loads, and what stands before its content. The
 * homepage's reach and each crawled page's (derive/page-verdict.ts) are judged by the same rules from it.
 */
export interface ReadingContext {
  policy: RobotsPolicy;
  /** The page's path and query, as robots.txt is asked about it. */
  path: string;
  comparison: ProbeComparison;
  pageDirectives: Directive[];
  /** Why the page cannot be loaded at all ("the homepage answers HTTP 500"), or null. */
  pageError: string | null;
  barrier: HomepageBarrier;
  /** What cause sentences call the page: "the homepage", "the page". */
  subject: string;
}

/** Every platform judged on one page, largest audience first; `declared` gives the site's declared usage preferences per platform. */
export function platformVerdicts(context: ReadingContext, declared: (platform: AiPlatform) => DeclaredUse): PlatformVerdict[] {
  const agents = new Map<string, AgentAccess>();
  const access = (token: string) => {
    if (!agents.has(token)) agents.set(token, agentAccess(token, context));
    return agents.get(token)!;
  };
  return AI_PLATFORMS.map((platform) => withDeclared(judgePlatform(platform, access), declared(platform))).sort((a, b) => b.share - a.share);
}

function readingContext(artifacts: Artifacts): ReadingContext {
  const homepage = readableHomepage(artifacts);
  const pageDirectives = homepage.ok ? [...metaDirectives(homepage.document), ...headerDirectives(homepage.response.headers["x-robots-tag"])] : [];
  const raw = artifacts.homepage;
  const pageError = !raw.ok ? `the homepage cannot be loaded (${raw.error.message})` : raw.status >= 400 ? `the homepage answers HTTP ${raw.status}` : null;
  return {
    policy: robotsPolicy(artifacts),
    path: homepagePath(artifacts),
    comparison: compareProbes(artifacts),
    pageDirectives,
    pageError,
    barrier: homepageBarrier(artifacts),
    subject: "the homepage",
  };
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
  if (context.pageError && homepageFails) causes.push({ kind: "homepage", agent: token, text: context.pageError });
  const robots = robotsCauses(token, context.policy, context.path);
  if (bindsAgent(agent)) causes.push(...robots);
  else for (const cause of robots) notes.push(`${cause.text}: a request ${token} may not honour (${agent.robotsTxt.words})`);
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
  causes.push(...directiveCauses(token, dedupe([...context.pageDirectives, ...probeDirectives]), context.subject));
  if (context.barrier?.kind === "login-wall") causes.push({ kind: "login-wall", agent: token, text: context.barrier.text });
  if (context.barrier?.kind === "app-shell" && !agent.rendersJavaScript) {
    causes.push({ kind: "app-shell", agent: token, text: `${token} runs no JavaScript and sees an empty app shell` });
  }
  return { agent: token, causes, notes, probe };
}

function robotsCauses(token: string, policy: RobotsPolicy, path: string): Cause[] {
  // Amazonbot reads an unavailable robots.txt as no robots.txt at all, where RFC 9309 says "disallow everything".
  if (policy.kind === "disallow-all" && crawler(token).robotsTxt.whenUnavailable === "crawls-on") return [];
  if (policy.kind === "disallow-all") return [{ kind: "robots-file", agent: token, text: policy.reason.replace(/\.$/, "") }];
  if (policy.kind !== "rules") return [];
  const verdict = verdictFor(policy, token, path);
  if (verdict.allowed) return [];
  const where = verdict.rule ? `robots.txt line ${verdict.rule.line} \`${verdict.rule.text}\` (group \`${verdict.rule.group}\`)` : "robots.txt";
  return [{ kind: "robots-rule", agent: token, text: `${where} disallows ${token}`, rule: verdict.rule ?? undefined }];
}

function directiveCauses(token: string, directives: Directive[], subject: string): Cause[] {
  const agent = crawler(token);
  const causes: Cause[] = [];
  for (const directive of directives) {
    if (directive.scope !== "all" && directive.scope !== token.toLowerCase()) continue;
    const effect = directiveEffect(directive.directive);
    if (!effect || !agent.honours.includes(effect)) continue;
    const consequence =
      effect === "noindex" ? `not to index ${subject}` : effect === "nosnippet" ? `not to quote ${subject}, which keeps it out of AI answers` : `to leave ${subject} out of chat answers`;
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
  const open = (agent: AgentAccess) => agent.causes.length === 0;
  // Seen reading: nothing shuts it out and the live probe got the browser's page.
  const seen = (agent: AgentAccess) => open(agent) && agent.probe !== null && agent.probe.ok && agent.probe.status < 400;
  const findable = index.length === 0 ? fetchers.some(open) : index.some(open);
  let status: ReachStatus;
  if (findable) status = fetchers.every(open) ? "reads" : "limited";
  else if (fetchers.some(seen)) status = "limited";
  else if (fetchers.some(open)) status = "unknown";
  else status = "blocked";
  // A platform that is not "reads" names every agent's causes: the fix must let each of them in.
  const causes = status === "reads" ? [] : status === "limited" && findable ? fetchers.flatMap((agent) => agent.causes) : [...index, ...fetchers].flatMap((agent) => agent.causes);
  const notes = [...index, ...fetchers].flatMap((agent) => agent.notes);
  const share = audienceShare(platform);
  return { platform, share, status, findable, causes, notes, line: lineOf(platform, status, findable, causes, index, fetchers) };
}

/**
 * A declared no the platform honours shuts it out like a robots.txt rule does; one it is not documented
 * to honour is said beside the platform as the site's request.
 */
function withDeclared(verdict: PlatformVerdict, declared: ReturnType<typeof declaredUse>): PlatformVerdict {
  const notes = [...verdict.notes, ...declared.notes];
  if (declared.causes.length === 0) return { ...verdict, notes };
  const agent = verdict.platform.index[0] ?? verdict.platform.fetchers[0] ?? verdict.platform.name;
  const causes: Cause[] = [...verdict.causes, ...declared.causes.map((cause) => ({ kind: "declared" as const, agent, text: cause.text }))];
  const line = `${verdict.platform.name}: ${STATUS_WORDS.blocked} — ${unique(causes.map((cause) => cause.text)).join("; ")}`;
  return { ...verdict, status: "blocked", findable: false, causes, notes, line };
}

function lineOf(platform: AiPlatform, status: ReachStatus, findable: boolean, causes: Cause[], index: AgentAccess[], fetchers: AgentAccess[]): string {
  const head = `${platform.name}: ${STATUS_WORDS[status]}`;
  const said = unique(causes.map((cause) => cause.text)).join("; ");
  if (status === "blocked") return `${head} — ${said}`;
  if (status === "unknown") {
    const unprobed = fetchers.filter((agent) => agent.causes.length === 0).map((agent) => agent.agent);
    return `${head} — ${said}; ${unprobed.join(", ")} ${unprobed.length === 1 ? "was" : "were"} not seen reading the page live, so whether ${platform.name} can read it when asked is not known`;
  }
  if (!findable) {
    const readers = fetchers.filter((agent) => agent.causes.length === 0 && agent.probe?.ok).map((agent) => agent.agent);
    return `${head} — ${said}; ${readers.join(", ")} ${readers.length === 1 ? "gets" : "get"} the browser's page when a person asks`;
  }
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
