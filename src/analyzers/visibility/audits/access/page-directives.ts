import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed } from "../audit.ts";
import { type Directive, headerDirectives, metaDirectives } from "../../derive/indexing-directives.ts";

/**
 * Page-level indexing directives: <meta name="robots"> (or a crawler's own name) and the X-Robots-Tag
 * header. noindex keeps the page out of every index AI answers draw on; nosnippet and max-snippet:0 stop
 * Google and Bing from quoting it in AI Overviews and Copilot; noai is a non-standard opt-out few honour.
 */

export const pageDirectives: AuditRule<"readable-homepage"> = {
  id: "page-directives",
  title: "No noindex or nosnippet on the homepage",
  impact: "critical",
  requires: ["readable-homepage"],
  run,
};

type Finding = { severity: "gate" | "fail" | "warn"; score: number; text: string; directive: Directive };

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const directives = [...metaDirectives(homepage.document), ...headerDirectives(homepage.response.headers["x-robots-tag"])];
  const findings = directives.flatMap(judge);
  if (findings.length === 0) {
    return passed(
      directives.length === 0
        ? "No meta robots tag or X-Robots-Tag header restricts indexing or snippets."
        : `The page directives (${[...new Set(directives.map((directive) => directive.directive))].join(", ")}) do not restrict indexing or snippets.`,
      [...new Set(directives.map((directive) => directive.source))],
    );
  }
  const worst = findings.reduce((a, b) => (b.score < a.score ? b : a));
  return {
    status: worst.severity === "warn" ? "warn" : "fail",
    score: worst.score,
    blocking: findings.some((finding) => finding.severity === "gate") || undefined,
    detail: `${sourcesOf(findings).map((source) => `\`${source}\``).join(" and ")}: ${findings.map((finding) => finding.text).join("; ")}.`,
    evidence: sourcesOf(findings),
    fix: fixFor(findings),
  };
}

function judge(directive: Directive): Finding[] {
  const who = directive.scope === "all" ? "every crawler" : directive.scope;
  const name = directive.directive.replace(/\s+/g, "");
  if (name === "noindex" || name === "none") {
    // Only a directive aimed at every crawler is a gate; one aimed at a single crawler still costs that crawler's answers.
    const everyone = directive.scope === "all";
    return [
      {
        severity: everyone ? "gate" : "fail",
        score: everyone ? 0 : 0.3,
        text: `${name} tells ${who} not to index the homepage, so it cannot appear in AI answers built on that index`,
        directive,
      },
    ];
  }
  if (name === "nosnippet" || name === "max-snippet:0") {
    return [{ severity: "fail", score: 0.3, text: `${name} forbids ${who} to quote the page, so AI answers (Google AI Overviews, Bing Copilot) cannot cite its text`, directive }];
  }
  const snippet = /^max-snippet:(\d+)$/.exec(name);
  if (snippet && Number(snippet[1]) < 50) {
    return [{ severity: "warn", score: 0.7, text: `${name} limits quotes by ${who} to ${snippet[1]} characters, too short for an AI answer to cite a useful passage`, directive }];
  }
  if (name === "noai" || name === "noimageai") {
    return [
      {
        severity: "warn",
        score: 0.8,
        text: `${name} is a non-standard opt-out: few AI crawlers honour it, and those that do may leave the page out of answers too`,
        directive,
      },
    ];
  }
  return [];
}

function sourcesOf(findings: Finding[]): string[] {
  return [...new Set(findings.map((finding) => finding.directive.source))];
}

function fixFor(findings: Finding[]): Fix {
  const sources = sourcesOf(findings);
  const directives = [...new Set(findings.map((finding) => finding.directive.directive))];
  const onlyOptOut = findings.every((finding) => ["noai", "noimageai"].includes(finding.directive.directive));
  return {
    what: `Remove ${directives.map((directive) => `\`${directive}\``).join(", ")} from the homepage`,
    why: onlyOptOut
      ? "noai is not a standard; if the goal is to keep content out of model training, robots.txt rules for the training crawlers (GPTBot, ClaudeBot, Google-Extended, CCBot) do that reliably without affecting AI search."
      : "AI assistants answer from search indexes and quote page text; a page that may not be indexed or quoted cannot be cited.",
    how:
      `Edit ${sources.map((source) => `\`${source}\``).join(" and ")}: drop those values ` +
      "(in the page template's `<head>`, or the server/CDN rule that adds the X-Robots-Tag header). For an intentional limit on quote length, use max-snippet:160 or more.",
    effort: "S",
  };
}
