import { z } from "zod";
import type { SchemaRecord } from "../../analyzers/schema/record-schema.ts";
import { startScan } from "../../scans/start-scan.ts";
import { latestRecord } from "../../reports/latest-record.ts";
import { pageSubjectOf } from "../../reports/report-subject.ts";
import { defineTool, type McpTool } from "../mcp-tool.ts";
import type { McpToolDeps } from "../tool-registry.ts";
import { reportUrl } from "../report-url.ts";
import { describeScanStep } from "../scan-step.ts";
import { waitForNewRecord } from "../wait-for-new-record.ts";
import { digestSchemaRecord, SchemaDigestOutput } from "./record-digest.ts";
import { MAX_WAITS_PER_CLIENT } from "../scan-waits.ts";
import { summarizeSchemaRecord } from "./record-summary.ts";

const AnalyzePageInput = z.object({
  url: z.string().min(1).max(2048).describe("The page to analyse: a full URL such as https://example.com/product/1, or a domain for its homepage."),
  forceRescan: z
    .boolean()
    .optional()
    .describe("true: analyse again even if a recent record exists for the domain (needed to analyse another page of a domain analysed recently). Default false."),
});

const AnalyzePageOutput = z.object({
  domain: z.string().describe("The domain the record is stored under (lowercase, without www.)."),
  state: z.enum(["complete", "running"]).describe('"complete": `record` holds the result. "running": the analysis continues; fetch it later with get_schema_report.'),
  fromCache: z.boolean().describe("true when a recent record was returned without fetching the page (no rate limit was spent)."),
  summary: SchemaDigestOutput.nullable().describe("The record in brief (counts, the first items, the suggested JSON-LD); null while the analysis is still running."),
  reportUrl: z.string().describe("Where the full record is served as JSON (GET, no authentication)."),
});

/** analyze_page: the MCP face of POST /api/scan for the schema service, as anonymous caller "mcp". */
export function analyzePageTool(deps: McpToolDeps): McpTool {
  const waitSeconds = Math.round(deps.scanWait.waitMs / 1000);
  const { limits } = deps.scans;
  return defineTool({
    name: "analyze_page",
    title: "Analyse a page's structured data",
    description:
      "Analyse the schema.org structured data of one web page: every JSON-LD, Microdata and RDFa item with its errors and warnings, " +
      "whether each qualifies for Google rich results (Product, Article, FAQ, Breadcrumb, Event, Recipe, Local business, Video, Job " +
      "posting, Software app, Review) and what it is missing, plus ready-to-paste JSON-LD generated from the page's content for what it " +
      "does not mark up yet. Records are stored per page: a record of this page younger than the cache lifetime is returned at no cost " +
      "(set forceRescan to analyse the page again). A fresh analysis counts " +
      `against limits shared by anonymous callers (${limits.perIpPerHour} per hour per address, ${limits.perDomainPerHour} per hour per domain). ` +
      `The tool waits up to ${waitSeconds} seconds (at most ${MAX_WAITS_PER_CLIENT} calls from one address wait at once; others answer at once with the state); ` +
      "if the analysis still runs, call get_schema_report for the domain 10-20 seconds later. The answer is the record in brief; the full record is at reportUrl.",
    inputSchema: AnalyzePageInput,
    outputSchema: AnalyzePageOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, context) {
      const target = pageSubjectOf(args.url);
      const previousId = target.ok ? ((await latestRecord(deps.db, target.subject))?.id ?? 0) : 0;
      const outcome = await startScan(deps.scans, { url: args.url, forceRescan: args.forceRescan ?? false, caller: { kind: "mcp" }, clientIp: context.clientIp });
      switch (outcome.kind) {
        case "invalid":
          return { ok: false, text: `Cannot analyse ${JSON.stringify(args.url)}: ${outcome.error}` };
        case "limited":
          return { ok: false, text: `${outcome.error} (retryAfterSeconds: ${outcome.retryAfterSeconds}). Meanwhile get_schema_report returns a domain's last record at no cost.` };
        case "cached":
          return complete(deps, outcome.domain, outcome.page, JSON.parse(outcome.recordJson) as SchemaRecord, true);
        case "started": {
          const total = deps.scanWait.waitMs / 1000;
          // Waits are bounded per address: past them the call answers at once with the analysis's state.
          const release = deps.waits.take(context.clientIp);
          let stored = null;
          if (release) {
            try {
              stored = await waitForNewRecord(deps.db, { domain: outcome.domain, page: outcome.page }, previousId, {
                ...deps.scanWait,
                signal: context.signal,
                onWaiting: async (elapsedMs) => {
                  const step = await describeScanStep(deps.db, outcome.domain);
                  return context.progress(Math.min(elapsedMs / 1000, total), total, step ? `Analysing ${args.url}: ${step}` : `Analysing ${args.url}…`);
                },
              });
            } finally {
              release();
            }
          }
          if (stored) return complete(deps, outcome.domain, outcome.page, JSON.parse(stored.recordJson) as SchemaRecord, false);
          const url = pageReportUrl(deps, outcome.domain, outcome.page);
          const state = release ? `is still running after ${waitSeconds} seconds` : `is running (not waited for: ${MAX_WAITS_PER_CLIENT} calls from this address are already waiting)`;
          return {
            ok: true,
            structured: { domain: outcome.domain, state: "running" as const, fromCache: false, summary: null, reportUrl: url },
            text: `The analysis ${state}${await stepNote(deps, outcome.domain)}. Call get_schema_report with ${JSON.stringify({ domain: outcome.domain, url: outcome.page ?? `https://${outcome.domain}/` })} in 10-20 seconds, or GET ${url}.`,
          };
        }
      }
    },
  });
}

/** The page's record as JSON: the endpoint's `?url=` (the homepage's is the domain's root URL). */
function pageReportUrl(deps: McpToolDeps, domain: string, page: string | null): string {
  return `${reportUrl(deps.publicUrl, domain)}?url=${encodeURIComponent(page ?? `https://${domain}/`)}`;
}

function complete(deps: McpToolDeps, domain: string, page: string | null, record: SchemaRecord, fromCache: boolean) {
  const url = pageReportUrl(deps, domain, page);
  const origin = fromCache ? "A recent record was found, so the page was not fetched again (no rate limit spent).\n" : "";
  return { ok: true as const, structured: { domain, state: "complete" as const, fromCache, summary: digestSchemaRecord(record), reportUrl: url }, text: origin + summarizeSchemaRecord(record, url) };
}

async function stepNote(deps: { db: Parameters<typeof describeScanStep>[0] }, domain: string): Promise<string> {
  const step = await describeScanStep(deps.db, domain);
  return step ? ` (current step: ${step})` : "";
}
