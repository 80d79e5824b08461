import type { AgentDocumentsArtifact, Artifacts, TextFileArtifact } from "../../gather/artifacts.ts";
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

type Check = (json: Record<string, unknown>, origin: string) => string | null;

/** The fields each specification requires, checked on a JSON object. */
const DOCUMENTS: Record<string, { name: string; source: string; check: Check }> = {
  "a2a-agent-card": {
    name: "an A2A agent card",
    source: "a2a-protocol.org, AgentCard",
    check: (json) => (typeof json.name !== "string" ? "has no `name`" : !Array.isArray(json.skills) ? "has no `skills` list" : typeof json.url !== "string" && !Array.isArray(json.supportedInterfaces) ? "names no endpoint (`url` or `supportedInterfaces`)" : null),
  },
  "mcp-server-card": {
    name: "an MCP server card",
    source: "SEP-2127, server-card schema v1",
    check: (json) =>
      json.serverInfo !== undefined && json.remotes === undefined
        ? "is in the old format (`serverInfo`) that the server-card schema v1 replaced"
        : typeof json.name !== "string" ? "has no `name`" : typeof json.version !== "string" ? "has no `version`" : !Array.isArray(json.remotes) || json.remotes.length === 0 ? "lists no `remotes` endpoint" : null,
  },
  "api-catalog": { name: "an API catalog", source: "RFC 9727", check: (json) => (!Array.isArray(json.linkset) ? "is not a linkset (`linkset` list, RFC 9264)" : null) },
  "oauth-authorization-server": {
    name: "OAuth authorization-server metadata",
    source: "RFC 8414",
    // RFC 8414 section 3.3: the issuer must be the URL the metadata was asked for, without the well-known part.
    check: (json, origin) => (typeof json.issuer !== "string" ? "has no `issuer`" : json.issuer.replace(/\/+$/, "") !== origin ? `names the issuer ${json.issuer}, not ${origin} (RFC 8414 section 3.3)` : null),
  },
  "oauth-protected-resource": {
    name: "OAuth protected resource metadata",
    source: "RFC 9728",
    check: (json, origin) => (typeof json.resource !== "string" ? "has no `resource`" : json.resource.replace(/\/+$/, "") !== origin ? `names the resource ${json.resource}, not ${origin} (RFC 9728 section 3.3)` : null),
  },
};

const RETIRED: Record<string, string> = {
  "ai-plugin": "ai-plugin.json is the manifest of ChatGPT plugins, which OpenAI retired in 2024; no agent reads it now",
  "mcp-json": "/.well-known/mcp.json was never specified by MCP (its discovery document is the server card, SEP-2127)",
};

function run(artifacts: Artifacts): AuditOutcome {
  const gathered = artifacts.agentDocuments;
  if (!gathered) return { status: "na", score: null, detail: "What the site offers agents was not checked in this scan.", evidence: [] };
  const origin = new URL(gathered.markdown.url).origin;
  const markdown = markdownNote(gathered);
  const offered: string[] = [];
  const problems: string[] = [];
  const retired: string[] = [];
  const evidence: string[] = [];
  for (const { kind, file } of gathered.documents) {
    const json = jsonObject(file);
    if (!json || !file.ok) continue;
    evidence.push(`${file.url}: HTTP ${file.status}, ${file.contentType ?? "no Content-Type"}`);
    if (RETIRED[kind]) retired.push(`${file.url}: ${RETIRED[kind]}`);
    const document = DOCUMENTS[kind];
    if (!document) continue;
    const problem = document.check(json, origin);
    if (problem) problems.push(`the ${document.name} at ${file.url} ${problem}${problem.includes(document.source) ? "" : ` (${document.source})`}`);
    else offered.push(`${document.name} (${file.url})`);
  }
  if (markdown.served) offered.unshift(markdown.text);
  const links = agentLinks(artifacts);
  if (links.length > 0) offered.push(`links for agents (${links.slice(0, 5).map((link) => `rel="${link.rel}" → ${link.href}, in the ${link.source}`).join("; ")})`);
  if (gathered.markdown.ok) evidence.unshift(`${gathered.markdown.url} with Accept: text/markdown: HTTP ${gathered.markdown.status}, ${gathered.markdown.contentType ?? "no Content-Type"}${gathered.markdown.vary ? `, Vary: ${gathered.markdown.vary}` : ""}`);
  const retiredNote = retired.length > 0 ? ` Retired or never specified: ${retired.join("; ")}.` : "";
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
        how: [...issues.map((issue) => `- Fix: ${issue}.`), ...retired.map((entry) => `- Remove ${entry.split(":")[0]}, or replace it with the current document.`)].join("\n"),
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

function markdownNote(gathered: AgentDocumentsArtifact): { served: boolean; varies: boolean; text: string } {
  const answer = gathered.markdown;
  if (!answer.ok) return { served: false, varies: false, text: `no answer (${answer.error.message})` };
  const served = answer.status < 300 && /^text\/markdown\b/i.test(answer.contentType ?? "");
  const varies = /(^|,)\s*(accept|\*)\s*(,|$)/i.test(answer.vary ?? "");
  return { served, varies, text: served ? `Markdown when asked for it (Content-Type ${answer.contentType}${varies ? ", Vary: Accept" : ""})` : `HTML (${answer.contentType ?? "no Content-Type"})` };
}

/** The document as a JSON object, or null: a 2xx whose body parses to an object; an HTML soft 404 is not one. */
function jsonObject(file: TextFileArtifact): Record<string, unknown> | null {
  if (!file.ok || file.status >= 300 || file.truncated) return null;
  try {
    const value: unknown = JSON.parse(file.text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
