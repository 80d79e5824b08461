import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed } from "../audit.ts";
import { ccBotBlocked } from "../../derive/robots/robots-ccbot.ts";

/** Common Crawl is the open crawl most language models are trained on: pages in it reach those models. */
export const commonCrawl: AuditRule<"offsite" | "offsite-common-crawl"> = {
  id: "common-crawl",
  title: "The site's pages are in Common Crawl",
  impact: "low",
  requires: ["offsite", "offsite-common-crawl"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"offsite" | "offsite-common-crawl">): AuditOutcome {
  const check = inputs["offsite-common-crawl"];
  if (check.status === "found") return passed(check.detail, [check.url ?? ""].filter(Boolean));
  const blocked = ccBotBlocked(artifacts);
  if (blocked) {
    // Keeping CCBot out is a training opt-out: the owner's choice, not a fault.
    return notApplicable(`${check.detail} robots.txt blocks CCBot (${blocked}), so this is the site's own choice and does not lower the score.`);
  }
  return {
    status: "fail",
    score: 0,
    detail: check.detail,
    evidence: [],
    fix: {
      what: "Let Common Crawl find the site",
      why: "Models trained on Common Crawl know only the sites it captured; a site missing from it is absent from their training data.",
      how: `Make sure robots.txt does not block CCBot and that ${artifacts.domain} is linked from other sites and lists all pages in its sitemap; the next monthly crawls will pick it up.`,
      effort: "M",
    },
  };
}
