import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { readJsonBody } from "../http/read-json-body.ts";
import { createMcpServer } from "./create-mcp-server.ts";
import { JSON_RPC_INVALID_REQUEST, JSON_RPC_PARSE_ERROR, JSON_RPC_SERVER_ERROR, jsonRpcErrorResponse } from "./json-rpc-error.ts";
import { MAX_MCP_BODY_BYTES } from "./mcp-body-limit.ts";
import type { McpServiceTools } from "./tool-registry.ts";

export { MAX_MCP_BODY_BYTES };
/** The SDK's own cap on one JSON-RPC batch. */
const MAX_BATCH_MESSAGES = 100;
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

/** Why `value` is not a JSON-RPC message or batch of them, or null when it is one. */
function jsonRpcShapeError(value: unknown): string | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return "an empty batch.";
    if (value.length > MAX_BATCH_MESSAGES) return `a batch must not exceed ${MAX_BATCH_MESSAGES} messages.`;
    const index = value.findIndex((message) => !JSONRPCMessageSchema.safeParse(message).success);
    return index < 0 ? null : `message ${index} of the batch is not a JSON-RPC 2.0 request, notification or response.`;
  }
  return JSONRPCMessageSchema.safeParse(value).success ? null : "the body is not a JSON-RPC 2.0 request, notification or response.";
}
