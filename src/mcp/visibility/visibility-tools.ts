import type { McpServiceTools, McpToolDeps } from "../tool-registry.ts";
import { getReportTool } from "./get-report-tool.ts";
import { scanSiteTool } from "./scan-site-tool.ts";
import { answerResultsTool } from "./answer-results-tool.ts";

/** The visibility service's tools and the instructions a client receives when it connects. */
export function visibilityTools(deps: McpToolDeps): McpServiceTools {
  return {
    instructions:
      "sightline scans websites for AI visibility: how well AI assistants and answer engines can reach, read, understand and cite " +
      "a site, with a 0-100 score, a grade and concrete fixes. scan_site returns a recent record at no cost and otherwise runs a fresh " +
      "scan, rate limited per caller address and per domain; get_report reads the stored record of any age, always free. " +
      "get_answer_results reads what AI answer engines said about a domain your account watches (needs the account's API key).",
    tools: [scanSiteTool(deps), getReportTool(deps), answerResultsTool(deps)],
  };
}
