import type { Db } from "../store/database.ts";
import { findWatch, promptsOf, type PromptRow, type WatchRow } from "../store/answer-watches-repo.ts";
import { completeRun, failRun, insertRun, monthUsage, type NewSample, type RunRow } from "../store/answer-runs-repo.ts";
import { brandMatcher } from "./brand-mention.ts";
import { checkBudget, micros, monthOf, type BudgetFigures } from "./budget-check.ts";
import type { AnswerEngine, EngineName } from "./engine.ts";
import { runAnswers } from "./run-answers.ts";

/**
 * Runs for watched domains: started by a person or a schedule, checked against the budgets before any
 * call (the estimate is held as a reservation until the run ends), then claimed and carried out by the
 * run worker (answer-run-worker.ts).
 */
export interface AnswerRunDeps {
  db: Db;
  /** The configured engines. */
  engines: readonly AnswerEngine[];
  /** ANSWERS_MONTHLY_LIMIT_USD in micro-dollars; null: no service-wide limit. */
  serviceLimitMicros: number | null;
  timeoutMs: number;
  secrets: readonly string[];
  now: () => number;
  /** The page budget of a watch's scheduled rescan (SCAN_PAGES_KEY_DEFAULT: the account's own scan); absent: the analyzer's default. */
  scheduledScanPages?: number;
}

/** What a run asks, fixed when it starts: later edits of the watch do not change a queued run. */
export interface RunPlan {
  domain: string;
  brandNames: string[];
  competitors: string[];
  samples: number;
  engines: EngineName[];
  prompts: { id: number; name: string; text: string; group: string | null }[];
}

export type StartRunResult =
  | { ok: true; runId: number; figures: BudgetFigures }
  | { ok: false; status: 400 | 402 | 404 | 503; error: string; figures?: BudgetFigures };

export async function startRun(deps: AnswerRunDeps, userId: number, watchId: number, startedBy: "manual" | "schedule"): Promise<StartRunResult> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return { ok: false, status: 404, error: "No such watch." };
  const prompts = await promptsOf(deps.db, watch.id);
  if (prompts.length === 0) return { ok: false, status: 400, error: "The watch has no prompts yet: add one first." };
  const engines = enginesFor(deps.engines, watch);
  if (engines.length === 0) return { ok: false, status: 503, error: "None of the watch's engines is configured on this service." };
  const plan = planOf(watch, prompts, engines);
  const estimate = estimateMicros(plan, engines);
  const now = deps.now();
  const month = monthOf(now);
  // One exclusive transaction: two runs started at once cannot both fit in what is left.
  return deps.db.exclusive(async () => {
    const decision = checkBudget(month, estimate, await monthUsage(deps.db, month, userId), deps.serviceLimitMicros);
    if (!decision.ok) return { ok: false, status: 402, error: decision.error, figures: decision.figures } as const;
    const runId = await insertRun(deps.db, { watchId: watch.id, userId, month, startedBy, planJson: JSON.stringify(plan), reservedMicros: estimate }, now);
    return { ok: true, runId, figures: decision.figures } as const;
  });
}

export function enginesFor(configured: readonly AnswerEngine[], watch: Pick<WatchRow, "engines">): AnswerEngine[] {
  return configured.filter((engine) => watch.engines === null || watch.engines.includes(engine.name));
}

export function planOf(watch: WatchRow, prompts: readonly PromptRow[], engines: readonly AnswerEngine[]): RunPlan {
  return {
    domain: watch.domain,
    brandNames: watch.brandNames,
    competitors: watch.competitors,
    samples: watch.samples,
    engines: engines.map((engine) => engine.name),
    prompts: prompts.map((prompt) => ({ id: prompt.id, name: prompt.name, text: prompt.prompt, group: prompt.group })),
  };
}

/** Every call at its engine's configured price. */
export function estimateMicros(plan: RunPlan, engines: readonly AnswerEngine[]): number {
  const perRound = engines.filter((engine) => plan.engines.includes(engine.name)).reduce((sum, engine) => sum + micros(engine.priceUsd), 0);
  return perRound * plan.prompts.length * plan.samples;
}

/** Asks what the run's plan says and stores the samples; false when the lease was lost meanwhile (nothing is stored). */
export async function carryOutRun(deps: AnswerRunDeps, run: RunRow, leaseToken: string): Promise<boolean> {
  const plan = JSON.parse(run.planJson) as RunPlan;
  const engines = deps.engines.filter((engine) => plan.engines.includes(engine.name));
  if (engines.length === 0) return failRun(deps.db, run.id, leaseToken, "None of the run's engines is configured any more.", deps.now());
  const results = await runAnswers({
    prompts: plan.prompts.map((prompt) => prompt.text),
    engines,
    samples: plan.samples,
    target: { domain: plan.domain, brandNames: plan.brandNames, competitors: plan.competitors, mentions: brandMatcher(plan.brandNames) },
    timeoutMs: deps.timeoutMs,
    secrets: deps.secrets,
  });
  const samples: NewSample[] = results.map(({ promptIndex, sample, result }) => {
    const prompt = plan.prompts[promptIndex]!;
    return {
      promptId: prompt.id,
      promptText: prompt.text,
      engine: result.engine,
      sample,
      status: result.status,
      cited: result.status === "ok" ? result.analysis.cited : null,
      mentioned: result.status === "ok" ? result.analysis.mentioned : null,
      position: result.status === "ok" ? result.analysis.position : null,
      costMicros: micros(result.costUsd),
      askedAt: Date.parse(result.askedAt),
      resultJson: JSON.stringify(result),
    };
  });
  return completeRun(deps.db, run.id, leaseToken, samples, deps.now());
}
