import type { Config } from "../config.ts";
import type { Caller } from "../types/caller.ts";
import { MAX_PAGE_BUDGET } from "./page-budget-ceiling.ts";

/**
 * How many pages a site-wide scan may sample, per caller: each kind of caller has a default (when the
 * request names none) and a maximum, from configuration (SCAN_PAGES_*). Anonymous callers (the web form,
 * challenge answers, MCP without a key) share one pair; customer keys and the pipeline token have their
 * own. The operator's CLI takes the pipeline token's default and may ask for up to MAX_PAGE_BUDGET.
 */

export interface PageBudgetRange {
  default: number;
  max: number;
}

export interface PageBudgets {
  anonymous: PageBudgetRange;
  key: PageBudgetRange;
  pipeline: PageBudgetRange;
}

export function pageBudgetsOf(config: Config): PageBudgets {
  return {
    anonymous: { default: config.SCAN_PAGES_ANONYMOUS_DEFAULT, max: config.SCAN_PAGES_ANONYMOUS_MAX },
    key: { default: config.SCAN_PAGES_KEY_DEFAULT, max: config.SCAN_PAGES_KEY_MAX },
    pipeline: { default: config.SCAN_PAGES_PIPELINE_DEFAULT, max: config.SCAN_PAGES_PIPELINE_MAX },
  };
}

export type PageBudgetDecision = { ok: true; pages: number } | { ok: false; error: string };

/** The budget a request runs with: its own `pages` within the caller's maximum, else the caller's default. */
export function pageBudgetFor(budgets: PageBudgets, caller: Caller, requested: number | undefined): PageBudgetDecision {
  const range = rangeOf(budgets, caller);
  if (requested === undefined) return { ok: true, pages: range.default };
  if (!Number.isSafeInteger(requested) || requested < 1) return { ok: false, error: "pages must be an integer of at least 1." };
  if (requested > range.max) return { ok: false, error: overMaximum(budgets, caller, range.max) };
  return { ok: true, pages: requested };
}

function rangeOf(budgets: PageBudgets, caller: Caller): PageBudgetRange {
  switch (caller.kind) {
    case "key":
    // A watch's scheduled rescan: the account's own scan, as with its key.
    case "schedule":
      return budgets.key;
    case "pipeline":
      return budgets.pipeline;
    case "cli":
      return { default: budgets.pipeline.default, max: MAX_PAGE_BUDGET };
    case "challenge":
    case "mcp":
      return budgets.anonymous;
  }
}

function overMaximum(budgets: PageBudgets, caller: Caller, max: number): string {
  const most = `pages must be at most ${max}`;
  switch (caller.kind) {
    case "key":
    case "schedule":
      return `${most} with an API key.`;
    case "pipeline":
      return `${most} with the pipeline token.`;
    case "cli":
      return `${most}: a scan keeps verdicts for at most ${MAX_PAGE_BUDGET} pages.`;
    case "challenge":
    case "mcp":
      return budgets.key.max > max ? `${most} without an API key (an API key allows up to ${budgets.key.max}).` : `${most} without an API key.`;
  }
}
