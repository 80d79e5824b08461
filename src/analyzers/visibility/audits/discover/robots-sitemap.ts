import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { counted } from "../wording.ts";
import { codeBlock } from "../fix-code.ts";

/** A Sitemap line in robots.txt is how crawlers that have never seen the site find all of its pages. */
export const robotsSitemap: AuditRule<"robots-policy"> = {
  id: "robots-sitemap",
  title: "robots.txt points to a sitemap",
  impact: "medium",
  requires: ["robots-policy"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"robots-policy">): AuditOutcome {
  const policy = inputs["robots-policy"];
  if (policy.kind === "disallow-all") return unknownOutcome(policy.reason);
  const origin = artifacts.homepage.ok ? new URL(artifacts.homepage.finalUrl).origin : `https://${artifacts.domain}`;
  if (policy.kind === "rules") {
    const sitemaps = policy.robot.getSitemaps();
    if (sitemaps.length > 0) {
      return passed(`robots.txt lists ${counted(sitemaps.length, "sitemap")}.`, sitemaps.slice(0, 5).map((sitemap) => `Sitemap: ${sitemap}`));
    }
  }
  const line = `Sitemap: ${origin}/sitemap.xml`;
  return {
    status: "warn",
    score: 0.5,
    detail:
      policy.kind === "rules"
        ? `${policy.url} has no Sitemap line, so crawlers must find the site's pages by following links.`
        : "There is no robots.txt to point crawlers to a sitemap, so they must find the site's pages by following links.",
    evidence: [],
    fix: {
      what: "List the sitemap in robots.txt",
      why: "Crawlers, including AI search crawlers, read robots.txt first; a Sitemap line hands them every page you want found.",
      how: `${policy.kind === "rules" ? "Add this line to" : "Create"} ${origin}/robots.txt${policy.kind === "rules" ? "" : " (a plain-text file, Content-Type text/plain) with this line"} (adjusting the URL to your sitemap; generate one with your CMS or framework if there is none):\n\n${codeBlock("text", line)}`,
      effort: "S",
      code: [{ where: { kind: "lines", url: `${origin}/robots.txt` }, language: "text", code: line }],
    },
  };
}
