import type { Db } from "../store/database.ts";
import { latestDoneRun, samplesOfRun, type RunRow } from "../store/answer-runs-repo.ts";
import type { WatchRow } from "../store/answer-watches-repo.ts";
import type { SampleResult } from "./ask-engine.ts";
import { usd } from "./budget-check.ts";
import type { RunPlan } from "./answer-runs.ts";
import { sampleShares, shareOfVoice, sharesBy, type SampleShares, type VoiceShare } from "./statistics/answer-shares.ts";

/** A run's results as the API, the MCP tool and the page show them: shares per engine, prompt and group. */
export interface RunResults {
  runId: number;
  domain: string;
  finishedAt: string | null;
  startedBy: RunRow["startedBy"];
  costUsd: number;
  overall: SampleShares;
  byEngine: { engine: string; shares: SampleShares }[];
  byPrompt: { promptId: number | null; name: string | null; prompt: string; engine: string; shares: SampleShares }[];
  byGroup: { group: string; shares: SampleShares }[];
  shareOfVoice: VoiceShare[];
  samples: { promptId: number | null; prompt: string; sample: number; result: SampleResult }[];
}

export async function runResults(db: Db, run: RunRow): Promise<RunResults> {
  const plan = JSON.parse(run.planJson) as RunPlan;
  const stored = await samplesOfRun(db, run.id);
  const samples = stored.map((row) => ({ promptId: row.promptId, prompt: row.promptText, sample: row.sample, result: JSON.parse(row.resultJson) as SampleResult }));
  const promptOf = new Map(plan.prompts.map((prompt) => [prompt.id, prompt]));
  const groupOf = (promptId: number | null) => (promptId === null ? null : (promptOf.get(promptId)?.group ?? null));
  return {
    runId: run.id,
    domain: plan.domain,
    finishedAt: run.finishedAt === null ? null : new Date(run.finishedAt).toISOString(),
    startedBy: run.startedBy,
    costUsd: usd(run.spentMicros),
    overall: sampleShares(samples.map((sample) => sample.result)),
    byEngine: sharesBy(samples, (sample) => sample.result.engine, (sample) => sample.result).map(({ key, shares }) => ({ engine: key, shares })),
    byPrompt: sharesBy(samples, (sample) => `${sample.promptId ?? sample.prompt}\u0000${sample.result.engine}`, (sample) => sample.result).map(({ key, shares }) => {
      const [, engine] = key.split("\u0000") as [string, string];
      const first = samples.find((sample) => `${sample.promptId ?? sample.prompt}\u0000${sample.result.engine}` === key)!;
      return { promptId: first.promptId, name: first.promptId === null ? null : (promptOf.get(first.promptId)?.name ?? null), prompt: first.prompt, engine, shares };
    }),
    byGroup: sharesBy(
      samples.filter((sample) => groupOf(sample.promptId) !== null),
      (sample) => groupOf(sample.promptId)!,
      (sample) => sample.result,
    ).map(({ key, shares }) => ({ group: key, shares })),
    shareOfVoice: shareOfVoice(plan.domain, plan.competitors, samples.map((sample) => sample.result)),
    samples,
  };
}

/** The watch's latest finished run's results, or null when none has finished. */
export async function latestResults(db: Db, watch: WatchRow): Promise<RunResults | null> {
  const run = await latestDoneRun(db, watch.id);
  return run === null ? null : runResults(db, run);
}
