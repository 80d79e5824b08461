/**
 * What one MCP tool answer may weigh, in bytes of UTF-8: its structured content and its text together.
 * Tools answer with a summary and the URL of the full record (never the record itself, which may be
 * megabytes), so an answer stays far below this; the cap is the guarantee. The request side is
 * MAX_MCP_BODY_BYTES (mcp-body-limit.ts), and one request holds one message (batches are refused).
 */
export const MAX_MCP_ANSWER_BYTES = 256 * 1024;
/** Of that, the structured content may take at most this; the text gets the rest. */
export const MAX_MCP_STRUCTURED_BYTES = 128 * 1024;
