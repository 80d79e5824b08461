import type { ApiKeySummaryWithOwner } from "../../auth/api-key-service.ts";
import type { UserSummaryRow } from "../../store/users-repo.ts";
import { html, type SafeHtml } from "../html.ts";
import { timeOf } from "../account/account-layout.ts";

/** Accounts with their keys, each active key with a link to revoke it (the overview and /admin/users). */
export function userTable(users: readonly (UserSummaryRow & { keys: readonly ApiKeySummaryWithOwner[] })[]): SafeHtml {
  return html`<div class="table-scroll"><table class="table stack">
<thead><tr><th scope="col">Email</th><th scope="col">Signed up</th><th scope="col">Keys</th></tr></thead>
<tbody>${users.map(
  (user) => html`<tr><th scope="row">${user.email}</th><td data-label="Signed up">${timeOf(user.createdAt)}</td>
<td data-label="Keys">${user.keys.length === 0 ? html`<span class="muted">none</span>` : keyList(user.keys)}</td></tr>`,
)}</tbody></table></div>`;
}

export function keyList(keys: readonly ApiKeySummaryWithOwner[]): SafeHtml {
  return html`<ul class="key-list">${keys.map(
    (key) => html`<li><strong>${key.name}</strong> <code>${key.visibleStart}…</code>
${key.revokedAt === null
  ? html`<a class="button secondary small" href="/admin/keys/${String(key.id)}/revoke">Revoke<span class="visually-hidden"> ${key.name}</span></a>`
  : html`<span class="status status-fail">Revoked</span>`}
<span class="key-dates muted">created ${timeOf(key.createdAt)}, last used ${timeOf(key.lastUsedAt)}</span></li>`,
  )}</ul>`;
}
