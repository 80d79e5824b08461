import { z } from "zod";
import type { VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { startScan } from "../../scans/start-scan.ts";
import { latestRecord } from "../../reports/latest-record.ts";
import { reportSubjectOf } from "../../reports/report-subject.ts";
import { defineTool, type McpTool } from "../mcp-tool.ts";
import type { McpToolDeps } from "../tool-registry.ts";
import { reportUrl } from "../report-url.ts";
import { describeScanStep } from "../scan-step.ts";
import { waitForNewRecord } from "../wait-for-new-record.ts";
import { digestVisibilityRecord, VisibilityDigestOutput } from "./record-digest.ts";
import { summarizeRecord } from "./record-summary.ts";
import { MAX_WAITS_PER_CLIENT } from "../scan-waits.ts";

const ScanSiteInput = z.object({
  url: z.string().min(1).max(2048).describe("The site to scan: a domain such as example.com, or any URL on it (only the host counts)."),
  forceRescan: z
    .boolean()
    .optional()
    .describe("true: scan again even if a recent record exists. Costs a rate-limit slot; use only when the site changed. Default false."),
  pages: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("How many pages of the site to sample and judge, the homepage first. Default and maximum: the service's setting for callers without an API key (10 unless the operator changed it)."),
});

const ScanSiteOutput = z.object({
  domain: z.string().describe("The normalised domain that was scanned (lowercase, without www.)."),
  state: z.enum(["complete", "running"]).describe('"complete": `record` holds the result. "running": the scan continues; fetch it later with get_report.'),
  fromCache: z.boolean().describe("true when a recent record was returned without scanning (no rate limit was spent)."),
  summary: VisibilityDigestOutput.nullable().describe("The record's score, grade, pillars, top issues and off-site presence; null while the scan is still running."),
  reportUrl: z.string().describe("Where the full record (every signal) is served as JSON (GET, no authentication)."),
});

/**
 * scan_site: the MCP face of POST /api/scan. MCP callers are anonymous, so they go through startScan
 * as caller "mcp": per-IP and per-domain limits, cached records free, and joining a running scan free.
 */
export function scanSiteTool(deps: McpToolDeps): McpTool {
  const { limits, cacheTtlSeconds } = deps.scans;
  const waitSeconds = Math.round(deps.scanWait.waitMs / 1000);
  return defineTool({
    name: "scan_site",
    title: "Scan a site for AI visibility",
    description:
      "Scan a website for AI visibility: how well AI assistants and answer engines (ChatGPT, Claude, Perplexity, Gemini / AI Overviews, " +
      "Copilot) can reach, read, understand and cite it. Use it when the user asks how a site shows up to AI, why assistants do not cite " +
      "it, or what to fix. Pass a domain or any URL on the site. Returns a summary: a 0-100 score, a grade A-F, seven weighted pillars, up to " +
      "ten top issues each with a concrete fix (what, why, how, effort), and off-site presence (Wikidata, Wikipedia, Common Crawl); " +
      `the full record, with every signal, is at reportUrl. Cost: a record younger than ${describeDuration(cacheTtlSeconds)} is returned at once and costs nothing; otherwise a fresh scan ` +
      `runs (usually 5-30 seconds) and counts against limits shared by all anonymous callers (the web form's too): ${scans(limits.perIpPerHour)} per hour ` +
      `from one address and ${scans(limits.perDomainPerHour)} per hour per domain. The tool waits up to ${waitSeconds} seconds for the result ` +
      `(at most ${MAX_WAITS_PER_CLIENT} calls from one address wait at once; others answer at once with the scan's state); if ` +
      "the scan is still running it says so: then call get_report for the domain 10-20 seconds later instead of scanning again (calling " +
      "scan_site again for the same domain joins the running scan at no cost). Set forceRescan only after the site changed. An invalid or " +
      "unresolvable URL, or a rate limit, is a tool error that states the problem and the seconds to wait.",
    inputSchema: ScanSiteInput,
    outputSchema: ScanSiteOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    async run(args, context) {
      // The latest record before the request, so that the wait recognises the one this scan writes.
      const target = reportSubjectOf(args.url);
      const previousId = target.ok ? ((await latestRecord(deps.db, target.subject))?.id ?? 0) : 0;

      const outcome = await startScan(deps.scans, {
        url: args.url,
        forceRescan: args.forceRescan ?? false,
        ...(args.pages !== undefined ? { pages: args.pages } : {}),
        caller: { kind: "mcp" },
        clientIp: context.clientIp,
      });
      switch (outcome.kind) {
        case "invalid":
          return { ok: false, text: `Cannot scan ${JSON.stringify(args.url)}: ${outcome.error}` };
        case "limited":
          return {
            ok: false,
            text: `${outcome.error} (retryAfterSeconds: ${outcome.retryAfterSeconds}). Meanwhile get_report returns a domain's last stored record at no cost.`,
          };
        case "cached":
          return complete(deps, outcome.domain, JSON.parse(outcome.recordJson) as VisibilityRecord, true);
        case "started": {
          const total = deps.scanWait.waitMs / 1000;
          // Waits are bounded per address: past them the call answers at once with the scan's state.
          const release = deps.waits.take(context.clientIp);
          let stored = null;
          if (release) {
            try {
              stored = await waitForNewRecord(deps.db, outcome.domain, previousId, {
                ...deps.scanWait,
                signal: context.signal,
                onWaiting: async (elapsedMs) => context.progress(Math.min(elapsedMs / 1000, total), total, await scanningMessage(deps, outcome.domain)),
              });
            } finally {
              release();
            }
          }
          if (stored) return complete(deps, outcome.domain, JSON.parse(stored.recordJson) as VisibilityRecord, false);
          const url = reportUrl(deps.publicUrl, outcome.domain);
          const step = await describeScanStep(deps.db, outcome.domain);
          const waited = release
            ? `is still running after ${waitSeconds} seconds`
            : `is running (not waited for: ${MAX_WAITS_PER_CLIENT} calls from this address are already waiting)`;
          return {
            ok: true,
            structured: { domain: outcome.domain, state: "running" as const, fromCache: false, summary: null, reportUrl: url },
            text:
              `The scan of ${outcome.domain} ${waited}${step ? ` (current step: ${step})` : ""}. Call get_report with ` +
              `{"domain":"${outcome.domain}"} in 10-20 seconds, or GET ${url}, which answers 404 until the record is stored. ` +
              "Calling scan_site again for this domain joins the running scan at no cost.",
          };
        }
      }
    },
  });
}

function complete(deps: McpToolDeps, domain: string, record: VisibilityRecord, fromCache: boolean) {
  const url = reportUrl(deps.publicUrl, domain);
  const origin = fromCache ? "A recent record was found, so no new scan ran (no rate limit spent).\n" : "";
  return {
    ok: true as const,
    structured: { domain, state: "complete" as const, fromCache, summary: digestVisibilityRecord(record), reportUrl: url },
    text: origin + summarizeRecord(record, url),
  };
}

async function scanningMessage(deps: McpToolDeps, domain: string): Promise<string> {
  const step = await describeScanStep(deps.db, domain);
  return step ? `Scanning ${domain}: ${step}` : `Scanning ${domain}…`;
}

function scans(count: number): string {
  return count === 1 ? "1 fresh scan" : `${count} fresh scans`;
}

function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "1 hour" : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
