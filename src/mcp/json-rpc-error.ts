/**
 * JSON-RPC error answers for what never reaches the MCP server: a body that is not JSON, a message that
 * is not JSON-RPC, an oversized body, the wrong HTTP method. The shape is the one the SDK's transport
 * uses, so a client sees one kind of error whichever layer refused its request.
 */

export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;
/** The JSON-RPC range left to implementations; the SDK uses it for transport-level refusals. */
export const JSON_RPC_SERVER_ERROR = -32000;

export function jsonRpcErrorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
