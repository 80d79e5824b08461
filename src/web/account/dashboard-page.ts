import type { ApiKeySummary, CreatedApiKey } from "../../auth/api-key-service.ts";
import { html, type SafeHtml } from "../html.ts";
import { field, formMessage, renderAccountPage, timeOf } from "./account-layout.ts";

export interface DashboardPageModel {
  email: string;
  keys: readonly ApiKeySummary[];
  publicUrl: string;
  keyPrefix: string;
  /** Only in the answer to the creating POST: the one and only time the full key is shown. */
  created?: CreatedApiKey;
  notice?: string;
  error?: string;
  /** The name typed into the create form, kept when it was refused. */
  keyName?: string;
}

export function dashboardPage(model: DashboardPageModel): string {
  const base = model.publicUrl.replace(/\/+$/, "");
  const keyForExample = model.created?.key ?? `${model.keyPrefix}_YOUR_KEY`;
  const body = html`<section>
<div class="account-head">
<h1>Your API keys</h1>
<form class="signed-in" method="post" action="/account/logout"><span class="who">Signed in as ${model.email}</span> <button class="button secondary small" type="submit">Sign out</button></form>
</div>
${formMessage(model.notice, "info")}
${model.created ? createdKey(model.created) : ""}
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
<h2>How to call the API</h2>
<p>Send the key as a bearer token. A record younger than 24 hours comes back at once (200); otherwise the scan starts (202) and you poll the report every second or two until it answers 200. Each key has its own limit of fresh scans per hour.</p>
<div class="copyable"><pre><code id="curl-example">curl -X POST ${base}/api/scan \\
  -H "Authorization: Bearer ${keyForExample}" \\
  -H "Content-Type: application/json" \\
  -d '{"url":"example.com"}'

curl ${base}/api/report/example.com.json</code></pre><button class="button small copy" type="button" data-copy-target="curl-example" hidden>Copy</button></div>
<p>The whole API is described at <a href="/swagger">/swagger</a>.</p>
</section>`;
  return renderAccountPage({ title: "Your API keys", body });
}

function createdKey(created: CreatedApiKey): SafeHtml {
  return html`<section class="key-once notice warn" aria-labelledby="new-key-heading">
<h2 id="new-key-heading">Your new key “${created.name}”</h2>
<p><strong>Copy it now: it is shown only this once.</strong> Only a hash of it is stored, so nobody can show it to you again. If you lose it, revoke it and create another.</p>
<div class="copyable"><pre><code id="new-key" data-api-key>${created.key}</code></pre><button class="button small copy" type="button" data-copy-target="new-key" hidden>Copy</button></div>
</section>`;
}

function keyTable(keys: readonly ApiKeySummary[]): SafeHtml {
  return html`<div class="table-scroll"><table class="table stack">
<caption class="visually-hidden">Your API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key starts with</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>
${keys.map(
  (key) => html`<tr>
<th scope="row">${key.name}</th>
<td data-label="Key starts with"><code>${key.visibleStart}…</code></td>
<td data-label="Created">${timeOf(key.createdAt)}</td>
<td data-label="Last used">${timeOf(key.lastUsedAt)}</td>
<td data-label="Status">${key.revokedAt === null ? html`<span class="status status-pass">Active</span>` : html`<span class="status status-fail">Revoked</span> ${timeOf(key.revokedAt)}`}</td>
<td class="cell-action">${key.revokedAt === null ? html`<a class="button secondary small" href="/account/keys/${String(key.id)}/revoke">Revoke<span class="visually-hidden"> ${key.name}</span></a>` : ""}</td>
</tr>`,
)}
</tbody>
</table></div>`;
}
