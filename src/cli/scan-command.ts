import { terminalBlock, terminalJson } from "./terminal-text.ts";
import type { Config } from "../config.ts";
import { useVocabularyFile } from "../analyzers/schema/vocabulary/vocabulary.ts";
import { visibilityAnalyzer, type VisibilityRecord } from "../analyzers/visibility/index.ts";
import { parseConnectTo } from "../net/connect-to.ts";
import { createSafeFetcher, scannerUserAgent } from "../net/safe-fetch.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";
import { SCAN_USAGE } from "./usages.ts";
import { markdownSummary } from "./markdown-summary.ts";
import { MAX_PAGE_BUDGET } from "../scans/page-budget-ceiling.ts";

/**
 * `sightline scan <url> [--format text|json|markdown] [--pages N] [--min-score N]`: one visibility scan in this process, without the
 * server, queue or database, for terminals and CI pipelines. The fetcher is built exactly as the
 * server's (SCAN_CONNECT_TO, FETCH_*), the scan ends by SCAN_TIMEOUT_MS, and off-site checks follow
 * OFFSITE_CHECKS. The summary or record goes to stdout; messages go to stderr.
 */
export interface ScanIo {
  out(text: string): void;
  err(text: string): void;
}

export type ScanFormat = "text" | "json" | "markdown";
const FORMATS: readonly ScanFormat[] = ["text", "json", "markdown"];

type ParsedArgs = { ok: true; target: string; format: ScanFormat; minScore: number | null; pages: number | null } | { ok: false; error: string };

export function parseScanArgs(args: string[]): ParsedArgs {
  let format: ScanFormat = "text";
  let minScore: number | null = null;
  let pages: number | null = null;
  const positional: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--json") format = "json";
    else if (arg === "--format" || arg.startsWith("--format=")) {
      const value = arg === "--format" ? args[++index] : arg.slice("--format=".length);
      if (value === undefined || !(FORMATS as string[]).includes(value)) return { ok: false, error: `--format needs one of ${FORMATS.join(", ")}${value === undefined ? "" : `, not "${value.slice(0, 64)}"`}.` };
      format = value as ScanFormat;
    } else if (arg === "--pages" || arg.startsWith("--pages=")) {
      const value = arg === "--pages" ? args[++index] : arg.slice("--pages=".length);
      if (value === undefined || !/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE_BUDGET) {
        return { ok: false, error: `--pages needs a whole number from 1 to ${MAX_PAGE_BUDGET}${value === undefined ? "" : `, not "${value.slice(0, 64)}"`}.` };
      }
      pages = Number(value);
    } else if (arg === "--min-score" || arg.startsWith("--min-score=")) {
      const value = arg === "--min-score" ? args[++index] : arg.slice("--min-score=".length);
      if (value === undefined || !/^\d{1,3}$/.test(value) || Number(value) > 100) return { ok: false, error: `--min-score needs a whole number from 0 to 100${value === undefined ? "" : `, not "${value}"`}.` };
      minScore = Number(value);
    } else if (arg.startsWith("-")) return { ok: false, error: `unknown option "${arg}".` };
    else positional.push(arg);
  }
  if (positional.length !== 1) return { ok: false, error: positional.length === 0 ? "give the site to scan, e.g. sightline scan example.com." : `give one site to scan, not ${positional.length}.` };
  return { ok: true, target: positional[0]!, format, minScore, pages };
}

export async function scanCommand(args: string[], config: Config, io: ScanIo): Promise<number> {
  const parsed = parseScanArgs(args);
  if (!parsed.ok) {
    io.err(`sightline scan: ${parsed.error}\n\n${SCAN_USAGE}\n`);
    return EXIT.usage;
  }
  const target = normalizeTarget(parsed.target);
  if (!target.ok) {
    io.err(`sightline scan: ${target.error}\n`);
    return EXIT.usage;
  }
  if (config.SERVICE !== "visibility") {
    io.err("sightline scan: only SERVICE=visibility scans are available from the command line.\n");
    return EXIT.usage;
  }
  const record = await scanOnce(target.domain, config, parsed.pages ?? config.SCAN_PAGES_PIPELINE_DEFAULT);
  // The record quotes the scanned site: what a terminal would act on is escaped (terminal-text.ts).
  io.out(parsed.format === "json" ? `${terminalJson(record)}\n` : terminalBlock(parsed.format === "markdown" ? markdownSummary(record, parsed.minScore) : summary(record, parsed.minScore)));
  // In JSON mode stdout is the record alone: the note on off-site checks goes to stderr.
  const offsiteNote = offsiteOffNote(record);
  if (parsed.format === "json" && offsiteNote) io.err(`sightline scan: ${offsiteNote}\n`);
  if (record.status !== "ok" || !record.result) return EXIT.failure;
  if (parsed.minScore !== null && record.result.score < parsed.minScore) {
    io.err(`sightline scan: score ${record.result.score} is below --min-score ${parsed.minScore}.\n`);
    return EXIT.failure;
  }
  return EXIT.ok;
}

/** One scan as the worker runs it, without the queue: same fetcher, same deadline, same analyzer. */
export async function scanOnce(domain: string, config: Config, pages?: number): Promise<VisibilityRecord> {
  useVocabularyFile(config.SCHEMA_VOCABULARY);
  const fetcher = createSafeFetcher({
    connectTo: parseConnectTo(config.SCAN_CONNECT_TO),
    timeoutMs: config.FETCH_TIMEOUT_MS,
    maxBytes: config.FETCH_MAX_BYTES,
    userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
  });
  const signal = AbortSignal.timeout(config.SCAN_TIMEOUT_MS);
  const scanning = visibilityAnalyzer.scan({
    domain,
    ...(pages !== undefined ? { pages } : {}),
    fetcher,
    signal,
    offsite: {
      enabled: config.OFFSITE_CHECKS === "on",
      wikidataSparqlUrl: config.WIKIDATA_SPARQL_URL,
      wikipediaApiUrl: config.WIKIPEDIA_API_URL,
      commonCrawlIndexUrl: config.COMMONCRAWL_INDEX_URL,
      userAgent: scannerUserAgent(config.PUBLIC_URL, VERSION),
    },
    now: () => new Date(),
  });
  // Gatherers honour the signal; the extra grace only guards against code that would not.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), config.SCAN_TIMEOUT_MS + 2000);
  });
  try {
    const output = await Promise.race([scanning, deadline]);
    return output?.record ?? visibilityAnalyzer.failedRecord(domain, `The scan did not finish within ${config.SCAN_TIMEOUT_MS / 1000} seconds.`, new Date());
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why a CI scan with OFFSITE_CHECKS=off can score higher than the web report of the same site (issue 28): the
 * off-site pillar is left out, and the other pillars' weights are scaled to 100. Null when it was assessed.
 */
export function offsiteOffNote(record: VisibilityRecord): string | null {
  if (record.status !== "ok" || !record.result || record.offSite) return null;
  const presence = record.result.pillars.find((pillar) => pillar.id === "presence");
  if (!presence || presence.signals.some((signal) => signal.score !== null && signal.weight > 0)) return null;
  return `Off-site checks were off (OFFSITE_CHECKS=off): the score leaves out ${presence.title} (weight ${presence.weight}) and scales the other pillars to 100, so it can differ from a scan with them on, such as the web report's.`;
}

/** The record for a person at a terminal: score and grade, the pillars, then the issues with their fixes. */
export function summary(record: VisibilityRecord, minScore: number | null): string {
  if (record.status !== "ok" || !record.result) return `${record.domain}: the scan failed. ${record.reason ?? ""}\n`;
  const result = record.result;
  const lines = [`${record.domain}: ${result.score}/100, grade ${result.grade} (${result.label})`, ""];
  lines.push("Pillars:");
  for (const pillar of result.pillars) {
    const judged = pillar.signals.some((signal) => signal.score !== null && signal.weight > 0);
    lines.push(`  ${pillar.title.padEnd(28)} ${judged ? `${String(pillar.score).padStart(3)}/100` : "    n/a"}  (weight ${pillar.weight})`);
  }
  if (record.offSite) {
    lines.push("", "Off-site:");
    for (const [name, check] of Object.entries(record.offSite)) lines.push(`  ${name.padEnd(12)} ${check.status.padEnd(10)} ${check.detail}`);
  }
  const offsiteNote = offsiteOffNote(record);
  if (offsiteNote) lines.push("", offsiteNote);
  lines.push("", result.topIssues.length === 0 ? "No issues found." : "Top issues, in the order to act:");
  result.topIssues.forEach((issue, index) => {
    lines.push(`  ${index + 1}. [${issue.impact}] ${issue.title} (${issue.id})${issue.points !== undefined ? `, costs ${issue.points} ${issue.points === 1 ? "point" : "points"}` : ""}`);
    lines.push(`     ${issue.detail}`);
    lines.push(`     Fix (${issue.fix.effort}): ${issue.fix.what}. ${issue.fix.how.split("\n").join("\n     ")}`);
  });
  if (minScore !== null) lines.push("", result.score >= minScore ? `Score ${result.score} meets --min-score ${minScore}.` : `Score ${result.score} is below --min-score ${minScore}.`);
  return `${lines.join("\n")}\n`;
}
