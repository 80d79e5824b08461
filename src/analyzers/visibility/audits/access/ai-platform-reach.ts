import { homepagePath, robotsPolicy } from "../../derive/robots/robots-policy.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { percent } from "../../platforms.ts";
import { type AuditRule, type AuditOutcome, type Effort, type Fix, type FixCode, passed, unknownOutcome } from "../audit.ts";
import { type Cause, type PlatformVerdict, type ReachSummary, namedPlatforms, platformReach, reachSummary, shutOut } from "../../derive/platform-reach.ts";
import { robotsUnblockStep } from "../robots-unblock-step.ts";

/**
 * Reach, by AI platform: which of the platforms people get answers from (ChatGPT, Google's AI features,
 * Copilot, Perplexity, Claude, …) can find and read the homepage, weighted by their audience. Its
 * evidence is the reach table, one line per platform; its `reach` summary feeds the gates that cap the
 * grade when the platforms that can read the site hold too little of the audience.
 */
export const aiPlatformReach: AuditRule<never> = {
  id: "ai-platform-reach",
  title: "The AI platforms people use can find and read the homepage",
  impact: "critical",
  requires: [],
  notes: ["robots-cut"],
  run,
};

/** Losing a platform at least this large is a failure, not a warning. */
const FAILING_SHARE = 0.02;

function run(artifacts: Artifacts): AuditOutcome {
  const reach = platformReach(artifacts);
  const evidence = reach.platforms.map((verdict) => `${verdict.line} (${percent(verdict.share)} of the AI audience)${verdict.notes.length > 0 ? ` [${verdict.notes.join("; ")}]` : ""}`);
  const unknown = reach.platforms.filter((verdict) => verdict.status === "unknown");
  const unknownNote = unknown.length > 0 ? ` Not known: ${unknown.map((verdict) => verdict.platform.name).join(", ")} (${percent(reach.unknownShare)} of the AI audience), whose agents were not all probed; they are left out of the score, not counted as lost.` : "";
  if (unknown.length === reach.platforms.length) return { ...unknownOutcome(`No AI platform could be judged: the agents that decide were not probed.${unknownNote}`), evidence };
  const lost = reach.platforms.filter((verdict) => verdict.status === "blocked" || verdict.status === "limited");
  if (lost.length === 0) {
    const judged = reach.platforms.length - unknown.length;
    return { ...passed(`Every AI platform that could be judged (${judged} of ${reach.platforms.length}) can find and read the homepage.${unknownNote}`, evidence) };
  }
  const summary = reachSummary(reach);
  const out = shutOut(summary);
  const failing = out.some((platform) => platform.share >= FAILING_SHARE) || reach.readingShare < 0.9;
  return {
    status: failing ? "fail" : "warn",
    score: Math.min(0.99, Math.round(reach.creditShare * 100) / 100),
    detail:
      `Platforms holding ${percent(reach.readingShare)} of the AI audience can find and read the homepage. ` +
      lost.map((verdict) => `${verdict.platform.name} (${percent(verdict.share)}) ${verdict.status === "blocked" ? "cannot read it" : verdict.findable ? "can only partly use it" : "cannot find it, but reads it when a person asks"}: ${causeList(verdict)}.`).join(" ") +
      unknownNote,
    evidence,
    fix: fixFor(lost, summary, artifacts),
    reach: summary,
  };
}

function causeList(verdict: PlatformVerdict): string {
  return [...new Set(verdict.causes.map((cause) => cause.text))].join("; ");
}

function fixFor(lost: PlatformVerdict[], summary: ReachSummary, artifacts: Artifacts): Fix {
  const domain = artifacts.domain;
  const causes = lost.flatMap((verdict) => verdict.causes);
  // The same platforms, in the same words, as the label and the gates (one fact, one count).
  const out = shutOut(summary);
  const partly = summary.lost.filter((platform) => platform.findable);
  const names = [
    out.length > 0 ? `${namedPlatforms(out)} read the homepage` : "",
    partly.length > 0 ? `${namedPlatforms(partly)} use it fully` : "",
  ].filter(Boolean);
  const steps: { text: string; effort: Effort }[] = [];
  const ofKind = (kind: Cause["kind"]) => causes.filter((cause) => cause.kind === kind);
  const agentsOf = (list: Cause[]) => [...new Set(list.map((cause) => cause.agent))];

  const homepage = ofKind("homepage");
  if (homepage.length > 0) steps.push({ text: `Make the homepage answer 200 with its HTML: ${homepage[0]!.text}.`, effort: "M" });
  const robotsFile = ofKind("robots-file");
  if (robotsFile.length > 0) {
    steps.push({ text: "Serve /robots.txt with status 200 and Content-Type text/plain (or 404 for no rules): while it errors or does not answer, crawlers must assume the whole site is off limits.", effort: "S" });
  }
  const robotsRules = ofKind("robots-rule");
  const robots = robotsRules.length > 0 ? robotsStep(robotsRules, artifacts) : null;
  if (robots) steps.push({ text: robots.text, effort: "S" });
  const edge = ofKind("edge");
  if (edge.length > 0) {
    steps.push({
      text:
        `Find the firewall, CDN or server rule that answers ${[...new Set(edge.map((cause) => `${cause.agent} with ${cause.answer}`))].join(", ")} while browsers get the page, and let these agents through ` +
        "(Cloudflare: Security → Bots → allow verified AI search bots, or a WAF skip rule for Verified Bots; elsewhere allow the user agents together with the operators' published IP ranges). " +
        "To opt out of AI training, disallow the training crawlers (GPTBot, ClaudeBot, Google-Extended) in robots.txt instead.",
      effort: "S",
    });
  }
  const different = ofKind("different-page");
  if (different.length > 0) {
    steps.push({ text: `Serve ${agentsOf(different).join(", ")} the same HTML as browsers: check user-agent rules in the server, CDN, A/B test or prerender service.`, effort: "S" });
  }
  const directives = ofKind("directive");
  if (directives.length > 0) {
    const sources = [...new Set(directives.map((cause) => cause.directive!.source))];
    steps.push({
      text: `Remove ${sources.map((source) => `\`${source}\``).join(" and ")} from the homepage (the page template's \`<head>\`, or the server or CDN rule that adds the X-Robots-Tag header).`,
      effort: "S",
    });
  }
  if (ofKind("login-wall").length > 0) steps.push({ text: `Serve a public homepage at https://${domain}/ that says what the site offers, with the sign-in form on its own page.`, effort: "M" });
  const shell = ofKind("app-shell");
  if (shell.length > 0) {
    steps.push({
      text: `Render the homepage's content on the server (SSR or static pre-rendering): ${agentsOf(shell).join(", ")} run no JavaScript and see an empty page.`,
      effort: "L",
    });
  }
  const declared = ofKind("declared");
  if (declared.length > 0) {
    steps.push({ text: `The site asks ${[...new Set(declared.map((cause) => cause.text))].join("; ")}. That is the site's choice; to be used in those answers, change the no to yes.`, effort: "S" });
  }
  const effort: Effort = steps.some((step) => step.effort === "L") ? "L" : steps.some((step) => step.effort === "M") ? "M" : "S";
  return {
    what: `Let ${names.join(", and ")}`,
    why: "AI assistants only cite pages their crawlers may index and their fetchers can read; each platform shut out loses its whole audience, however good the rest of the site is.",
    // Numbered only when there is an order to follow: a single step reads as a sentence.
    how: steps.length === 1 ? steps[0]!.text : steps.map((step, index) => `${index + 1}. ${step.text}`).join("\n"),
    effort,
    ...(robots && robots.code.length > 0 ? { code: robots.code } : {}),
  };
}

/** The robots.txt change for the agents its rules keep out, with its code when it can be proven on the whole file. */
function robotsStep(causes: Cause[], artifacts: Artifacts): { text: string; code: FixCode[] } {
  const policy = robotsPolicy(artifacts);
  const agents = [...new Set(causes.map((cause) => cause.agent))];
  if (policy.kind !== "rules") return { text: `Let ${agents.join(", ")} fetch the homepage in robots.txt.`, code: [] };
  return robotsUnblockStep(policy, agents, homepagePath(artifacts));
}
