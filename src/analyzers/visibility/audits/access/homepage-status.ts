import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { counted } from "../wording.ts";

export const homepageStatus: AuditRule<never> = {
  id: "homepage-status",
  title: "Homepage answers with a page",
  impact: "critical",
  requires: [],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = artifacts.homepage;
  if (!homepage.ok) {
    return {
      status: "fail",
      score: 0,
      blocking: true,
      detail: `The homepage could not be loaded: ${homepage.error.message} (${homepage.error.url}).`,
      evidence: homepage.failedAttempts.map((attempt) => `${attempt.url}: ${attempt.code}`),
      fix: {
        what: "Make the homepage load",
        why: "Crawlers give up on a page they cannot load, so nothing on the site can be read or cited.",
        how:
          homepage.error.code === "too-many-redirects"
            ? `Fix the redirect loop starting at ${homepage.error.url}: each URL should redirect at most once or twice, straight to the final https:// address.`
            : `Make ${homepage.error.url} answer with a normal HTML page over http(s).`,
        effort: "M",
      },
    };
  }
  const chain = [...homepage.redirects.map((hop) => `${hop.url} → ${hop.status}`), `${homepage.finalUrl} → ${homepage.status}`];
  if (homepage.status >= 200 && homepage.status <= 299) {
    const hops = homepage.redirects.length;
    return passed(
      hops === 0 ? `${homepage.finalUrl} answered HTTP ${homepage.status}.` : `${homepage.requestedUrl} reached ${homepage.finalUrl} (HTTP ${homepage.status}) after ${counted(hops, "redirect")}.`,
      chain,
    );
  }
  const errorPage = homepage.status >= 400;
  const challenge = homepage.headers["cf-mitigated"] ? ` with \`cf-mitigated: ${homepage.headers["cf-mitigated"]}\` (a bot-protection challenge)` : "";
  return {
    status: "fail",
    score: 0,
    blocking: errorPage || undefined,
    detail: errorPage
      ? `The homepage answered HTTP ${homepage.status}${challenge}${!challenge && (homepage.status === 403 || homepage.status === 429) ? ": a firewall or bot protection may be turning crawlers away" : ""}. Crawlers cannot read or cite an error page.`
      : `The homepage answered HTTP ${homepage.status} without leading to a page.`,
    evidence: chain,
    fix: {
      what: "Serve the homepage with status 200",
      why: "AI crawlers and search engines only index pages that answer 2xx; an error status tells them there is nothing to read.",
      how:
        homepage.status === 403 || homepage.status === 429
          ? `Check the WAF / bot-protection rules in front of ${homepage.finalUrl}: allow verified search and AI crawlers (by user agent and published IP ranges) instead of challenging them.`
          : `Make ${homepage.finalUrl} answer 200 with the homepage's HTML (a redirect to the real homepage is fine).`,
      effort: "M",
    },
  };
}
