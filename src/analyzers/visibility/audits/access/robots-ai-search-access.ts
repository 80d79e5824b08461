import { crawlersFor } from "../../crawlers.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { AI_PLATFORMS, audienceShare, percent } from "../../platforms.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed } from "../audit.ts";
import { type RobotsPolicy, homepagePath } from "../../derive/robots/robots-policy.ts";
import { blockingRules, describeBlockingRule, verdictsFor } from "../../derive/robots/robots-verdicts.ts";
import { robotsUnblockStep } from "../robots-unblock-step.ts";
import { codeBlock } from "../fix-code.ts";

/**
 * The crawlers behind AI answers and citations: blocking them removes the site from those answers. The
 * score is the audience share of the AI platforms whose agents robots.txt lets in (a platform whose index
 * crawler is allowed but whose on-demand fetcher is not counts half), so a rule against ChatGPT's agents
 * costs far more than one against a minor engine's. Whole-site effects and gates are ai-platform-reach's.
 */
const AGENTS = crawlersFor("search", "user");
const AGENT_LIST = AGENTS.map((crawler) => crawler.token).join(", ");

export const robotsAiSearchAccess: AuditRule<"robots-policy"> = {
  id: "robots-ai-search-access",
  title: "robots.txt lets AI search and assistant agents in",
  impact: "critical",
  requires: ["robots-policy"],
  notes: ["robots-cut"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"robots-policy">): AuditOutcome {
  const policy = inputs["robots-policy"];
  switch (policy.kind) {
    case "allow-all":
      return passed(`${policy.reason} All ${AGENTS.length} AI search and assistant agents may fetch the site.`, [policy.reason]);
    case "disallow-all":
      return {
        status: "fail",
        score: 0,
        detail: `${policy.reason} That shuts out every AI search and assistant agent (${AGENT_LIST}).`,
        evidence: [policy.reason],
        fix: {
          what: "Make /robots.txt answer reliably",
          why: "While robots.txt fails with a server error or does not answer, crawlers must assume the whole site is off limits.",
          how: "Serve /robots.txt with status 200 and Content-Type text/plain (or 404 if you want no rules at all); check that the CDN, WAF or rate limiter does not block or time out requests for it.",
          effort: "S",
        },
      };
    case "intercepted":
      return {
        status: "warn",
        score: 0.5,
        detail:
          `${policy.url} answered HTTP ${policy.status} with an HTML page (Content-Type ${policy.contentType ?? "missing"}) instead of plain-text rules: ` +
          "a catch-all route, CMS or bot-protection page intercepts it. Crawlers find no rules in it and treat the site as open, but any rules you meant to publish are not seen.",
        evidence: [`GET ${policy.url} → ${policy.status} ${policy.contentType ?? ""}`.trim()],
        fix: {
          what: "Serve a real robots.txt",
          why: "Crawlers read robots.txt as plain text; an HTML page there means your crawl rules are invisible and the route may also be what blocks bots elsewhere.",
          how: `Add a static /robots.txt (Content-Type text/plain) that your router or CDN serves before the catch-all route, for example:\n\n${codeBlock("text", openFile(artifacts))}`,
          effort: "S",
          code: [{ where: { kind: "file", url: policy.url }, language: "text", code: openFile(artifacts) }],
        },
      };
    case "rules":
      return judgeRules(artifacts, policy, verdictsFor(policy, artifacts, AGENTS));
  }
}

/** A robots.txt that lets everyone in, pointing at the sitemap the scan read when there is one (never at one it did not find). */
function openFile(artifacts: Artifacts): string {
  const sitemap = artifacts.sitemap;
  const found = sitemap?.ok && sitemap.status === 200 && sitemap.kind !== null;
  return `User-agent: *\nAllow: /${found ? `\nSitemap: ${sitemap.url}` : ""}`;
}

function judgeRules(artifacts: Artifacts, policy: Extract<RobotsPolicy, { kind: "rules" }>, verdicts: ReturnType<typeof verdictsFor>): AuditOutcome {
  const url = policy.url;
  const blocked = verdicts.filter((verdict) => !verdict.allowed);
  if (blocked.length === 0) {
    return passed(`${url} lets all ${AGENTS.length} AI search and assistant agents fetch the homepage (${AGENT_LIST}).`);
  }
  const rules = blockingRules(verdicts);
  const everyone = blocked.length === verdicts.length;
  const summary = rules.map(describeBlockingRule).join("; ");
  const allowedShare = allowedAudience(new Set(blocked.map((verdict) => verdict.token)));
  return {
    status: "fail",
    score: Math.min(0.99, Math.round(allowedShare * 100) / 100),
    detail: everyone
      ? `${url} blocks every AI search and assistant agent from the homepage: ${summary}. ChatGPT, Claude, Perplexity, Google and Bing cannot fetch or cite the site.`
      : `${url} blocks ${blocked.length} of ${verdicts.length} AI search and assistant agents from the homepage: ${summary}. ` +
        `The platforms robots.txt still lets in hold ${percent(allowedShare)} of the AI audience.`,
    evidence: rules.map((blocking) => `line ${blocking.rule.line} (${blocking.rule.group}): ${blocking.rule.text}`),
    fix: unblockFix(policy, blocked.map((verdict) => verdict.token), artifacts),
  };
}

function unblockFix(policy: Extract<RobotsPolicy, { kind: "rules" }>, blocked: string[], artifacts: Artifacts): Fix {
  const step = robotsUnblockStep(policy, blocked, homepagePath(artifacts));
  return {
    what: "Allow AI search and assistant agents in robots.txt",
    why: `These agents fetch pages to answer questions and link to their sources; while robots.txt blocks them, ${artifacts.domain} cannot appear in those answers. Training crawlers are separate and can stay blocked.`,
    how: step.text,
    effort: "S",
    ...(step.code.length > 0 ? { code: step.code } : {}),
  };
}

/** The audience share of the platforms robots.txt lets in: any index crawler allowed finds the page; a blocked fetcher halves it. */
function allowedAudience(blocked: Set<string>): number {
  const allowed = (token: string) => !blocked.has(token);
  return AI_PLATFORMS.reduce((sum, platform) => {
    const findable = platform.index.length === 0 ? platform.fetchers.every(allowed) : platform.index.some(allowed);
    const credit = !findable ? 0 : platform.fetchers.every(allowed) ? 1 : 0.5;
    return sum + audienceShare(platform) * credit;
  }, 0);
}
