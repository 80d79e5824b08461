import type { Artifacts } from "../../gather/artifacts.ts";
import { crawler, knownCrawler } from "../../crawlers.ts";
import { AI_PLATFORMS, audienceShare } from "../../platforms.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed, unknownOutcome } from "../audit.ts";
import { type ProbeAnswer, type ProbeVerdict, describeProbe, wordsRead } from "../../derive/probe-verdicts.ts";
import { counted } from "../wording.ts";

/**
 * The live probe: the homepage fetched as the AI platforms' crawlers and fetchers and as a browser. It
 * catches what robots.txt does not show: a firewall, bot-protection challenge or server rule that turns
 * AI agents away, or serves them another page. A bare 403 behind a CDN is inconclusive: CDNs refuse
 * requests that only claim to be a crawler (the real one is recognised by its IP ranges), so a spoofed
 * probe proves nothing there. Each agent counts by the audience of the platforms that rely on it; what
 * that means per platform, and the gates, is ai-platform-reach's job. Training crawlers are never judged.
 */
export const crawlerProbe: AuditRule<"probes"> = {
  id: "crawler-probe",
  title: "AI crawlers are served the same page as browsers",
  impact: "critical",
  requires: ["probes"],
  run,
};

/** How much of an agent's weight each kind of answer loses. */
const LOSS: Record<ProbeVerdict["kind"], number> = { ok: 0, refused: 1, challenge: 1, smaller: 1, inconclusive: 0.25, error: 0 };

function run(_artifacts: Artifacts, inputs: AuditInputs<"probes">): AuditOutcome {
  const comparison = inputs.probes;
  const { browser } = comparison;
  const judged = comparison.verdicts.filter((verdict) => knownCrawler(verdict.agent)?.purpose !== "training");
  const evidence = [describeProbe(browser), ...comparison.verdicts.map((verdict) => describeProbe(verdict.probe) + (judged.includes(verdict) ? "" : " (training crawler: not judged)"))];
  const answered = judged.filter((verdict) => verdict.kind !== "error");
  if (answered.length === 0) return unknownOutcome(`None of the crawler probes got an answer (${judged[0]?.text ?? "no AI search or assistant agent was probed"}).`);

  const refused = answered.filter((verdict) => verdict.kind === "refused" || verdict.kind === "challenge");
  const smaller = answered.filter((verdict) => verdict.kind === "smaller");
  const inconclusive = answered.filter((verdict) => verdict.kind === "inconclusive");
  if (refused.length + smaller.length + inconclusive.length === 0) {
    return passed(`All ${counted(answered.length, "AI crawler probe")} got the same page as the browser (HTTP ${browser.status}, ${wordsRead(browser)}).`, evidence);
  }
  const problems = [...refused, ...smaller, ...inconclusive].map((verdict) => `${verdict.agent}: ${verdict.text}`);
  const total = answered.reduce((sum, verdict) => sum + agentWeight(verdict.agent), 0);
  const lost = answered.reduce((sum, verdict) => sum + agentWeight(verdict.agent) * LOSS[verdict.kind], 0);
  const score = Math.max(0, Math.round((1 - lost / total) * 100) / 100);
  if (refused.length > 0 || smaller.length > 0) {
    return {
      status: "fail",
      score: Math.min(score, 0.99),
      detail:
        `A browser gets ${browser.finalUrl} (HTTP ${browser.status}, ${wordsRead(browser)}), but ${problems.join("; ")}. ` +
        "The AI platforms relying on those agents cannot read the page even where robots.txt allows them.",
      evidence,
      fix: unblockFix(refused, smaller, browser),
    };
  }
  const vendors = [...new Set(inconclusive.map((verdict) => verdict.classification.vendor?.name).filter((name) => name !== undefined))];
  const settle = [...new Set(inconclusive.map((verdict) => verdict.classification.settle).filter((text) => text !== null))];
  return {
    status: "warn",
    score: Math.min(Math.max(0.5, score), 0.99),
    detail:
      `${problems.join("; ")}, while a browser gets the page. ` +
      `${vendors.length > 0 ? `The refusal comes from ${vendors.join(" and ")}, in front of the site, which tells real crawlers from look-alikes by their published IP ranges or signatures` : "A refusal the edge gives a look-alike need not reach the real crawler, which the edge can recognise by its published IP ranges or signature"}; ` +
      `an unsigned probe from the scanner's address cannot show what the real crawlers get, so this is inconclusive. What would settle it: ${settle.join("; ")}.`,
    evidence,
    fix: {
      what: `Check ${vendors.length > 0 ? vendors.join(" and ") : "the CDN"}'s bot rules for AI crawlers`,
      why: "If the edge also refuses the real AI crawlers, the site is invisible to their assistants whatever robots.txt says.",
      how: `In the bot-management settings, allow the verified bots ${inconclusive.map((verdict) => verdict.agent).join(", ")} (Cloudflare: Security → Bots → AI crawlers, or a WAF skip rule for "Verified bots"; Akamai Bot Manager, AWS WAF Bot Control, Vercel and Fastly: an allow rule for verified bots), then check the edge's logs for their requests.`,
      effort: "S",
    },
  };
}

/** The audience share of the platforms that rely on an agent (at least a sliver, so every agent counts). */
function agentWeight(token: string): number {
  const canonical = crawler(token).token;
  const share = AI_PLATFORMS.filter((platform) => [...platform.index, ...platform.fetchers].includes(canonical)).reduce((sum, platform) => sum + audienceShare(platform), 0);
  return Math.max(share, 0.001);
}

function unblockFix(refused: ProbeVerdict[], smaller: ProbeVerdict[], browser: ProbeAnswer): Fix {
  const agents = [...refused, ...smaller].map((verdict) => verdict.agent);
  const challenged = refused.some((verdict) => verdict.kind === "challenge");
  return {
    what: `Let ${agents.join(", ")} read the homepage`,
    why: "AI assistants only cite what their agents can fetch; a firewall or bot rule that refuses them hides the site even when robots.txt allows it.",
    how: challenged
      ? `The bot protection in front of ${browser.finalUrl} challenges these agents. Allow verified AI crawlers instead of challenging them ` +
        "(Cloudflare: Security → Bots → turn off \"Block AI bots\" for search agents, or add a WAF skip rule for Verified Bots; other WAFs: allow-list the user agents together with the operators' published IP ranges)."
      : smaller.length > 0 && refused.length === 0
        ? `The server sends these agents a much shorter page than browsers get. Serve them the same HTML as browsers (check user-agent rules in the server, CDN or prerender service for ${browser.finalUrl}).`
        : `Find the rule that answers ${refused.map((verdict) => `${verdict.agent} (${verdict.text})`).join(", ")}: a web-server, CDN or WAF rule matching their user agents. ` +
          "Remove it for AI search and assistant agents (verify them by their published IP ranges if you must); to opt out of AI training, use robots.txt for the training crawlers instead.",
    effort: "S",
  };
}
