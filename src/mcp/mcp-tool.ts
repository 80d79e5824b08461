import type { z } from "zod";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { MAX_MCP_ANSWER_BYTES, MAX_MCP_STRUCTURED_BYTES } from "./mcp-answer-limit.ts";

/**
 * One tool an MCP client can call. Each service contributes its own (see tool-registry.ts); the
 * endpoint registers them on a fresh MCP server per request. Inputs are validated by the SDK against
 * `inputSchema` before `call` runs, and successful outputs against `outputSchema` before they leave.
 */
export interface McpTool {
  name: string;
  title: string;
  /** Written for a model: when to use the tool, what it costs, what comes back. */
  description: string;
  inputSchema: z.ZodObject<z.ZodRawShape>;
  outputSchema: z.ZodObject<z.ZodRawShape>;
  annotations: ToolAnnotations;
  call(args: unknown, context: ToolCallContext): Promise<CallToolResult>;
}

/** What a tool knows about the call beyond its arguments. */
export interface ToolCallContext {
  /** The caller's address as the rate limits see it (X-Forwarded-For only through TRUST_PROXY hops). */
  clientIp: string;
  /** The request's Authorization header, for tools that read an account's own data; null when absent. */
  authorization: string | null;
  /** Fires when the client cancels the call or goes away. */
  signal: AbortSignal;
  /** Reports progress when the client asked for it (sent a progress token); otherwise does nothing. */
  progress(progress: number, total: number, message: string): Promise<void>;
}

/**
 * A tool's answer: structured content (which must match the output schema) plus a readable summary,
 * or a refusal whose text states the problem. A refusal becomes a tool error (`isError: true`) that the
 * model reads, not a protocol error, as the MCP specification asks for failures the model can act on.
 */
export type ToolAnswer<TOutput> = { ok: true; structured: TOutput; text: string } | { ok: false; text: string };

/** Defines a tool with typed arguments and output; the registry only sees the erased `McpTool`. */
export function defineTool<TInput extends z.ZodRawShape, TOutput extends z.ZodRawShape>(tool: {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject<TInput>;
  outputSchema: z.ZodObject<TOutput>;
  annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<TInput>>, context: ToolCallContext): Promise<ToolAnswer<z.infer<z.ZodObject<TOutput>>>>;
}): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as unknown as z.ZodObject<z.ZodRawShape>,
    outputSchema: tool.outputSchema as unknown as z.ZodObject<z.ZodRawShape>,
    annotations: tool.annotations,
    async call(args, context) {
      const answer = await tool.run(args as z.infer<z.ZodObject<TInput>>, context);
      if (!answer.ok) return { content: [{ type: "text", text: cutToBytes(answer.text, MAX_MCP_ANSWER_BYTES) }], isError: true };
      const structuredBytes = Buffer.byteLength(JSON.stringify(answer.structured), "utf8");
      // Summaries are bounded by construction; this is the guarantee, never the rule.
      if (structuredBytes > MAX_MCP_STRUCTURED_BYTES) {
        return { content: [{ type: "text", text: `The answer would hold ${structuredBytes} bytes of structured content, over the ${MAX_MCP_STRUCTURED_BYTES} bytes an MCP answer may.` }], isError: true };
      }
      const text = cutToBytes(answer.text, MAX_MCP_ANSWER_BYTES - structuredBytes);
      return { content: [{ type: "text", text }], structuredContent: answer.structured as Record<string, unknown> };
    },
  };
}

const CUT_NOTE = "\n… [cut: an MCP answer holds at most 256 KiB; the full record is at the answer's reportUrl]";

/** `text` within `maxBytes` of UTF-8, ending with a note when it was cut. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const room = Math.max(0, maxBytes - Buffer.byteLength(CUT_NOTE, "utf8"));
  const bytes = Buffer.from(text, "utf8").subarray(0, room);
  // A character cut in two decodes as U+FFFD: drop it.
  return bytes.toString("utf8").replace(/\uFFFD$/, "") + CUT_NOTE;
}
