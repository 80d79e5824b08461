import { crawlersFor } from "../../crawlers.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed, unknownOutcome } from "../audit.ts";
import { robotsPolicy } from "../../derive/robots/robots-policy.ts";
import { blockingRules, describeBlockingRule, verdictsFor } from "../../derive/robots/robots-verdicts.ts";
import { usagePolicy } from "../../derive/usage-policy/usage-policy.ts";

/**
 * Reports the site's choice about AI-training crawlers. Opting out of training is the owner's call and
 * does not hide the site from AI answers, so this audit never lowers the score: weight 0, always full marks.
 */
const TRAINING = crawlersFor("training");

const SEPARATE_SWITCHES =
  "Training opt-outs do not remove the site from AI answers: search agents (OAI-SearchBot, Claude-SearchBot, PerplexityBot) are separate, " +
  "and disallowing Google-Extended does not remove the site from Google AI Overviews, which use Googlebot.";

export const robotsAiTraining: AuditRule<never> = {
  id: "robots-ai-training",
  title: "AI training crawlers: the site's choice",
  impact: "low",
  // Not "robots-policy": the training choice the site declares elsewhere is reported even when robots.txt cannot be read.
  requires: [],
  run,
};

/** The training choice the site declares outside robots.txt rules, read by the usage-policy resolver (ai-usage-signals reports it in full). */
function withDeclaredTraining(outcome: AuditOutcome, artifacts: Artifacts): AuditOutcome {
  const sources = usagePolicy(artifacts).platforms.flatMap((entry) => entry.decisions).filter((decision) => decision.purpose === "training" && decision.state === "asked-not" && decision.source);
  const said = [...new Set(sources.map((decision) => `\`${decision.source!.text}\` (${decision.source!.where})`))];
  if (said.length === 0) return outcome;
  return { ...outcome, detail: `${outcome.detail} The site also declares a no to training: ${said.join(", ")}; a request the training crawlers are not documented to obey, reported as the site's choice.` };
}

function run(artifacts: Artifacts): AuditOutcome {
  return withDeclaredTraining(judge(artifacts), artifacts);
}

function judge(artifacts: Artifacts): AuditOutcome {
  const policy = robotsPolicy(artifacts);
  switch (policy.kind) {
    case "unknown":
      return unknownOutcome(policy.reason);
    case "disallow-all":
      return notApplicable(`${policy.reason} No choice about training can be read from it.`);
    case "allow-all":
      return passed(`${policy.reason} AI training crawlers may collect the site's content. ${SEPARATE_SWITCHES}`, [policy.reason]);
    case "intercepted":
      return passed(`${policy.url} is an HTML page, so it states no choice: AI training crawlers may collect the site's content.`);
    case "rules": {
      const verdicts = verdictsFor(policy, artifacts, TRAINING);
      const optedOut = verdicts.filter((verdict) => !verdict.allowed).map((verdict) => verdict.token);
      const allowed = verdicts.filter((verdict) => verdict.allowed).map((verdict) => verdict.token);
      const rules = blockingRules(verdicts);
      if (optedOut.length === 0) {
        return passed(
          `robots.txt lets every AI training crawler in (${allowed.join(", ")}). That is a choice, not a problem; to opt out of training, ` +
            `add a \`Disallow: /\` group for those tokens. ${SEPARATE_SWITCHES}`,
        );
      }
      return passed(
        `The site has chosen to opt out of AI training for ${optedOut.join(", ")} (${rules.map(describeBlockingRule).join("; ")}). ` +
          `This is a deliberate choice and does not lower the score.${allowed.length > 0 ? ` Still allowed: ${allowed.join(", ")}.` : ""} ${SEPARATE_SWITCHES}`,
        rules.map((blocking) => `line ${blocking.rule.line} (${blocking.rule.group}): ${blocking.rule.text}`),
      );
    }
  }
}
