import type { Artifacts } from "../../gather/artifacts.ts";
import { PURPOSE_WORDS, type UseDecision, type UsageFinding, usagePolicy } from "../../derive/usage-policy/usage-policy.ts";
import { type AuditOutcome, type AuditRule, passed } from "../audit.ts";

/**
 * What the site tells AI systems they may do with it, platform by platform and purpose by purpose, read
 * by the usage-policy resolver from every carrier (robots.txt, Content Signals, AIPREF Content-Usage,
 * TDMRep, RSL, noai, snippet and archive directives, Cloudflare's managed robots.txt), with every
 * contradiction in what it declares. The choices themselves are the owner's and never cost points
 * (weight 0); contradictions are reported with a fix, because one of the two statements is not what the
 * owner meant. What a no to search or answers does to reach is ai-platform-reach's.
 */
export const aiUsageSignals: AuditRule<never> = {
  id: "ai-usage-signals",
  title: "AI usage signals: what the site allows, and whether its signals agree",
  impact: "low",
  requires: [],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const policy = usagePolicy(artifacts);
  const evidence = [
    ...policy.platforms.map((entry) => `${entry.platform.name}: ${entry.decisions.map(decisionWords).join("; ")}`),
    ...policy.declarations.map((source) => `declared: ${source.where} \`${source.text}\` (${source.spec})`),
  ];
  const cloudflare = policy.cloudflare;
  const managed = cloudflare
    ? ` robots.txt holds Cloudflare's managed block (lines ${cloudflare.begin}–${cloudflare.end ?? "end"})${cloudflare.disallowed.length > 0 ? `, which disallows ${cloudflare.disallowed.map((entry) => `${entry.token} (line ${entry.line}; ${entry.ownRule})`).join(", ")}` : ""}.`
    : "";
  const rsl = policy.rsl.validation?.ok ? ` The RSL licence at ${policy.rsl.validation.url} answers and parses (${policy.rsl.validation.contents} licensed content ${policy.rsl.validation.contents === 1 ? "entry" : "entries"}${policy.rsl.validation.prohibits.length > 0 ? `; prohibits ${policy.rsl.validation.prohibits.join(", ")}` : ""}).` : "";
  const declared = policy.declarations.length === 0 ? "The site declares no AI usage preference beyond robots.txt." : `The site declares ${policy.declarations.length} AI usage ${policy.declarations.length === 1 ? "preference" : "preferences"}: ${policy.declarations.map((source) => `\`${source.text}\` (${source.where})`).join(", ")}.`;
  const summary = `${declared}${managed}${rsl} Training choices are the site's and never lower the score.`;
  if (policy.findings.length === 0) return passed(summary, evidence);
  return {
    status: "warn",
    score: 0.5,
    detail: `${summary} ${policy.findings.length === 1 ? "One signal contradicts another or declares nothing" : `${policy.findings.length} signals contradict one another or declare nothing`}: ${policy.findings.map((finding) => finding.text).join(" ")}`,
    evidence: [...policy.findings.map((finding) => `${finding.kind}: ${finding.source.where} (${finding.source.spec})`), ...evidence],
    fix: fixFor(policy.findings),
  };
}

function decisionWords(decision: UseDecision): string {
  const what = PURPOSE_WORDS[decision.purpose];
  if (decision.state === "allowed") return `${what} allowed${decision.source ? ` (${decision.source.where})` : ""}`;
  const by = decision.source ? ` by ${decision.source.where} \`${decision.source.text}\`` : "";
  if (decision.state === "disallowed") return `${what} disallowed${by}`;
  return `${what}: the site asks not${by}, a request (${decision.honouring ?? "honouring not documented"})`;
}

function fixFor(findings: UsageFinding[]) {
  const steps = [...new Set(findings.map((finding) => finding.fix))];
  return {
    what: "Make the site's AI usage signals say one thing",
    why: "Crawlers obey the signal they are documented to read; when two signals disagree, or one is misspelt, what the site gets is not what it declared.",
    how: steps.length === 1 ? steps[0]! : steps.map((step, index) => `${index + 1}. ${step}`).join("\n"),
    effort: "S" as const,
  };
}
