import type { MyScans } from "../../accounts/my-scans.ts";
import { html } from "../html.ts";
import { renderAccountPage } from "./account-layout.ts";
import { countText, pager } from "./pager.ts";
import { scanTable } from "./scan-table.ts";

/** /account/scans: every scan asked for with the user's keys, a page at a time. */
export function myScansPage(model: { email: string; scans: MyScans }): string {
  const { scans } = model;
  const body = html`<section>
<div class="account-head">
<h1>My scans</h1>
<form class="signed-in" method="post" action="/account/logout"><span class="who">Signed in as ${model.email}</span> <button class="button secondary small" type="submit">Sign out</button></form>
</div>
<p><a href="/account">← Your API keys</a></p>
<p class="muted">The scans asked for with your API keys, newest first. Scans started from the form on the start page are not tied to your account.</p>
<p class="muted list-count" role="status">${countText(scans.paging.total, "scan", false)}</p>
${scans.scans.length === 0 ? "" : scanTable(scans.scans, { caption: "Scans asked for with your keys", showCaller: false })}
${pager(scans.paging, "/account/scans", {}, "scans")}
</section>`;
  return renderAccountPage({ title: "My scans", body });
}
