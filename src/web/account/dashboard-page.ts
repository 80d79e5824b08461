import type { CreatedApiKey } from "../../auth/api-key-service.ts";
import type { KeyWithUsage } from "../../accounts/account-keys.ts";
import type { KeyUsage } from "../../limits/key-usage.ts";
import type { MyScans } from "../../accounts/my-scans.ts";
import { scanTable } from "./scan-table.ts";
import { html, type SafeHtml } from "../html.ts";
import { field, formMessage, renderAccountPage, timeOf } from "./account-layout.ts";

export interface DashboardPageModel {
  email: string;
  keys: readonly KeyWithUsage[];
  /** The newest scans asked for with the user's keys (the first page of /account/scans). */
  scans: MyScans;
  publicUrl: string;
  keyPrefix: string;
  /** Keys just created, taken from their one-time flash (key-flash.ts): the one and only time they are shown. */
  created?: readonly CreatedApiKey[];
  notice?: string;
  error?: string;
  /** The name typed into the create form, kept when it was refused. */
  keyName?: string;
}

export function dashboardPage(model: DashboardPageModel): string {
  const base = model.publicUrl.replace(/\/+$/, "");
  const created = model.created ?? [];
  const keyForExample = created.at(-1)?.key ?? `${model.keyPrefix}_YOUR_KEY`;
  const body = html`<section>
<div class="account-head">
<h1>Your API keys</h1>
<form class="signed-in" method="post" action="/account/logout"><span class="who">Signed in as ${model.email}</span> <button class="button secondary small" type="submit">Sign out</button></form>
</div>
${formMessage(model.notice, "info")}
${created.map((key, index) => createdKey(key, index === created.length - 1))}
<h2 id="create-heading">Create a key</h2>
<form class="form card create-key" method="post" action="/account/keys" aria-labelledby="create-heading">
${formMessage(model.error)}
${field({
  id: "name",
  label: "Key name",
  type: "text",
  value: model.keyName ?? "",
  hint: "Say where the key will be used, e.g. \"CI pipeline\" or \"laptop\", so you know which one to revoke later.",
  autocomplete: "off",
  maxlength: 64,
})}
<div class="actions"><button class="button" type="submit">Create key</button></div>
</form>
<h2>Keys</h2>
${model.keys.length === 0 ? html`<p class="muted">No keys yet.</p>` : keyTable(model.keys)}
<h2 id="my-scans">My scans</h2>
${myScansSection(model.scans)}
<h2>How to call the API</h2>
<p>Send the key as a bearer token. A record younger than 24 hours comes back at once (200); otherwise the scan starts (202) and you poll the report every second or two until it answers 200. Each key has its own limit of fresh scans per hour (the table above shows how much of it each key has used); records served from the cache do not count.</p>
<div class="copyable"><pre><code id="curl-example">curl -X POST ${base}/api/scan \\
  -H "Authorization: Bearer ${keyForExample}" \\
  -H "Content-Type: application/json" \\
  -d '{"url":"example.com"}'

curl ${base}/api/report/example.com.json</code></pre><button class="button small copy" type="button" data-copy-target="curl-example" hidden>Copy</button></div>
<p>The whole API is described at <a href="/swagger">/swagger</a>.</p>
</section>`;
  return renderAccountPage({ title: "Your API keys", body });
}

/** The newest key keeps the ids "new-key" and "new-key-heading" (the copy button, links and tests find it by them). */
function createdKey(created: CreatedApiKey, newest: boolean): SafeHtml {
  const id = newest ? "new-key" : `new-key-${created.id}`;
  return html`<section class="key-once notice warn" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">Your new key “${created.name}”</h2>
<p><strong>Copy it now: it is shown only this once.</strong> Only a hash of it is stored, so nobody can show it to you again, and reloading this page will not show it. If you lose it, revoke it and create another.</p>
<div class="copyable"><pre><code id="${id}" data-api-key>${created.key}</code></pre><button class="button small copy" type="button" data-copy-target="${id}" hidden>Copy</button></div>
</section>`;
}

function myScansSection(scans: MyScans): SafeHtml {
  if (scans.paging.total === 0) {
    return html`<p class="muted">No scans asked for with your keys yet. Scans started from the form on the start page are not tied to your account.</p>`;
  }
  return html`${scanTable(scans.scans, { caption: "Scans asked for with your keys", showCaller: false })}
${scans.paging.pages > 1 ? html`<p><a href="/account/scans">All ${scans.paging.total} of your scans</a></p>` : ""}`;
}

/** "12 of 60", with a bar, and when the limit is reached, when the next scan is possible. */
function usageCell(usage: KeyUsage | null): SafeHtml | string {
  if (usage === null) return "";
  const full = usage.used >= usage.limit;
  const minutes = Math.ceil(usage.nextSlotSeconds / 60);
  return html`<span class="usage${full ? " usage-full" : ""}"><meter min="0" max="${usage.limit}" value="${Math.min(usage.used, usage.limit)}" aria-hidden="true"></meter> ${usage.used} of ${usage.limit} fresh scans</span>${
    full ? html` <span class="muted">(the next in ${minutes === 1 ? "1 minute" : `${minutes} minutes`})</span>` : ""
  }`;
}

function keyTable(keys: readonly KeyWithUsage[]): SafeHtml {
  return html`<div class="table-scroll"><table class="table stack">
<caption class="visually-hidden">Your API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key starts with</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Used in the last hour</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>
${keys.map(
  (key) => html`<tr>
<th scope="row">${key.name}</th>
<td data-label="Key starts with"><code>${key.visibleStart}…</code></td>
<td data-label="Created">${timeOf(key.createdAt)}</td>
<td data-label="Last used">${timeOf(key.lastUsedAt)}</td>
<td data-label="Last hour">${usageCell(key.usage)}</td>
<td data-label="Status">${key.revokedAt === null ? html`<span class="status status-pass">Active</span>` : html`<span class="status status-fail">Revoked</span> ${timeOf(key.revokedAt)}`}</td>
<td class="cell-action">${key.revokedAt === null ? html`<a class="button secondary small" href="/account/keys/${String(key.id)}/revoke">Revoke<span class="visually-hidden"> ${key.name}</span></a>` : ""}</td>
</tr>`,
)}
</tbody>
</table></div>`;
}
