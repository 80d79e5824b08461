import type { MonthUsage } from "../store/answer-runs-repo.ts";

/**
 * Whether a run estimated to cost `estimateMicros` fits the month's budgets, decided before any call:
 * the service's monthly limit (ANSWERS_MONTHLY_LIMIT_USD, null: none) and the account's budget (set by
 * the admin; 0 by default, so an account tracks nothing until granted one). Money is in micro-dollars
 * (US dollars × 10^6), so sums are exact.
 */
export interface BudgetFigures {
  month: string;
  estimateUsd: number;
  account: { budgetUsd: number; spentUsd: number; reservedUsd: number };
  service: { limitUsd: number | null; spentUsd: number; reservedUsd: number };
}

export type BudgetDecision = { ok: true; figures: BudgetFigures } | { ok: false; error: string; figures: BudgetFigures };

export function checkBudget(month: string, estimateMicros: number, usage: MonthUsage, serviceLimitMicros: number | null): BudgetDecision {
  const figures: BudgetFigures = {
    month,
    estimateUsd: usd(estimateMicros),
    account: { budgetUsd: usd(usage.accountBudgetMicros), spentUsd: usd(usage.accountSpentMicros), reservedUsd: usd(usage.accountReservedMicros) },
    service: { limitUsd: serviceLimitMicros === null ? null : usd(serviceLimitMicros), spentUsd: usd(usage.serviceSpentMicros), reservedUsd: usd(usage.serviceReservedMicros) },
  };
  if (usage.accountBudgetMicros === 0) {
    return { ok: false, error: "This account has no budget for AI answer runs; the operator grants one in the admin area.", figures };
  }
  const accountLeft = usage.accountBudgetMicros - usage.accountSpentMicros - usage.accountReservedMicros;
  if (estimateMicros > accountLeft) {
    return {
      ok: false,
      error: `This run would cost about ${money(estimateMicros)}, and the account has ${money(Math.max(0, accountLeft))} left of its ${money(usage.accountBudgetMicros)} for ${month} (${money(usage.accountSpentMicros)} spent, ${money(usage.accountReservedMicros)} held by runs in progress).`,
      figures,
    };
  }
  if (serviceLimitMicros !== null) {
    const serviceLeft = serviceLimitMicros - usage.serviceSpentMicros - usage.serviceReservedMicros;
    if (estimateMicros > serviceLeft) {
      return {
        ok: false,
        error: `This run would cost about ${money(estimateMicros)}, and the service has ${money(Math.max(0, serviceLeft))} left of its monthly limit of ${money(serviceLimitMicros)} for ${month}.`,
        figures,
      };
    }
  }
  return { ok: true, figures };
}

export const MICROS_PER_USD = 1_000_000;

export function micros(usdAmount: number): number {
  return Math.round(usdAmount * MICROS_PER_USD);
}

export function usd(microsAmount: number): number {
  return microsAmount / MICROS_PER_USD;
}

function money(microsAmount: number): string {
  const value = usd(microsAmount);
  return `$${value.toFixed(value !== 0 && value < 1 ? 4 : 2)}`;
}

/** The calendar month (UTC) spend is counted in: "2026-11". */
export function monthOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}
