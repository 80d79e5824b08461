import type { UserList } from "../../accounts/admin-lists.ts";
import { html } from "../html.ts";
import { formMessage, renderAccountPage } from "../account/account-layout.ts";
import { countText, pager } from "../account/pager.ts";
import { adminSections } from "./admin-sections.ts";
import { userTable } from "./user-table.ts";

/** Every account with its keys, searchable by email, a page at a time. */
export function adminUsersPage(list: UserList): string {
  const body = html`<section>
<h1>Accounts</h1>
${adminSections()}
<form class="card filters" method="get" action="/admin/users" role="search" aria-label="Search accounts">
<div class="field field-wide"><label for="email">Email contains</label><input id="email" name="email" type="search" value="${list.email}" maxlength="253" autocomplete="off"></div>
<div class="actions"><button class="button" type="submit">Search</button>${list.email ? html`<a class="button secondary" href="/admin/users">Clear</a>` : ""}</div>
</form>
${formMessage(list.refused ?? undefined)}
<p class="muted list-count" role="status">${countText(list.paging.total, "account", Boolean(list.email))}</p>
${list.users.length === 0 ? html`<p class="muted">${list.email ? "No account matches." : "No accounts yet."}</p>` : userTable(list.users)}
${pager(list.paging, "/admin/users", { email: list.email }, "accounts")}
</section>`;
  return renderAccountPage({ title: "Accounts · Admin", body });
}
