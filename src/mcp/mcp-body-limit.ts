/**
 * MCP messages are small; a tool call carries a URL. This caps what one request may make us read. Apart
 * from the handler so that the route can describe it without loading the MCP SDK.
 */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
