import type { Artifacts } from "../../gather/artifacts.ts";
import { agentOfferingsView } from "../../derive/agent-offerings-view.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { agentLinks } from "../../derive/agent-links.ts";

/**
 * What the site offers agents that read and act: a Markdown answer to `Accept: text/markdown`, and the
 * agent-protocol documents at their well-known paths, each validated against the fields its specification
 * requires. It weighs nothing: a content site without them loses nothing, so the audit is not applicable
 * unless the site publishes one; retired or never-specified files are named as such.
 */
export const agentOfferings: AuditRule<never> = {
  id: "agent-offerings",
  title: "What the site offers agents is published where they look, and valid",
  impact: "low",
  requires: [],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const view = agentOfferingsView(artifacts);
  const gathered = artifacts.agentDocuments;
  if (!view || !gathered) return { status: "na", score: null, detail: "What the site offers agents was not checked in this scan.", evidence: [] };
  const markdown = view.markdown;
  const offered: string[] = [];
  const problems: string[] = [];
  const retired = view.documents.filter((document) => document.state === "unspecified");
  const evidence = view.documents.map((document) => `${document.url}: ${document.served}`);
  for (const document of view.documents) {
    if (document.state === "invalid") problems.push(`the ${document.name} at ${document.url} ${document.problem}${document.problem!.includes(document.source) ? "" : ` (${document.source})`}`);
    else if (document.state === "valid") offered.push(`${document.name} (${document.url})`);
  }
  if (markdown.served) offered.unshift(markdown.text);
  const links = agentLinks(artifacts);
  if (links.length > 0) offered.push(`links for agents (${links.slice(0, 5).map((link) => `rel="${link.rel}" → ${link.href}, in the ${link.source}`).join("; ")})`);
  if (gathered.markdown.ok) evidence.unshift(`${gathered.markdown.url} with Accept: text/markdown: HTTP ${gathered.markdown.status}, ${gathered.markdown.contentType ?? "no Content-Type"}${gathered.markdown.vary ? `, Vary: ${gathered.markdown.vary}` : ""}`);
  const retiredNote = retired.length > 0 ? ` Retired or never specified: ${retired.map((entry) => `${entry.url}: ${entry.note}`).join("; ")}.` : "";
  if (problems.length > 0 || (markdown.served && !markdown.varies) || (retired.length > 0 && offered.length === 0)) {
    const issues = [...problems, ...(markdown.served && !markdown.varies ? ["the Markdown answer has no `Vary: Accept`, so a cache may hand it to browsers, or the HTML to agents"] : [])];
    return {
      status: "warn",
      score: 0.5,
      detail: `${offered.length > 0 ? `The site offers agents ${offered.join(", ")}. ` : ""}${issues.length > 0 ? `But ${issues.join("; ")}.` : ""}${retiredNote}`.trim(),
      evidence,
      fix: {
        what: problems.length > 0 ? "Complete the agent documents" : issues.length > 0 ? "Send Vary: Accept with the Markdown answer" : "Remove the retired agent files",
        why: "Agents read these documents to learn what the site offers and how to connect; one missing a required field is ignored, and a retired one misleads.",
        how: [...issues.map((issue) => `- Fix: ${issue}.`), ...retired.map((entry) => `- Remove ${entry.url}; ${entry.instead}.`)].join("\n"),
        effort: "S",
      },
    };
  }
  if (offered.length === 0) {
    return {
      status: "na",
      score: null,
      detail: `The site publishes no agent-protocol document (A2A agent card, MCP server card, API catalog, OAuth metadata) and answers a request for Markdown with ${markdown.text}. These are for sites that offer agents a service; a site without them loses nothing.${retiredNote}`,
      evidence,
    };
  }
  return passed(`The site offers agents ${offered.join(", ")}.${retiredNote}`, evidence);
}
