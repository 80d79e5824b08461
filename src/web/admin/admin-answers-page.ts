import type { AdminAnswersView } from "../../answers/admin-budgets.ts";
import { usd } from "../../answers/budget-check.ts";
import { html } from "../html.ts";
import { formMessage, renderAccountPage } from "../account/account-layout.ts";
import { adminSections } from "./admin-sections.ts";

/**
 * AI answers in the admin area: each account's monthly budget (none granted: it tracks nothing) with
 * this month's spend, a form to grant or change one, and the service's spend per month and engine.
 */
export function adminAnswersPage(view: AdminAnswersView, message?: { text: string; tone: "error" | "info" }, typed: { email?: string; usd?: string } = {}): string {
  const money = (micros: number) => `$${usd(micros).toFixed(2)}`;
  const body = html`<section>
<h1>AI answers</h1>
${adminSections()}
${formMessage(message?.text, message?.tone)}
<p>An account tracks nothing until it has a monthly budget. ${view.serviceLimitUsd === null ? "The service has no monthly limit of its own (ANSWERS_MONTHLY_LIMIT_USD)." : `All accounts together may spend at most $${view.serviceLimitUsd.toFixed(2)} a month (ANSWERS_MONTHLY_LIMIT_USD).`}</p>
<form class="card" method="post" action="/admin/answers/budget">
<div class="field field-wide"><label for="email">Account email</label><input id="email" name="email" type="email" required maxlength="254" value="${typed.email ?? ""}"></div>
<div class="field"><label for="usd">Monthly budget (US dollars; 0 stops it)</label><input id="usd" name="usd" inputmode="decimal" required maxlength="9" value="${typed.usd ?? ""}"></div>
<div class="actions"><button class="button" type="submit">Set budget</button></div>
</form>
<h2>Budgets in ${view.month}</h2>
${view.budgets.length === 0
    ? html`<p class="muted">No account has a budget yet.</p>`
    : html`<table><caption>Budgets and spend this month</caption><thead><tr><th scope="col">Account</th><th scope="col">Monthly budget</th><th scope="col">Spent in ${view.month}</th></tr></thead><tbody>${view.budgets.map(
        (row) => html`<tr><td>${row.email}</td><td>${money(row.budgetMicros)}</td><td>${money(row.spentMicros)}</td></tr>`,
      )}</tbody></table>`}
<h2>Service spend by month and engine</h2>
${view.spend.length === 0
    ? html`<p class="muted">Nothing spent yet.</p>`
    : html`<table><caption>Spend of every account together</caption><thead><tr><th scope="col">Month</th><th scope="col">Engine</th><th scope="col">Calls</th><th scope="col">Spent</th></tr></thead><tbody>${view.spend.map(
        (row) => html`<tr><td>${row.month}</td><td>${row.engine}</td><td>${String(row.calls)}</td><td>${money(row.micros)}</td></tr>`,
      )}</tbody></table>`}
</section>`;
  return renderAccountPage({ title: "AI answers · Admin", body });
}
