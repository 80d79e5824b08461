import type { AdminOverview } from "../../accounts/admin-overview.ts";
import type { JobRow } from "../../scans/queue.ts";
import { html, type SafeHtml } from "../html.ts";
import { formMessage, renderAccountPage, timeOf } from "../account/account-layout.ts";
import { adminSections } from "./admin-sections.ts";
import { keyList, userTable } from "./user-table.ts";
import { scanTable } from "../account/scan-table.ts";

/** The operator's overview: recent scans, the queue, users and their keys, and who was turned away. */
export function adminPage(overview: AdminOverview, options: { notice?: string } = {}): string {
  const { queue } = overview;
  const body = html`<section>
<div class="account-head">
<h1>Admin</h1>
<form class="signed-in" method="post" action="/admin/logout"><span class="who">Signed in as the operator</span> <button class="button secondary small" type="submit">Sign out</button></form>
</div>
${formMessage(options.notice, "info")}
${adminSections()}

<h2 id="scans">Recent scans</h2>
${overview.scans.length === 0 ? html`<p class="muted">No scans yet.</p>` : scanTable(overview.scans, { caption: "Recent scans", showCaller: true })}
${overview.scanCount > 0 ? html`<p><a href="/admin/scans">All ${overview.scanCount === 1 ? "1 scan" : `${overview.scanCount} scans`}, with search and filters</a></p>` : ""}

<h2 id="queue">Queue</h2>
<ul class="counts"><li><strong>${queue.counts.queued}</strong> queued</li><li><strong>${queue.counts.running}</strong> running</li><li><strong>${queue.counts.failed}</strong> failed</li></ul>
${jobTable("Queued and running", [...queue.running, ...queue.queued])}
${jobTable("Failed", queue.failed)}

<h2 id="users">Users and keys</h2>
${overview.users.length === 0 ? html`<p class="muted">No accounts yet.</p>` : userTable(overview.users)}
${overview.userCount > 0 ? html`<p><a href="/admin/users">All ${overview.userCount === 1 ? "1 account" : `${overview.userCount} accounts`}, with search</a></p>` : ""}
<h3>Operator keys</h3>
${overview.operatorKeys.length === 0 ? html`<p class="muted">None (create them with <code>sightline keys create</code>).</p>` : keyList(overview.operatorKeys)}

<h2 id="refusals">Rate limits</h2>
<p class="muted">Scans are limited per client address (its /64 for IPv6), per domain and per API key, each in a window of an hour (<code>LIMIT_PER_IP_PER_HOUR</code>, <code>LIMIT_PER_DOMAIN_PER_HOUR</code>, <code>LIMIT_PER_KEY_PER_HOUR</code>). Clearing a limit forgets the requests it counted, so its owner goes on at once; <code>sightline limits clear</code> does the same.</p>
${overview.buckets.length === 0 ? html`<p class="muted">No limit holds a request in its window.</p>` : html`<div class="table-scroll"><table class="table stack"><caption>Limits in use</caption>
<thead><tr><th scope="col">Limit</th><th scope="col">Requests counted</th><th scope="col">Oldest</th><th scope="col"><span class="visually-hidden">Clear</span></th></tr></thead>
<tbody>${overview.buckets.map(
  (use) => html`<tr><th scope="row"><code>${use.bucket}</code></th><td data-label="Requests counted">${String(use.used)}</td><td data-label="Oldest">${timeOf(use.oldestAt)}</td><td>${clearButton(use.bucket)}</td></tr>`,
)}</tbody></table></div>`}
<h3>Refusals in the last day</h3>
${overview.refusals.length === 0 ? html`<p class="muted">Nobody was turned away.</p>` : html`<div class="table-scroll"><table class="table stack">
<thead><tr><th scope="col">Bucket</th><th scope="col">When</th><th scope="col">Retry after</th></tr></thead>
<tbody>${overview.refusals.map(
  (refusal) => html`<tr><th scope="row"><code>${refusal.bucket}</code></th><td data-label="When">${timeOf(refusal.at)}</td><td data-label="Retry after">${refusal.retryAfterSeconds} s</td></tr>`,
)}</tbody></table></div>`}
</section>`;
  return renderAccountPage({ title: "Admin", body });
}

function clearButton(bucket: string): SafeHtml {
  return html`<form method="post" action="/admin/limits/clear"><input type="hidden" name="bucket" value="${bucket}"><button class="button secondary small" type="submit">Clear<span class="visually-hidden"> ${bucket}</span></button></form>`;
}

function jobTable(caption: string, jobs: readonly JobRow[]): SafeHtml | "" {
  if (jobs.length === 0) return "";
  return html`<div class="table-scroll"><table class="table stack"><caption>${caption}</caption>
<thead><tr><th scope="col">Domain</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Caller</th><th scope="col">Updated</th><th scope="col">Last error</th></tr></thead>
<tbody>${jobs.map(
  (job) => html`<tr><th scope="row">${job.domain}</th><td data-label="State">${job.state}</td><td data-label="Attempts">${job.attempts}</td><td data-label="Caller">${job.callerKind}</td><td data-label="Updated">${timeOf(job.updatedAt)}</td><td data-label="Last error">${job.lastError ?? ""}</td></tr>`,
)}</tbody></table></div>`;
}
