import { crawlersFor } from "../../crawlers.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { AI_PLATFORMS, audienceShare, percent } from "../../platforms.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed } from "../audit.ts";
import { type BlockingRule, blockingRules, describeBlockingRule, namedInOwnGroup, verdictsFor } from "../../derive/robots/robots-verdicts.ts";
import { codeBlock, inlineCode } from "../fix-code.ts";

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
          how: `Add a static /robots.txt (Content-Type text/plain) that your router or CDN serves before the catch-all route, for example:\n\n${codeBlock("text", "User-agent: *\nAllow: /\nSitemap: <your sitemap URL>")}`,
          effort: "S",
        },
      };
    case "rules":
      return judgeRules(artifacts, policy.url, verdictsFor(policy, artifacts, AGENTS));
  }
}

function judgeRules(artifacts: Artifacts, url: string, verdicts: ReturnType<typeof verdictsFor>): AuditOutcome {
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
    fix: unblockFix(rules, artifacts),
  };
}

function unblockFix(rules: BlockingRule[], artifacts: Artifacts): Fix {
  const ownGroup: string[] = [];
  const viaWildcard: string[] = [];
  for (const blocking of rules) {
    for (const token of blocking.tokens) {
      if (namedInOwnGroup(blocking, token)) ownGroup.push(`delete line ${blocking.rule.line} (${inlineCode(blocking.rule.text)}) in the group ${inlineCode(blocking.rule.group)}`);
      else viaWildcard.push(token);
    }
  }
  const steps: string[] = [...new Set(ownGroup)].map((step) => `In robots.txt, ${step} (or change it to \`Allow: /\`).`);
  if (viaWildcard.length > 0) {
    steps.push(
      "Add a group of their own, which takes precedence over `User-agent: *` for these agents:\n\n" +
        codeBlock("text", `${[...new Set(viaWildcard)].map((token) => `User-agent: ${token}`).join("\n")}\nAllow: /`),
    );
  }
  return {
    what: "Allow AI search and assistant agents in robots.txt",
    why: `These agents fetch pages to answer questions and link to their sources; while robots.txt blocks them, ${artifacts.domain} cannot appear in those answers. Training crawlers are separate and can stay blocked.`,
    how: steps.join("\n\n"),
    effort: "S",
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
