import { analyzeAnswer, type AnswerAnalysis, type AnswerTarget } from "./analyze-answer.ts";
import { ResponseTooLargeError } from "./bounded-fetch.ts";
import type { AnswerEngine, EngineName } from "./engine.ts";
import { scrubSecrets } from "./scrub-secrets.ts";

/**
 * One sample: one prompt asked once of one engine. An engine that errs, times out, sends what cannot
 * be read or answers without any source is "unavailable" for that sample: it says nothing about
 * whether the domain would have been cited, so it never counts as "not cited".
 */

export type UnavailableReason = "timeout" | "error" | "malformed" | "too-large" | "no-sources";

interface SampleBase {
  engine: EngineName;
  model: string;
  askedAt: string;
  durationMs: number;
  /** What the call is counted as costing, in US dollars (see docs/answers.md, "Cost"). */
  costUsd: number;
}

export type SampleResult =
  | (SampleBase & { status: "ok"; analysis: AnswerAnalysis })
  | (SampleBase & { status: "unavailable"; reason: UnavailableReason; detail: string });

export interface AskOptions {
  timeoutMs: number;
  /** Every provider key in use: scrubbed from any message that leaves this function. */
  secrets: readonly string[];
  now?: () => Date;
}

export async function askEngine(engine: AnswerEngine, prompt: string, target: AnswerTarget, options: AskOptions): Promise<SampleResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const base = () => ({ engine: engine.name, model: engine.model, askedAt: started.toISOString(), durationMs: Math.max(0, now().getTime() - started.getTime()) });
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const answer = await engine.ask(prompt, signal);
    const costUsd = answer.reportedCostUsd ?? engine.priceUsd;
    const model = answer.model.slice(0, 100);
    if (answer.sources.length === 0) return { ...base(), model, costUsd, status: "unavailable", reason: "no-sources", detail: "The engine answered without any web source." };
    return { ...base(), model, costUsd, status: "ok", analysis: analyzeAnswer(answer, target) };
  } catch (error) {
    const failure = classify(error, signal, options);
    return { ...base(), costUsd: failure.billed ? engine.priceUsd : 0, status: "unavailable", reason: failure.reason, detail: failure.detail };
  }
}

interface Failure {
  reason: Exclude<UnavailableReason, "no-sources">;
  detail: string;
  /** Whether the provider may have billed the call: it refused it with an HTTP status only when it did not. */
  billed: boolean;
}

function classify(error: unknown, signal: AbortSignal, options: AskOptions): Failure {
  const chain = causes(error);
  if (signal.aborted || chain.some((item) => /timeout/i.test(item.name))) {
    return { reason: "timeout", detail: `No answer within ${Math.round(options.timeoutMs / 1000)} seconds.`, billed: true };
  }
  if (chain.some((item) => item instanceof ResponseTooLargeError)) return { reason: "too-large", detail: "The provider's response was too large to read.", billed: true };
  const status = chain.map(statusOf).find((value) => value !== null) ?? null;
  const message = scrubSecrets(chain[0]?.message ?? String(error), options.secrets);
  if (status !== null) return { reason: "error", detail: `HTTP ${status}: ${message}`, billed: false };
  if (chain.some((item) => item instanceof SyntaxError || /JSON/.test(item.message))) return { reason: "malformed", detail: "The provider's response was not readable JSON.", billed: true };
  return { reason: "error", detail: message, billed: true };
}

function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 5) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function statusOf(error: Error): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599 ? status : null;
}
