import { z } from "zod";
import type { VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { readDomainReport } from "../../reports/domain-report.ts";
import { reportSubjectOf } from "../../reports/report-subject.ts";
import { defineTool, type McpTool } from "../mcp-tool.ts";
import type { McpToolDeps } from "../tool-registry.ts";
import { reportUrl } from "../report-url.ts";
import { digestVisibilityRecord, VisibilityDigestOutput } from "./record-digest.ts";
import { summarizeRecord } from "./record-summary.ts";

const GetReportInput = z.object({
  domain: z.string().min(1).max(2048).describe("The domain whose record to fetch, such as example.com (a URL on the site works too)."),
});

const GetReportOutput = z.object({
  domain: z.string().describe("The normalised domain (lowercase, without www.)."),
  found: z.boolean().describe("false when the domain has never been scanned (or its first scan has not finished)."),
  scanRunning: z.boolean().describe("true when a scan of the domain is queued or running now."),
  summary: VisibilityDigestOutput.nullable().describe("The latest stored record's score, grade, pillars, top issues and off-site presence, whatever its age; null when none exists."),
  reportUrl: z.string().describe("Where the full record (every signal) is served as JSON (GET, no authentication)."),
});

/**
 * get_report: the MCP face of GET /api/report/:domain.json. "Never scanned" is an answer, not an
 * error (found: false), so that an agent can branch on it and call scan_site; only a domain that
 * cannot be a domain is a tool error.
 */
export function getReportTool(deps: McpToolDeps): McpTool {
  return defineTool({
    name: "get_report",
    title: "Get the stored AI visibility report of a domain",
    description:
      "Fetch the latest stored AI visibility record of a domain without scanning it. Use it to look up a site scanned before, or to " +
      "collect the result after scan_site said its scan was still running. Free: no rate limit, no request to the site. Returns the " +
      "same summary as scan_site (score, grade, pillars, top issues with fixes, off-site presence; the full record at reportUrl) with its scan time, which may be " +
      "old: call scan_site for a current one. When the domain has never been scanned it answers found=false (not an error), with " +
      "scanRunning=true if a scan is under way (ask again in 10-20 seconds); otherwise call scan_site to scan it.",
    inputSchema: GetReportInput,
    outputSchema: GetReportOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const target = reportSubjectOf(args.domain);
      if (!target.ok) return { ok: false, text: `${JSON.stringify(args.domain)} is not a domain: ${target.error}` };
      const domain = target.subject.domain;
      const url = reportUrl(deps.publicUrl, domain);
      const { latest: stored, running: active } = await readDomainReport(deps.db, target.subject);
      const scanRunning = active !== null;
      if (!stored) {
        return {
          ok: true,
          structured: { domain, found: false, scanRunning, summary: null, reportUrl: url },
          text: scanRunning
            ? `${domain} has no record yet: its first scan is running. Call get_report again in 10-20 seconds.`
            : `${domain} has never been scanned: there is no record. Call scan_site with {"url":"${domain}"} to scan it.`,
        };
      }
      const record = JSON.parse(stored.recordJson) as VisibilityRecord;
      const running = scanRunning ? "A newer scan of this domain is running; get_report will return it once it is stored.\n" : "";
      return {
        ok: true,
        structured: { domain, found: true, scanRunning, summary: digestVisibilityRecord(record), reportUrl: url },
        text: running + summarizeRecord(record, url),
      };
    },
  });
}
