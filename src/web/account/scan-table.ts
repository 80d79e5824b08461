import type { ScanSummary } from "../../store/scans-repo.ts";
import { html, type SafeHtml } from "../html.ts";
import { timeOf } from "./account-layout.ts";

/** Scans as the admin and "My scans" list them: domain (linking to its report), status, score, time, caller, key. */
export function scanTable(scans: readonly ScanSummary[], options: { caption: string; showCaller: boolean }): SafeHtml {
  return html`<div class="table-scroll"><table class="table stack">
<caption class="visually-hidden">${options.caption}</caption>
<thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Score</th><th scope="col">When</th>${options.showCaller ? html`<th scope="col">Caller</th>` : ""}<th scope="col">Key</th></tr></thead>
<tbody>${scans.map(
  (scan) => html`<tr><th scope="row"><a href="/report/${encodeURIComponent(scan.domain)}">${scan.domain}</a></th>
<td data-label="Status"><span class="status ${scan.status === "ok" ? "status-pass" : "status-fail"}">${scan.status}</span></td>
<td data-label="Score">${scan.score ?? "–"}</td><td data-label="When">${timeOf(scan.scannedAt)}</td>${options.showCaller ? html`<td data-label="Caller">${Number(scan.rescored) === 1 ? "rescore" : scan.callerKind}</td>` : ""}<td data-label="Key">${scan.apiKeyName ?? html`<span class="muted">–</span>`}</td></tr>`,
)}</tbody></table></div>`;
}
