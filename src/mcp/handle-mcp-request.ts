import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { readJsonBody } from "../http/read-json-body.ts";
import { createMcpServer } from "./create-mcp-server.ts";
import { JSON_RPC_INVALID_REQUEST, JSON_RPC_PARSE_ERROR, JSON_RPC_SERVER_ERROR, jsonRpcErrorResponse } from "./json-rpc-error.ts";
import { MAX_MCP_BODY_BYTES } from "./mcp-body-limit.ts";
import type { McpServiceTools } from "./tool-registry.ts";

export { MAX_MCP_BODY_BYTES };
/**
 * Answers are event streams, and comment frames keep a long tool call's stream alive: Bun closes a
 * connection that stays silent for 10 seconds (its default idle timeout; a stream's headers only leave
 * with its first bytes), proxies do the same after their own timeouts, and scan_site may wait 25 seconds.
 */
const KEEP_ALIVE_MS = 5_000;

export interface McpEndpoint {
  /** The server name announced at initialization, e.g. "sightline-visibility". */
  name: string;
  version: string;
  publicUrl: string;
  offer: McpServiceTools;
}

/**
 * POST /mcp: the Streamable HTTP transport in stateless mode. Every request gets its own MCP server
 * and transport. The body is read and checked here first, so that a body that is too large, not JSON,
 * or not JSON-RPC gets a JSON-RPC error with the right code (the SDK would call all of them parse
 * errors) and never reaches the server.
 */
export async function handleMcpPost(endpoint: McpEndpoint, request: Request, clientIp: string): Promise<Response> {
  const origin = request.headers.get("origin");
  // The MCP specification asks servers to refuse foreign origins (DNS rebinding); agents send none.
  if (origin !== null && origin !== new URL(endpoint.publicUrl).origin) {
    return jsonRpcErrorResponse(403, JSON_RPC_SERVER_ERROR, "Forbidden: requests from this Origin are not accepted.");
  }

  const body = await readJsonBody(request, MAX_MCP_BODY_BYTES);
  if (!body.ok) {
    return body.status === 413
      ? jsonRpcErrorResponse(413, JSON_RPC_SERVER_ERROR, `Payload Too Large: the request body must not exceed ${MAX_MCP_BODY_BYTES} bytes.`)
      : jsonRpcErrorResponse(400, JSON_RPC_PARSE_ERROR, "Parse error: the request body is empty or not valid JSON.");
  }
  const invalid = jsonRpcShapeError(body.value);
  if (invalid) return jsonRpcErrorResponse(400, JSON_RPC_INVALID_REQUEST, `Invalid Request: ${invalid}`);

  const server = createMcpServer({ name: endpoint.name, version: endpoint.version, offer: endpoint.offer, clientIp, authorization: request.headers.get("authorization") });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, keepAliveMs: KEEP_ALIVE_MS });
  await server.connect(transport);
  const close = () => void server.close().catch(() => {});
  const response = await transport.handleRequest(request, { parsedBody: body.value });
  // A streamed answer lives until its last message is written; a client that leaves first cancels the tool calls.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) request.signal.addEventListener("abort", close, { once: true });
  else close();
  return response;
}

/**
 * Why `value` is not one JSON-RPC message, or null when it is. A batch (an array) is refused: the MCP
 * specification removed JSON-RPC batching in revision 2025-06-18, whose Streamable HTTP transport says
 * "The body of the POST request MUST be a single JSON-RPC request, notification, or response" and that
 * a server that cannot accept the input returns an HTTP error status (400) whose body may be a JSON-RPC
 * error without an id. So one request holds at most one tool call (one batch of 10 get_schema_report
 * calls was answered with 212 MB; 100 scan_site calls in one batch made 100 waits).
 */
function jsonRpcShapeError(value: unknown): string | null {
  if (Array.isArray(value)) return BATCH_REFUSAL;
  return JSONRPCMessageSchema.safeParse(value).success ? null : "the body is not a JSON-RPC 2.0 request, notification or response.";
}

export const BATCH_REFUSAL =
  "JSON-RPC batches are not accepted: the body must be a single JSON-RPC request, notification or response (MCP 2025-06-18 and later do not support batching).";
