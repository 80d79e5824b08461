import type { AdminOverview } from "../../accounts/admin-overview.ts";
import type { ApiKeySummaryWithOwner } from "../../auth/api-key-service.ts";
import type { JobRow } from "../../scans/queue.ts";
import { html, type SafeHtml } from "../html.ts";
import { formMessage, renderAccountPage, timeOf } from "../account/account-layout.ts";

/** The operator's overview: recent scans, the queue, users and their keys, and who was turned away. */
export function adminPage(overview: AdminOverview, options: { notice?: string } = {}): string {
  const { queue } = overview;
  const body = html`<section>
<div class="account-head">
<h1>Admin</h1>
<form class="inline-form" method="post" action="/admin/logout"><button class="button secondary small" type="submit">Sign out</button></form>
</div>
${formMessage(options.notice, "info")}
<nav aria-label="Sections" class="admin-sections"><a href="#scans">Recent scans</a> · <a href="#queue">Queue</a> · <a href="#users">Users and keys</a> · <a href="#refusals">Rate-limit refusals</a></nav>

<h2 id="scans">Recent scans</h2>
${overview.scans.length === 0 ? html`<p class="muted">No scans yet.</p>` : html`<div class="table-scroll"><table class="table">
<thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Score</th><th scope="col">When</th><th scope="col">Caller</th><th scope="col">Key</th></tr></thead>
<tbody>${overview.scans.map(
  (scan) => html`<tr><th scope="row"><a href="/api/report/${encodeURIComponent(scan.domain)}.json">${scan.domain}</a></th>
<td><span class="status ${scan.status === "ok" ? "status-pass" : "status-fail"}">${scan.status}</span></td>
<td>${scan.score ?? "–"}</td><td>${timeOf(scan.scannedAt)}</td><td>${scan.callerKind}</td><td>${scan.apiKeyName ?? html`<span class="muted">–</span>`}</td></tr>`,
)}</tbody></table></div>`}

<h2 id="queue">Queue</h2>
<ul class="counts"><li><strong>${queue.counts.queued}</strong> queued</li><li><strong>${queue.counts.running}</strong> running</li><li><strong>${queue.counts.failed}</strong> failed</li></ul>
${jobTable("Queued and running", [...queue.running, ...queue.queued])}
${jobTable("Failed", queue.failed)}

<h2 id="users">Users and keys</h2>
${overview.users.length === 0 ? html`<p class="muted">No accounts yet.</p>` : html`<div class="table-scroll"><table class="table">
<thead><tr><th scope="col">Email</th><th scope="col">Signed up</th><th scope="col">Keys</th></tr></thead>
<tbody>${overview.users.map(
  (user) => html`<tr><th scope="row">${user.email}</th><td>${timeOf(user.createdAt)}</td>
<td>${user.keys.length === 0 ? html`<span class="muted">none</span>` : keyList(user.keys)}</td></tr>`,
)}</tbody></table></div>`}
<h3>Operator keys</h3>
${overview.operatorKeys.length === 0 ? html`<p class="muted">None (create them with <code>sightline keys create</code>).</p>` : keyList(overview.operatorKeys)}

<h2 id="refusals">Rate-limit refusals in the last day</h2>
${overview.refusals.length === 0 ? html`<p class="muted">Nobody was turned away.</p>` : html`<div class="table-scroll"><table class="table">
<thead><tr><th scope="col">Bucket</th><th scope="col">When</th><th scope="col">Retry after</th></tr></thead>
<tbody>${overview.refusals.map(
  (refusal) => html`<tr><th scope="row"><code>${refusal.bucket}</code></th><td>${timeOf(refusal.at)}</td><td>${refusal.retryAfterSeconds} s</td></tr>`,
)}</tbody></table></div>`}
</section>`;
  return renderAccountPage({ title: "Admin", body });
}

function jobTable(caption: string, jobs: readonly JobRow[]): SafeHtml | "" {
  if (jobs.length === 0) return "";
  return html`<div class="table-scroll"><table class="table"><caption>${caption}</caption>
<thead><tr><th scope="col">Domain</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Caller</th><th scope="col">Updated</th><th scope="col">Last error</th></tr></thead>
<tbody>${jobs.map(
  (job) => html`<tr><th scope="row">${job.domain}</th><td>${job.state}</td><td>${job.attempts}</td><td>${job.callerKind}</td><td>${timeOf(job.updatedAt)}</td><td>${job.lastError ?? ""}</td></tr>`,
)}</tbody></table></div>`;
}

function keyList(keys: readonly ApiKeySummaryWithOwner[]): SafeHtml {
  return html`<ul class="key-list">${keys.map(
    (key) => html`<li><strong>${key.name}</strong> <code>${key.visibleStart}…</code> <span class="muted">created ${timeOf(key.createdAt)}, last used ${timeOf(key.lastUsedAt)}</span>
${key.revokedAt === null
  ? html`<a class="button secondary small" href="/admin/keys/${String(key.id)}/revoke">Revoke<span class="visually-hidden"> ${key.name}</span></a>`
  : html`<span class="status status-fail">Revoked</span>`}</li>`,
  )}</ul>`;
}
