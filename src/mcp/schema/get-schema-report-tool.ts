import { z } from "zod";
import type { SchemaRecord } from "../../analyzers/schema/record-schema.ts";
import { readDomainReport } from "../../reports/domain-report.ts";
import { pageOfDomain, reportSubjectOf } from "../../reports/report-subject.ts";
import { defineTool, type McpTool } from "../mcp-tool.ts";
import type { McpToolDeps } from "../tool-registry.ts";
import { reportUrl } from "../report-url.ts";
import { digestSchemaRecord, SchemaDigestOutput } from "./record-digest.ts";
import { summarizeSchemaRecord } from "./record-summary.ts";

const GetSchemaReportInput = z.object({
  domain: z.string().min(1).max(2048).describe("The domain whose record to fetch, such as example.com (a URL on the site works too)."),
  url: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe("Optional: the page of the domain whose latest record to fetch (records are kept per page), such as https://example.com/products/1. Without it, the domain's latest record, whichever page it is of."),
});

const GetSchemaReportOutput = z.object({
  domain: z.string().describe("The normalised domain (lowercase, without www.)."),
  found: z.boolean().describe("false when no page of the domain has been analysed (or the first analysis has not finished)."),
  scanRunning: z.boolean().describe("true when an analysis for the domain is queued or running now."),
  summary: SchemaDigestOutput.nullable().describe("The latest stored record in brief (counts, the first items, the suggested JSON-LD), whatever its age; null when none exists."),
  reportUrl: z.string().describe("Where the full record is served as JSON (GET, no authentication)."),
});

/** get_schema_report: the MCP face of GET /api/report/:domain.json for the schema service; free. */
export function getSchemaReportTool(deps: McpToolDeps): McpTool {
  return defineTool({
    name: "get_schema_report",
    title: "Get the stored structured data report of a domain",
    description:
      "Fetch the latest stored structured data record of a domain without fetching any page, in brief: the counts, the first items with " +
      "their errors and rich-result verdicts, and the suggested JSON-LD; the full record is at reportUrl. Free: no rate limit. Use it after analyze_page said the analysis was still " +
      "running, or to look up a domain analysed before. Records are kept per page: pass `url` for one page's record. A domain (or page) " +
      "never analysed answers found=false (not an error): call analyze_page.",
    inputSchema: GetSchemaReportInput,
    outputSchema: GetSchemaReportOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const target = reportSubjectOf(args.domain);
      if (!target.ok) return { ok: false, text: `${JSON.stringify(args.domain)} is not a domain: ${target.error}` };
      const domain = target.subject.domain;
      const page = args.url === undefined ? null : pageOfDomain(domain, args.url);
      if (page && !page.ok) return { ok: false, text: page.error };
      const subject = page?.ok ? page.subject : target.subject;
      const url = reportUrl(deps.publicUrl, domain) + (args.url === undefined ? "" : `?url=${encodeURIComponent(args.url.trim())}`);
      const { latest: stored, running: active } = await readDomainReport(deps.db, subject);
      const scanRunning = active !== null;
      if (!stored) {
        return {
          ok: true,
          structured: { domain, found: false, scanRunning, summary: null, reportUrl: url },
          text: page
            ? scanRunning
              ? `${args.url} has no record yet: its first analysis is running. Call get_schema_report again in 10-20 seconds.`
              : `${args.url} has not been analysed. Call analyze_page with {"url":${JSON.stringify(args.url)}} to analyse it.`
            : scanRunning
              ? `${domain} has no record yet: its first analysis is running. Call get_schema_report again in 10-20 seconds.`
              : `No page of ${domain} has been analysed. Call analyze_page with {"url":"https://${domain}/"} (or a page URL) to analyse one.`,
        };
      }
      const record = JSON.parse(stored.recordJson) as SchemaRecord;
      return { ok: true, structured: { domain, found: true, scanRunning, summary: digestSchemaRecord(record), reportUrl: url }, text: summarizeSchemaRecord(record, url) };
    },
  });
}
