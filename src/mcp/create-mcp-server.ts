import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpServiceTools } from "./tool-registry.ts";

/**
 * A fresh MCP server carrying the service's tools, for one HTTP request (the endpoint is stateless:
 * nothing is shared between requests but the store). `clientIp` is the caller the tools' limits count.
 */
export function createMcpServer(options: { name: string; version: string; offer: McpServiceTools; clientIp: string; authorization?: string | null }): McpServer {
  const server = new McpServer({ name: options.name, version: options.version }, { instructions: options.offer.instructions });
  for (const tool of options.offer.tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      (args: unknown, extra) =>
        tool.call(args, {
          clientIp: options.clientIp,
          authorization: options.authorization ?? null,
          signal: extra.signal,
          async progress(progress, total, message) {
            const progressToken = extra._meta?.progressToken;
            if (progressToken === undefined) return;
            await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total, message } });
          },
        }),
    );
  }
  return server;
}
