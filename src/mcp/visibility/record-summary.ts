import type { VisibilityRecord } from "../../analyzers/visibility/record-schema.ts";
import { explainScore, scoreSentences } from "../../analyzers/visibility/scoring/score-explanation.ts";

/**
 * The record as text a model (or a person) reads at a glance: score, grade, pillars, every top issue
 * with its fix, off-site presence, and where the full record lives. The structured content carries
 * the complete record, signals included.
 */
export function summarizeRecord(record: VisibilityRecord, fullRecordUrl: string): string {
  const lines: string[] = [];
  if (record.status === "failed" || !record.result) {
    lines.push(`${record.domain}: the scan of ${record.scannedAt} could not analyse the site: ${record.reason ?? "the site could not be reached"}. There is no score.`);
  } else {
    const result = record.result;
    lines.push(`${record.domain}: AI visibility ${result.score}/100, grade ${result.grade} (${result.label}). Scanned ${record.scannedAt}.`);
    lines.push("", "Pillars (score out of 100, weight):");
    for (const pillar of result.pillars) {
      // A pillar without an applicable signal scores 0 but drops out of the overall score: say so.
      const assessed = pillar.signals.some((signal) => signal.weight > 0 && signal.status !== "na" && signal.status !== "unknown");
      lines.push(`- ${pillar.title}: ${assessed ? pillar.score : "not assessed, not counted"} (weight ${pillar.weight})`);
    }
    lines.push("", "How the score adds up:", ...scoreSentences(explainScore(result)).map((sentence) => `- ${sentence}`));
    lines.push("");
    if (result.topIssues.length === 0) {
      lines.push("Top issues: none.");
    } else {
      lines.push("Top issues, in the order to act (what keeps AI platforms out, then understanding, then presence elsewhere; within each by points):");
      result.topIssues.forEach((issue, index) => {
        lines.push(`${index + 1}. [${issue.impact}, ${issue.status}${issue.points !== undefined ? `, costs ${issue.points} points` : ""}] ${issue.title}: ${issue.detail}`);
        lines.push(`   Fix (effort ${issue.fix.effort}): ${issue.fix.what}. Why: ${issue.fix.why}`);
        lines.push(`   How: ${issue.fix.how.replaceAll("\n", "\n   ")}`);
      });
    }
  }
  const pages = pagesLine(record);
  if (pages) lines.push("", pages);
  lines.push("", offSiteLine(record));
  lines.push(`Full record (with every signal): ${fullRecordUrl}`);
  return lines.join("\n");
}

function offSiteLine(record: VisibilityRecord): string {
  const offSite = record.offSite;
  if (!offSite) return "Off-site presence: not checked for this scan.";
  const checks = [
    ["Wikidata", offSite.wikidata],
    ["Wikipedia", offSite.wikipedia],
    ["Common Crawl", offSite.commonCrawl],
  ] as const;
  const parts = checks.map(([name, check]) => `${name} ${check.status.replace("_", " ")}${check.url ? ` (${check.url})` : ""}`);
  return `Off-site presence: ${parts.join("; ")}.`;
}

/** The pages the scan read and how long it took, when the record says (records before both were kept do not). */
function pagesLine(record: VisibilityRecord): string | null {
  const took = typeof record.durationMs === "number" ? ` The scan took ${(record.durationMs / 1000).toFixed(1)} s.` : "";
  if (!record.pages) return took ? took.trim() : null;
  const pages = record.pages.map((page) => `${page.url} (${page.role}, ${page.status === null ? `failed: ${page.error ?? "no answer"}` : `HTTP ${page.status}`})`);
  return `Pages read: ${pages.join("; ")}.${took}`;
}
