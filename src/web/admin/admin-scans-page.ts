import { CALLER_KINDS, type ScanList } from "../../accounts/admin-lists.ts";
import { html, type SafeHtml } from "../html.ts";
import { formMessage, renderAccountPage } from "../account/account-layout.ts";
import { countText, pager } from "../account/pager.ts";
import { adminSections } from "./admin-sections.ts";
import { scanTable } from "../account/scan-table.ts";

/** Every stored scan, searchable by domain and filtered by status, caller and date, a page at a time. */
export function adminScansPage(list: ScanList): string {
  const { query } = list;
  const filtered = Boolean(query.domain || query.status || query.caller || query.from || query.to);
  const params = { domain: query.domain, status: query.status, caller: query.caller, from: query.from, to: query.to };
  const body = html`<section>
<h1>Scans</h1>
${adminSections()}
${formMessage(list.problems.join(" ") || undefined)}
<form class="card filters" method="get" action="/admin/scans" role="search" aria-label="Search scans">
<div class="field field-wide"><label for="domain">Domain contains</label><input id="domain" name="domain" type="search" value="${query.domain}" maxlength="253" autocomplete="off"></div>
<div class="field"><label for="status">Status</label>${select("status", query.status, [["", "Any"], ["ok", "ok"], ["failed", "failed"]])}</div>
<div class="field"><label for="caller">Caller</label>${select("caller", query.caller, [["", "Any"], ...CALLER_KINDS.map((kind): [string, string] => [kind, kind])])}</div>
<div class="field"><label for="from">Scanned from</label><input id="from" name="from" type="date" value="${query.from}"></div>
<div class="field"><label for="to">to (inclusive, UTC)</label><input id="to" name="to" type="date" value="${query.to}"></div>
<div class="actions"><button class="button" type="submit">Search</button>${filtered ? html`<a class="button secondary" href="/admin/scans">Clear</a>` : ""}</div>
</form>
<p class="muted list-count" role="status">${countText(list.paging.total, "scan", filtered)}</p>
${list.scans.length === 0 ? html`<p class="muted">${filtered ? "No scan matches these filters." : "No scans yet."}</p>` : scanTable(list.scans, { caption: "Scans", showCaller: true })}
${pager(list.paging, "/admin/scans", params, "scans")}
</section>`;
  return renderAccountPage({ title: "Scans · Admin", body });
}

function select(name: string, chosen: string, options: readonly [string, string][]): SafeHtml {
  return html`<select id="${name}" name="${name}">${options.map(
    ([value, label]) => html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`,
  )}</select>`;
}
