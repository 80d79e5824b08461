import type { AgentDocumentsArtifact, Artifacts, TextFileArtifact } from "../gather/artifacts.ts";

/**
 * What the site offers agents that read and act, judged once for the agent-offerings audit and the
 * report's section: the Markdown answer to `Accept: text/markdown`, and each agent-protocol document
 * found at its well-known path, checked against the fields its specification requires, or named as
 * retired or never specified.
 */
export interface AgentDocumentView {
  /** The gatherer's name for it: "a2a-agent-card", "nlweb-json", … (gather/agent-documents.ts). */
  kind: string;
  url: string;
  /** HTTP status and Content-Type, for evidence. */
  served: string;
  /** "valid": what its specification requires is there; "invalid": `problem` says what is not; "unspecified": retired or never specified. */
  state: "valid" | "invalid" | "unspecified";
  name: string;
  source: string;
  problem: string | null;
  /** For "unspecified": what it is, and what to publish instead. */
  note: string | null;
  instead: string | null;
}

export interface AgentOfferingsView {
  origin: string;
  markdown: { served: boolean; varies: boolean; text: string };
  documents: AgentDocumentView[];
}

export function agentOfferingsView(artifacts: Artifacts): AgentOfferingsView | null {
  const gathered = artifacts.agentDocuments;
  if (!gathered) return null;
  const origin = new URL(gathered.markdown.url).origin;
  const documents: AgentDocumentView[] = [];
  for (const { kind, file } of gathered.documents) {
    const json = jsonObject(file);
    if (!json || !file.ok) continue;
    const served = `HTTP ${file.status}, ${file.contentType ?? "no Content-Type"}`;
    const unread = RETIRED[kind];
    if (unread) {
      documents.push({ kind, url: file.url, served, state: "unspecified", name: unread.name, source: "", problem: null, note: unread.note, instead: unread.instead });
      continue;
    }
    const document = DOCUMENTS[kind];
    if (!document) continue;
    const problem = document.check(json, origin);
    documents.push({ kind, url: file.url, served, state: problem ? "invalid" : "valid", name: document.name, source: document.source, problem, note: null, instead: null });
  }
  return { origin, markdown: markdownNote(gathered), documents };
}

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

/** Files agents do not read, what they are, and what to publish instead. */
const RETIRED: Record<string, { name: string; note: string; instead: string }> = {
  "ai-plugin": { name: "a ChatGPT plugin manifest (ai-plugin.json)", note: "ai-plugin.json is the manifest of ChatGPT plugins, which OpenAI retired in 2024; no agent reads it now", instead: "describe the service with an MCP server card or an A2A agent card" },
  "mcp-json": { name: "/.well-known/mcp.json", note: "/.well-known/mcp.json was never specified by MCP (its discovery document is the server card, SEP-2127)", instead: "publish an MCP server card at /.well-known/mcp/server-card.json" },
  // NLWeb's own docs (github.com/nlweb-ai/NLWeb docs/nlweb-rest-api.md, nlweb-ai/nlweb-typespec) define endpoints, no discovery file.
  "nlweb-json": {
    name: "an NLWeb file (nlweb.json)",
    note: "/.well-known/nlweb.json is not specified by NLWeb, whose documentation defines the /ask and /mcp endpoints and no discovery file",
    instead: "if the site runs NLWeb, describe its /mcp endpoint with an MCP server card",
  },
};

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
