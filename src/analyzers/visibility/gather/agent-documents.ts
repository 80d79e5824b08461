import type { ScanContext } from "../../analyzer.ts";
import type { AgentDocumentsArtifact, MarkdownAnswer } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";
import { fetchTextFile } from "./text-file.ts";

/**
 * The documents a site publishes for agents that act, at their well-known paths, plus the files that were
 * retired or never specified but are still published. Sources: A2A's agent card
 * (a2a-protocol.org, "Agent Discovery": /.well-known/agent-card.json); the MCP Server Card (SEP-2127,
 * modelcontextprotocol.io/seps/2127-mcp-server-cards; served by its implementations at
 * /.well-known/mcp/server-card.json); RFC 9727 api-catalog; RFC 8414 and RFC 9728 OAuth metadata.
 * NLWeb documents no discovery file: its REST API (github.com/nlweb-ai/NLWeb, docs/nlweb-rest-api.md) is the
 * `/ask` and `/mcp` endpoints and its protocol (github.com/nlweb-ai/nlweb-typespec) adds `who`, none at a
 * well-known path; `/.well-known/nlweb.json`, which audit tools ask for, is read only to name it as unspecified.
 * Asking `/ask` would make the site run a model on our behalf, so an NLWeb endpoint is not probed.
 */
export const AGENT_DOCUMENT_PATHS = {
  "a2a-agent-card": "/.well-known/agent-card.json",
  "mcp-server-card": "/.well-known/mcp/server-card.json",
  "api-catalog": "/.well-known/api-catalog",
  "oauth-authorization-server": "/.well-known/oauth-authorization-server",
  "oauth-protected-resource": "/.well-known/oauth-protected-resource",
  "ai-plugin": "/.well-known/ai-plugin.json",
  "mcp-json": "/.well-known/mcp.json",
  "nlweb-json": "/.well-known/nlweb.json",
} as const;

export type AgentDocumentKind = keyof typeof AGENT_DOCUMENT_PATHS;

/** Each document read at most this much: the specified ones are a few KiB; the bound is 8 × 64 KiB per scan. */
export const AGENT_DOCUMENT_MAX_BYTES = 64 * 1024;
/** The Markdown answer is judged by its headers; a little of the body shows it is not HTML. */
const MARKDOWN_MAX_BYTES = 8 * 1024;

/** Fetches the homepage asked for Markdown and each agent document, in parallel. Never throws. */
export async function gatherAgentDocuments(context: Pick<ScanContext, "fetcher" | "signal">, origin: string): Promise<AgentDocumentsArtifact> {
  const [markdown, ...documents] = await Promise.all([
    markdownAnswer(context, `${origin}/`),
    ...Object.entries(AGENT_DOCUMENT_PATHS).map(async ([kind, path]) => ({ kind: kind as AgentDocumentKind, file: await fetchTextFile(context, `${origin}${path}`, AGENT_DOCUMENT_MAX_BYTES) })),
  ]);
  return { markdown: markdown!, documents };
}

/** The homepage asked for with `Accept: text/markdown`, as coding and browsing agents ask for it. */
async function markdownAnswer(context: Pick<ScanContext, "fetcher" | "signal">, url: string): Promise<MarkdownAnswer> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: MARKDOWN_MAX_BYTES, headers: { accept: "text/markdown" } });
    return { url, ok: true, status: response.status, contentType: response.headers["content-type"]?.slice(0, 100) ?? null, vary: response.headers.vary?.slice(0, 200) ?? null };
  } catch (caught) {
    return { url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}
