import { askEngine, type SampleResult } from "./ask-engine.ts";
import type { AnswerTarget } from "./analyze-answer.ts";
import type { AnswerEngine } from "./engine.ts";

/**
 * A run: every prompt asked of every engine `samples` times. Calls run a few at a time (CONCURRENCY)
 * so a run of 10 prompts × 4 engines × 3 samples does not open 120 connections at once; each call
 * ends by its own deadline, so the run ends by about calls / CONCURRENCY deadlines.
 */
export const CONCURRENCY = 4;
export const PROMPTS_MAX = 20;
export const PROMPT_MAX_CHARS = 2000;
export const SAMPLES_MAX = 10;

export interface RunRequest {
  prompts: readonly string[];
  engines: readonly AnswerEngine[];
  samples: number;
  target: AnswerTarget;
  timeoutMs: number;
  secrets: readonly string[];
  now?: () => Date;
}

export interface PromptSample {
  promptIndex: number;
  sample: number;
  result: SampleResult;
}

export async function runAnswers(request: RunRequest): Promise<PromptSample[]> {
  const tasks: { promptIndex: number; sample: number; engine: AnswerEngine }[] = [];
  request.prompts.forEach((_prompt, promptIndex) => {
    for (let sample = 1; sample <= request.samples; sample++) for (const engine of request.engines) tasks.push({ promptIndex, sample, engine });
  });
  const results: PromptSample[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const at = next++;
      const task = tasks[at]!;
      const result = await askEngine(task.engine, request.prompts[task.promptIndex]!, request.target, {
        timeoutMs: request.timeoutMs,
        secrets: request.secrets,
        ...(request.now ? { now: request.now } : {}),
      });
      results[at] = { promptIndex: task.promptIndex, sample: task.sample, result };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker));
  return results;
}
