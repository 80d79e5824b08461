import type { McpServiceTools, McpToolDeps } from "../tool-registry.ts";
import { analyzePageTool } from "./analyze-page-tool.ts";
import { getSchemaReportTool } from "./get-schema-report-tool.ts";

/** The schema service's tools and the instructions a client receives when it connects. */
export function schemaTools(deps: McpToolDeps): McpServiceTools {
  return {
    instructions:
      "sightline's schema markup generator analyses the schema.org structured data of a web page (JSON-LD, Microdata, RDFa): errors, " +
      "Google rich-result eligibility, and JSON-LD generated from the page to paste in. analyze_page returns a recent record of the domain at " +
      "no cost and otherwise fetches the page, rate limited; get_schema_report reads the stored record, always free.",
    tools: [analyzePageTool(deps), getSchemaReportTool(deps)],
  };
}
