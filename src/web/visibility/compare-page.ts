import type { Issue, Pillar } from "../../analyzers/visibility/record-schema.ts";
import { PILLARS } from "../../analyzers/visibility/scoring/pillars.ts";
import { gradeFor } from "../../analyzers/visibility/scoring/grades.ts";
import { COMPARE_DOMAINS, type ComparedReport } from "../../reports/compare-reports.ts";
import { platformReachOf, type PlatformReachEntry } from "../../reports/platform-reach.ts";
import { AI_PLATFORMS } from "../../analyzers/visibility/platforms.ts";
import { scoreBar } from "../gauge.ts";
import { html, type SafeHtml } from "../html.ts";
import { reportPath, type PageContext } from "../page-context.ts";
import { renderScanPage } from "../page-shell.ts";
import { scanTime } from "../scan-time.ts";

/**
 * /compare?domains=a.com,b.com: two to four domains that have been scanned, side by side (overall
 * score, pillars, reach by AI platform, top issues), each from its latest stored record: nothing is
 * scanned here. Domains without a record are named with a link to scan them. Records hold text the
 * scanned sites chose (issue titles are ours, but details are not shown here anyway), and the names
 * come from the query string: everything goes through `html` escaping.
 */

export const COMPARE_PATH = "/compare";

type Column = { domain: string; scannedAt: string; result: LooseResult | null; record: unknown };
type LooseResult = { score: number; grade: string; label: string; pillars?: Pillar[]; topIssues?: Issue[] };

const TOP_ISSUES = 3;

export function renderComparePage(context: PageContext, requested: string, compared: readonly ComparedReport[], error: string | null): string {
  const columns = compared.flatMap((entry) => (entry.kind === "report" ? [columnOf(entry.domain, entry.latest.recordJson)] : []));
  const missing = compared.filter((entry) => entry.kind !== "report");
  const title = columns.length > 0 ? `Compare ${columns.map((column) => column.domain).join(", ")}` : "Compare domains";
  const body = html`<section aria-labelledby="compare-title">
<p class="eyebrow">AI visibility comparison</p>
<h1 id="compare-title" class="domain-title">${title}</h1>
<p class="lead">Put ${COMPARE_DOMAINS.min} to ${COMPARE_DOMAINS.max} domains that have been scanned side by side: a client and its competitors, say. Each column is the domain's latest report; nothing is scanned here.</p>
${compareForm(requested, error)}
${missing.length > 0 ? html`<div class="notice warn"><ul>${missing.map(missingItem)}</ul></div>` : ""}
${columns.length > 0 ? comparisonTable(context, columns) : ""}
</section>`;
  return renderScanPage(context, { title: `${title} · ${context.siteName}`, description: "AI visibility of several domains side by side.", head: html`<meta name="robots" content="noindex">`, body });
}

function compareForm(requested: string, error: string | null): SafeHtml {
  return html`<form class="scan-form compare-form" action="${COMPARE_PATH}" method="get">
<label for="compare-domains">Domains, separated by commas</label>
<div class="field-row">
<input type="text" id="compare-domains" name="domains" value="${requested}" placeholder="example.com, example.org" autocapitalize="none" spellcheck="false" required${error ? html` aria-describedby="compare-error"` : ""}>
<button class="button" type="submit">Compare</button>
</div>
${error ? html`<div class="notice error" id="compare-error"><p>${error}</p></div>` : ""}
</form>`;
}

function missingItem(entry: ComparedReport): SafeHtml {
  if (entry.kind === "not-a-domain") return html`<li><strong>${entry.requested}</strong> is not a domain: ${entry.error}</li>`;
  if (entry.kind === "never-scanned") return html`<li><strong>${entry.domain}</strong> has not been scanned yet: <a href="${reportPath(entry.domain)}">scan it</a>, then compare again.</li>`;
  return html``;
}

function columnOf(domain: string, recordJson: string): Column {
  const record = JSON.parse(recordJson) as { status?: string; scannedAt?: string; result?: LooseResult | null };
  return { domain, scannedAt: record.scannedAt ?? "", result: record.status === "ok" ? record.result ?? null : null, record };
}

function comparisonTable(context: PageContext, columns: readonly Column[]): SafeHtml {
  const reach = columns.map((column) => platformReachOf(column.record));
  // On a phone, three or four columns scroll sideways inside their box: say so, since nothing else shows it.
  return html`${columns.length > 2 ? html`<p class="compare-cue shown-${columns.length}">Scroll the table sideways to see all ${columns.length} domains →</p>` : ""}
<div class="compare-scroll" tabindex="0" aria-label="The comparison table, scrollable sideways">
<table class="compare-table columns-${columns.length}">
<caption class="visually-hidden">Each domain's latest AI visibility report, one column per domain</caption>
<thead><tr><td></td>${columns.map((column) => html`<th scope="col"><a href="${reportPath(column.domain)}">${column.domain}</a></th>`)}</tr></thead>
<tbody>
<tr><th scope="row">Overall</th>${columns.map((column) => html`<td>${column.result ? html`<span class="grade-${gradeClass(column.result.grade)}"><span class="grade-chip" aria-hidden="true">${column.result.grade}</span> <strong>${column.result.score}</strong><span class="muted">/100</span><span class="visually-hidden">, grade ${column.result.grade}</span></span>` : html`<span class="status status-fail">scan failed</span>`}</td>`)}</tr>
<tr><th scope="row">Scanned</th>${columns.map((column) => html`<td class="muted">${scanTime(column.scannedAt, context.now)}</td>`)}</tr>
<tr class="row-group"><th scope="rowgroup" colspan="${columns.length + 1}">Pillars</th></tr>
${PILLARS.map((pillar) => html`<tr><th scope="row">${pillar.title}</th>${columns.map((column) => html`<td>${pillarCell(column.result?.pillars?.find((candidate) => candidate.id === pillar.id) ?? null)}</td>`)}</tr>`)}
<tr class="row-group"><th scope="rowgroup" colspan="${columns.length + 1}">Reach by AI platform</th></tr>
${AI_PLATFORMS.map((platform, index) => html`<tr><th scope="row">${platform.name}</th>${reach.map((entries) => html`<td>${reachCell(entries[index]!)}</td>`)}</tr>`)}
<tr class="row-group"><th scope="rowgroup" colspan="${columns.length + 1}">Top issues</th></tr>
<tr><th scope="row">Top issues, in the order to act</th>${columns.map((column) => html`<td>${issuesCell(column.result)}</td>`)}</tr>
</tbody>
</table>
</div>`;
}

function pillarCell(pillar: Pillar | null): SafeHtml {
  if (!pillar) return html`<span class="muted">–</span>`;
  const applicable = (pillar.signals ?? []).some((signal) => signal.status !== "na" && signal.status !== "unknown");
  if (!applicable) return html`<span class="muted">n/a</span>`;
  return html`<span class="grade-${gradeFor(pillar.score).grade}"><strong>${pillar.score}</strong><span class="muted">/100</span>${scoreBar(pillar.score)}</span>`;
}

const REACH_WORDS: Record<PlatformReachEntry["status"], string> = { reads: "can read", limited: "limited", blocked: "cannot read", unknown: "unknown" };

function reachCell(entry: PlatformReachEntry): SafeHtml {
  return html`<span class="reach-${entry.status}">${REACH_WORDS[entry.status]}</span>`;
}

function issuesCell(result: LooseResult | null): SafeHtml {
  if (!result) return html`<span class="muted">–</span>`;
  const issues = (result.topIssues ?? []).slice(0, TOP_ISSUES);
  if (issues.length === 0) return html`<span class="muted">None: every applicable check passed.</span>`;
  return html`<ol>${issues.map((issue) => html`<li>${issue.title} <span class="muted">(${issue.impact}${issue.points !== undefined ? `, ${issue.points} points` : ""})</span></li>`)}</ol>`;
}

function gradeClass(grade: string): string {
  return ["A", "B", "C", "D", "F"].includes(grade) ? grade : "none";
}

