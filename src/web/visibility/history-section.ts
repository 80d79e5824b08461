import { recordChanges, visibilityFindings, type ChangedFinding, type RecordChanges } from "../../reports/record-changes.ts";
import { templateChanges, type TemplateChange } from "../../reports/template-changes.ts";
import type { ReportTimeline } from "../../reports/report-timeline.ts";
import type { StoredScan } from "../../store/scans-repo.ts";
import { html, type SafeHtml } from "../html.ts";
import { reportFold } from "./report-fold.ts";
import type { PageContext } from "../page-context.ts";
import { scanTime } from "../scan-time.ts";
import { scoreChart, type ChartPoint } from "../score-chart.ts";

/**
 * "History and changes" on the visibility report: what changed since the previous completed scan
 * (fixed and new issues, computed from the two records' signals), the score over time as an inline
 * SVG chart, and the same scans as a table. Nothing is shown for a domain scanned once. Titles come
 * from the records, which hold text the scanned site chose, so all of it is escaped by `html`.
 */
export function historySection(context: PageContext, shown: StoredScan, timeline: ReportTimeline | null): SafeHtml {
  if (!timeline || timeline.total < 2) return html``;
  const current = JSON.parse(shown.recordJson) as unknown;
  const scans = timeline.entries.filter((entry) => !entry.rescored).reverse();
  const points: ChartPoint[] = scans.map((entry) => ({ at: entry.scannedAt, score: entry.status === "ok" ? entry.score : null, grade: entry.grade }));
  const rescores = timeline.entries.filter((entry) => entry.rescored).length;
  const note = rescores === 0 ? `${timeline.total} scans` : `${timeline.total - rescores} scans and ${rescores} ${rescores === 1 ? "re-score" : "re-scores"}`;
  return reportFold("history", "History and changes", note, html`${changesSummary(context, shown, current, timeline.previous)}
${points.length > 1 ? html`<div class="card chart-card">${scoreChart(points, "score-chart-title")}</div>` : ""}
<details class="history-table">
<summary>All ${timeline.total} ${rescores > 0 ? "records" : timeline.total === 1 ? "scan" : "scans"}${timeline.total > timeline.entries.length ? html` <span class="muted">(the newest ${timeline.entries.length} below)</span>` : ""}</summary>
<table>
<thead><tr><th scope="col">Scanned</th><th scope="col">Score</th><th scope="col">Grade</th><th scope="col">Status</th></tr></thead>
<tbody>${timeline.entries.map((entry) => html`<tr><td><time datetime="${new Date(entry.scannedAt).toISOString()}">${new Date(entry.scannedAt).toISOString().slice(0, 16).replace("T", " ")} UTC</time>${entry.rescored ? html` <span class="tag rescored">re-scored, not a scan</span>` : ""}</td><td>${entry.score ?? "–"}</td><td>${entry.grade ?? "–"}</td><td>${entry.status === "ok" ? "completed" : "failed"}</td></tr>`)}</tbody>
</table>
<p class="muted">As JSON: <a href="/api/report/${encodeURIComponent(shown.domain)}/history.json"><code>/api/report/${shown.domain}/history.json</code></a></p>
</details>`, { className: "history" });
}

function changesSummary(context: PageContext, shown: StoredScan, current: unknown, previous: StoredScan | null): SafeHtml {
  if (shown.status !== "ok") return html`<p class="muted">This scan failed, so there is nothing to compare with the scans before it.</p>`;
  if (!previous) return html`<p class="muted">No earlier completed scan to compare with.</p>`;
  const before = JSON.parse(previous.recordJson) as unknown;
  const changes = recordChanges(visibilityFindings(before), visibilityFindings(current));
  const then = new Date(previous.scannedAt).toISOString();
  return html`<p class="changes-lead">Since the previous scan on ${scanTime(then, context.now)}: ${scoreDelta(previous.score, shown.score)}.</p>
${isQuiet(changes) ? html`<p>No check changed its outcome.</p>` : html`<div class="changes">
${changeList("fixed", "Fixed", changes.fixed, "pass")}
${changeList("new", "New issues", changes.appeared, "fail")}
${changeList("regraded", "Changed severity", changes.regraded, "warn")}
</div>`}
${templateChangeList(templateChanges(before, current))}`;
}

const DIRECTION_WORDS: Record<TemplateChange["direction"], { word: string; status: string }> = {
  better: { word: "better", status: "pass" },
  worse: { word: "worse", status: "fail" },
  mixed: { word: "better and worse", status: "warn" },
};

/** Template by template (site-wide scans only): which got better or worse, what went or appeared, on which pages. */
function templateChangeList(changes: ReturnType<typeof templateChanges>): SafeHtml {
  if (!changes || changes.changed.length + changes.added.length + changes.dropped.length === 0) return html``;
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  return html`<div class="card change-list" id="changes-templates">
<h3>By template <span class="muted">(${changes.changed.length} changed)</span></h3>
<ul>${changes.changed.map((change) => {
    const direction = DIRECTION_WORDS[change.direction];
    const parts = [
      change.sound.before !== change.sound.now ? `sound pages ${percent(change.sound.before)} → ${percent(change.sound.now)}` : "",
      change.fixed.length > 0 ? `gone: ${change.fixed.join(", ")}` : "",
      change.reachGained.length > 0 ? `${change.reachGained.join(", ")} now ${change.reachGained.length === 1 ? "reads" : "read"} more of its pages` : "",
      change.reachLost.length > 0 ? `${change.reachLost.join(", ")} now ${change.reachLost.length === 1 ? "reads" : "read"} fewer of its pages` : "",
    ].filter((part) => part !== "");
    return html`<li><span class="status status-${direction.status}">${direction.word}</span> <code>${change.template}</code>${parts.length > 0 ? html`: ${parts.join("; ")}` : ""}${change.appeared.length > 0 ? html`<ul>${change.appeared.map((issue) => html`<li>new: ${issue.id} on ${issue.pages} ${issue.pages === 1 ? "page" : "pages"}${issue.examples.length > 0 ? html` (e.g. ${issue.examples.map((url, index) => html`${index > 0 ? ", " : ""}<span class="url">${url}</span>`)})` : ""}</li>`)}</ul>` : ""}</li>`;
  })}${changes.added.length > 0 ? html`<li class="muted">Sampled for the first time: ${changes.added.join(", ")}</li>` : ""}${changes.dropped.length > 0 ? html`<li class="muted">Not sampled this time: ${changes.dropped.join(", ")}</li>` : ""}</ul>
</div>`;
}

function scoreDelta(before: number | null, after: number | null): SafeHtml {
  if (before === null || after === null) return html`score not comparable`;
  const delta = after - before;
  const direction = delta > 0 ? "up" : delta < 0 ? "down" : "same";
  const words = delta === 0 ? `score unchanged at ${after}` : `score ${before} → ${after} (${delta > 0 ? "+" : "−"}${Math.abs(delta)})`;
  return html`<strong class="delta delta-${direction}">${words}</strong>`;
}

function isQuiet(changes: RecordChanges): boolean {
  return changes.fixed.length + changes.appeared.length + changes.regraded.length === 0;
}

function changeList(id: string, title: string, changes: readonly ChangedFinding[], status: "pass" | "fail" | "warn"): SafeHtml {
  if (changes.length === 0) return html``;
  return html`<div class="card change-list" id="changes-${id}">
<h3>${title} <span class="muted">(${changes.length})</span></h3>
<ul>${changes.map((change) => html`<li><span class="status status-${status}">${STATUS_WORDS[change.to] ?? change.to}</span> ${change.title} <span class="muted">(was ${STATUS_WORDS[change.from] ?? change.from})</span></li>`)}</ul>
</div>`;
}

const STATUS_WORDS: Record<string, string> = { pass: "pass", warn: "warn", fail: "fail", na: "n/a", unknown: "unknown" };

