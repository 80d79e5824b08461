import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia } from "elysia";
import { resolveClientIp } from "../limits/client-ip.ts";
import type { McpEndpoint } from "../mcp/handle-mcp-request.ts";
import { JSON_RPC_SERVER_ERROR, jsonRpcErrorResponse } from "../mcp/json-rpc-error.ts";
import { MAX_MCP_BODY_BYTES } from "../mcp/mcp-body-limit.ts";
import type { McpToolDeps } from "../mcp/tool-registry.ts";
import { clientAddressOf } from "./client-address.ts";

export const MCP_PATH = "/mcp";

/** How long scan_site waits for a record before answering "still running", and how often it looks. */
const SCAN_WAIT = { waitMs: 25_000, pollMs: 500 };

export interface McpRoutesDeps extends Omit<McpToolDeps, "scanWait" | "waits"> {
  service: ServiceName;
  version: string;
  trustProxy: number;
  /** Overrides SCAN_WAIT (tests). */
  scanWait?: McpToolDeps["scanWait"];
}

/**
 * The MCP endpoint for agents: POST only, no authentication (callers are anonymous and share the
 * per-IP and per-domain limits). A stateless server offers no SSE stream on GET and no session to
 * DELETE, so those methods, like any other, answer 405 as the transport specification allows.
 *
 * The MCP SDK, zod and the tools (about a third of the idle server's memory) load on the first POST,
 * not at start: most servers never see an agent, and the first call pays some milliseconds once.
 */
export function mcpRoutes(deps: McpRoutesDeps) {
  let loading: Promise<{ endpoint: McpEndpoint; handleMcpPost: typeof import("../mcp/handle-mcp-request.ts").handleMcpPost }> | undefined;
  const load = () =>
    (loading ??= Promise.all([import("../mcp/handle-mcp-request.ts"), import("../mcp/tool-registry.ts"), import("../mcp/scan-waits.ts")]).then(([handler, registry, waits]) => ({
      handleMcpPost: handler.handleMcpPost,
      endpoint: {
        name: `sightline-${deps.service}`,
        version: deps.version,
        publicUrl: deps.publicUrl,
        offer: registry.mcpToolsFor(deps.service, { db: deps.db, scans: deps.scans, publicUrl: deps.publicUrl, scanWait: deps.scanWait ?? SCAN_WAIT, waits: new waits.ScanWaits(), ...(deps.authenticator ? { authenticator: deps.authenticator } : {}) }),
      },
    })));
  const methodNotAllowed = ({ request }: { request: Request }) =>
    jsonRpcErrorResponse(405, JSON_RPC_SERVER_ERROR, `Method not allowed: ${request.method} ${MCP_PATH}. This stateless MCP server answers POST only.`, {
      allow: "POST",
    });
  const hidden = { detail: { hide: true } } as never;
  return new Elysia()
    .post(
      MCP_PATH,
      async ({ request }) => {
        const { handleMcpPost, endpoint } = await load();
        return handleMcpPost(endpoint, request, resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), deps.trustProxy));
      },
      {
        // The body is read by hand, capped, and answered with JSON-RPC errors.
        parse: "none",
        detail: {
          tags: ["Agents"],
          summary: "Model Context Protocol endpoint for AI agents",
          description:
            "The MCP Streamable HTTP transport, stateless, no authentication. Point an MCP client at this URL. Tools: `scan_site` " +
            "(url, forceRescan) starts or reuses a scan and waits up to 25 seconds for the record (at most 2 waits per client address); " +
            "`get_report` (domain) returns the stored record in brief, the full record at its reportUrl. MCP callers share the anonymous " +
            "per-IP and per-domain limits of the web form; cached records cost nothing. One JSON-RPC message per request (batches are " +
            "refused, as MCP 2025-06-18 says); answers hold at most 256 KiB. Send `Accept: application/json, text/event-stream`. Errors " +
            "are JSON-RPC errors: -32700 body not JSON, -32600 not one JSON-RPC message (a batch included), " +
            `413 body over ${MAX_MCP_BODY_BYTES / 1024} KiB; GET and DELETE answer 405.`,
          responses: {
            200: { description: "A JSON-RPC response, as a server-sent event stream (`text/event-stream`)." },
            202: { description: "Notifications or responses only: accepted, no body." },
            400: { description: "A JSON-RPC parse error (-32700), or an invalid request (-32600): not one JSON-RPC message, or a batch (MCP 2025-06-18 removed batching)." },
            406: { description: "The Accept header does not list both application/json and text/event-stream." },
            413: { description: `The request body is larger than ${MAX_MCP_BODY_BYTES / 1024} KiB.` },
          },
        } as never,
      },
    )
    .get(MCP_PATH, methodNotAllowed, hidden)
    .delete(MCP_PATH, methodNotAllowed, hidden)
    .put(MCP_PATH, methodNotAllowed, hidden)
    .patch(MCP_PATH, methodNotAllowed, hidden);
}
