import type { Db } from "../store/database.ts";
import { budgetsWithSpend, setBudget, spendByMonth, type BudgetRow, type SpendRow } from "../store/answer-runs-repo.ts";
import { findUserByEmail } from "../store/users-repo.ts";
import { normalizeEmail } from "../accounts/email-address.ts";
import { micros, monthOf } from "./budget-check.ts";

/** The admin area's part of AI answers: granting accounts a monthly budget, and what was spent. */

export const BUDGET_MAX_USD = 100_000;

export interface AdminAnswersView {
  month: string;
  serviceLimitUsd: number | null;
  budgets: BudgetRow[];
  spend: SpendRow[];
}

export async function adminAnswersView(db: Db, serviceLimitUsd: number | null, now: number): Promise<AdminAnswersView> {
  const month = monthOf(now);
  return { month, serviceLimitUsd, budgets: await budgetsWithSpend(db, month, 500), spend: await spendByMonth(db, null, 12) };
}

/** Sets an account's monthly budget from the admin's form; the message to show when refused. */
export async function grantBudget(db: Db, email: string, usdText: string, now: number): Promise<{ ok: true; email: string } | { ok: false; error: string }> {
  const text = usdText.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text) || Number(text) > BUDGET_MAX_USD) return { ok: false, error: `The budget is US dollars from 0 to ${BUDGET_MAX_USD}, such as 25 or 12.50.` };
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) return { ok: false, error: "There is no account with that email." };
  await setBudget(db, user.id, micros(Number(text)), now);
  return { ok: true, email: user.email };
}
