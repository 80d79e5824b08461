import type { Config } from "../config.ts";
import type { AnswerTarget } from "../answers/analyze-answer.ts";
import { BRAND_NAME_MAX_CHARS, BRAND_NAMES_MAX, brandMatcher, defaultBrandNames } from "../answers/brand-mention.ts";
import { configuredEngines, ENGINE_KEY_VARIABLES, providerSecrets } from "../answers/configured-engines.ts";
import { ENGINE_NAMES, type AnswerEngine, type EngineName } from "../answers/engine.ts";
import { PROMPT_MAX_CHARS, PROMPTS_MAX, runAnswers, SAMPLES_MAX, type PromptSample } from "../answers/run-answers.ts";
import { roundUsd, shareOfVoice, sharesBy, type SampleShares } from "../answers/statistics/answer-shares.ts";
import { describeShare } from "../answers/statistics/wilson-interval.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { EXIT } from "./exit-codes.ts";
import { ANSWERS_USAGE } from "./usages.ts";

/**
 * `sightline answers run`: asks the configured engines the given prompts about one domain, in this
 * process, without an account or database, and prints what they answered. Summaries go to stdout,
 * messages to stderr.
 */
export interface AnswersIo {
  out(text: string): void;
  err(text: string): void;
}

export const COMPETITORS_MAX = 20;
const DEFAULT_SAMPLES = 3;

interface RunArgs {
  domain: string;
  prompts: string[];
  engines: EngineName[] | null;
  samples: number;
  brands: string[];
  competitors: string[];
  json: boolean;
}

type Parsed = { ok: true; args: RunArgs } | { ok: false; error: string };

const VALUED = new Set(["--domain", "--prompt", "--engines", "--samples", "--brand", "--competitor"]);

export function parseAnswersArgs(args: string[]): Parsed {
  const [action, ...rest] = args;
  if (action !== "run") return { ok: false, error: action === undefined ? "give an action: sightline answers run ..." : `unknown action "${action}"; the action is "run".` };
  const values = new Map<string, string[]>();
  let json = false;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === "--json") {
      json = true;
      continue;
    }
    const equals = arg.indexOf("=");
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (!VALUED.has(flag)) return { ok: false, error: arg.startsWith("-") ? `unknown option "${arg}".` : `unexpected argument "${arg}"; prompts go after --prompt.` };
    const value = equals > 0 ? arg.slice(equals + 1) : rest[++index];
    if (value === undefined) return { ok: false, error: `${flag} needs a value.` };
    values.set(flag, [...(values.get(flag) ?? []), value]);
  }
  const single = (flag: string) => {
    const given = values.get(flag) ?? [];
    return given.length > 1 ? { error: `${flag} is given ${given.length} times; give it once.` } : { value: given[0] };
  };
  const domainArg = single("--domain");
  if ("error" in domainArg) return { ok: false, error: domainArg.error! };
  if (domainArg.value === undefined) return { ok: false, error: "give the site with --domain, e.g. --domain example.com." };
  const domain = normalizeTarget(domainArg.value);
  if (!domain.ok) return { ok: false, error: `--domain: ${domain.error}` };

  const prompts = (values.get("--prompt") ?? []).map((prompt) => prompt.trim());
  if (prompts.length === 0) return { ok: false, error: 'give at least one --prompt "...".' };
  if (prompts.length > PROMPTS_MAX) return { ok: false, error: `at most ${PROMPTS_MAX} prompts per run, not ${prompts.length}.` };
  const badPrompt = prompts.findIndex((prompt) => prompt.length === 0 || prompt.length > PROMPT_MAX_CHARS);
  if (badPrompt >= 0) return { ok: false, error: `prompt ${badPrompt + 1} is ${prompts[badPrompt]!.length === 0 ? "empty" : `longer than ${PROMPT_MAX_CHARS} characters`}.` };

  const samplesArg = single("--samples");
  if ("error" in samplesArg) return { ok: false, error: samplesArg.error! };
  const samplesText = samplesArg.value ?? String(DEFAULT_SAMPLES);
  if (!/^\d{1,2}$/.test(samplesText) || Number(samplesText) < 1 || Number(samplesText) > SAMPLES_MAX) return { ok: false, error: `--samples needs a whole number from 1 to ${SAMPLES_MAX}, not "${samplesText}".` };

  const enginesArg = single("--engines");
  if ("error" in enginesArg) return { ok: false, error: enginesArg.error! };
  let engines: EngineName[] | null = null;
  if (enginesArg.value !== undefined) {
    const names = enginesArg.value.split(",").map((name) => name.trim().toLowerCase()).filter((name) => name.length > 0);
    const unknown = names.find((name) => !(ENGINE_NAMES as readonly string[]).includes(name));
    if (unknown !== undefined) return { ok: false, error: `--engines: unknown engine "${unknown}"; the engines are ${ENGINE_NAMES.join(", ")}.` };
    if (names.length === 0) return { ok: false, error: `--engines needs at least one of ${ENGINE_NAMES.join(", ")}.` };
    engines = [...new Set(names as EngineName[])];
  }

  const brands = (values.get("--brand") ?? []).map((brand) => brand.trim());
  if (brands.length > BRAND_NAMES_MAX) return { ok: false, error: `at most ${BRAND_NAMES_MAX} --brand names, not ${brands.length}.` };
  if (brands.some((brand) => brand.length === 0 || brand.length > BRAND_NAME_MAX_CHARS)) return { ok: false, error: `each --brand is 1 to ${BRAND_NAME_MAX_CHARS} characters.` };

  const competitorArgs = values.get("--competitor") ?? [];
  if (competitorArgs.length > COMPETITORS_MAX) return { ok: false, error: `at most ${COMPETITORS_MAX} --competitor domains, not ${competitorArgs.length}.` };
  const competitors: string[] = [];
  for (const given of competitorArgs) {
    const competitor = normalizeTarget(given);
    if (!competitor.ok) return { ok: false, error: `--competitor ${JSON.stringify(given)}: ${competitor.error}` };
    if (competitor.domain === domain.domain) return { ok: false, error: `--competitor ${competitor.domain} is the --domain itself.` };
    if (!competitors.includes(competitor.domain)) competitors.push(competitor.domain);
  }
  return { ok: true, args: { domain: domain.domain, prompts, engines, samples: Number(samplesText), brands, competitors, json } };
}

export async function answersCommand(args: string[], config: Config, io: AnswersIo): Promise<number> {
  const parsed = parseAnswersArgs(args);
  if (!parsed.ok) {
    io.err(`sightline answers: ${parsed.error}\n\n${ANSWERS_USAGE}\n`);
    return EXIT.usage;
  }
  const run = parsed.args;
  const configured = configuredEngines(config);
  if (configured.length === 0) {
    io.err(`sightline answers: no answer engine is configured. Set at least one of ${Object.values(ENGINE_KEY_VARIABLES).join(", ")} (see docs/answers.md).\n`);
    return EXIT.usage;
  }
  let engines: AnswerEngine[] = configured;
  if (run.engines !== null) {
    const missing = run.engines.filter((name) => !configured.some((engine) => engine.name === name));
    if (missing.length > 0) {
      io.err(`sightline answers: ${missing.map((name) => `${name} is not configured (set ${ENGINE_KEY_VARIABLES[name]})`).join("; ")}.\n`);
      return EXIT.usage;
    }
    engines = configured.filter((engine) => run.engines!.includes(engine.name));
  }
  const brandNames = run.brands.length > 0 ? run.brands : defaultBrandNames(run.domain);
  const target: AnswerTarget = { domain: run.domain, brandNames, competitors: run.competitors, mentions: brandMatcher(brandNames) };
  const samples = await runAnswers({
    prompts: run.prompts,
    engines,
    samples: run.samples,
    target,
    timeoutMs: config.ANSWERS_TIMEOUT_MS,
    secrets: providerSecrets(config),
  });
  const report = buildReport(run, brandNames, engines, samples);
  io.out(run.json ? `${JSON.stringify(report, null, 2)}\n` : summary(report));
  return samples.some((sample) => sample.result.status === "ok") ? EXIT.ok : EXIT.failure;
}

export interface AnswersReport {
  domain: string;
  brandNames: string[];
  competitors: string[];
  prompts: string[];
  samplesPerPrompt: number;
  engines: { name: EngineName; api: string; model: string; priceUsd: number }[];
  byEngine: { engine: EngineName; shares: SampleShares }[];
  byPrompt: { prompt: number; engine: EngineName; shares: SampleShares }[];
  shareOfVoice: ReturnType<typeof shareOfVoice>;
  costUsd: number;
  samples: (PromptSample & { prompt: string })[];
}

function buildReport(run: RunArgs, brandNames: string[], engines: AnswerEngine[], samples: PromptSample[]): AnswersReport {
  return {
    domain: run.domain,
    brandNames,
    competitors: run.competitors,
    prompts: run.prompts,
    samplesPerPrompt: run.samples,
    engines: engines.map((engine) => ({ name: engine.name, api: engine.api, model: engine.model, priceUsd: engine.priceUsd })),
    byEngine: sharesBy(samples, (sample) => sample.result.engine, (sample) => sample.result).map(({ key, shares }) => ({ engine: key, shares })),
    byPrompt: sharesBy(samples, (sample) => `${sample.promptIndex}\u0000${sample.result.engine}`, (sample) => sample.result).map(({ key, shares }) => {
      const [prompt, engine] = key.split("\u0000");
      return { prompt: Number(prompt) + 1, engine: engine as EngineName, shares };
    }),
    shareOfVoice: shareOfVoice(run.domain, run.competitors, samples.map((sample) => sample.result)),
    costUsd: roundUsd(samples.reduce((sum, sample) => sum + sample.result.costUsd, 0)),
    samples: samples.map((sample) => ({ ...sample, prompt: run.prompts[sample.promptIndex]! })),
  };
}

function engineLine(engine: string, shares: SampleShares): string {
  const parts = [describeShare(shares.cited, "cited"), describeShare(shares.mentioned, "mentioned")];
  if (shares.meanPosition !== null) parts.push(`position ${shares.meanPosition.toFixed(1)}`);
  if (shares.unavailable > 0) parts.push(`unavailable in ${shares.unavailable} of ${shares.samples}`);
  const others = shares.topOtherDomains.slice(0, 5).map((other) => `${other.domain} (${other.samples})`);
  return `  ${engine.padEnd(10)} ${parts.join("; ")}${others.length > 0 ? `\n  ${"".padEnd(10)} other domains: ${others.join(", ")}` : ""}`;
}

export function summary(report: AnswersReport): string {
  const lines = [`${report.domain}: ${report.prompts.length} prompt${report.prompts.length === 1 ? "" : "s"}, ${report.samplesPerPrompt} sample${report.samplesPerPrompt === 1 ? "" : "s"} each`];
  lines.push(`Brand names looked for: ${report.brandNames.join(", ")}`);
  lines.push("Engines (API answers can differ from what the apps show):");
  for (const engine of report.engines) lines.push(`  ${engine.name.padEnd(10)} ${engine.model} via ${engine.api}`);
  report.prompts.forEach((prompt, index) => {
    lines.push("", `Prompt ${index + 1}: ${JSON.stringify(prompt)}`);
    for (const row of report.byPrompt.filter((entry) => entry.prompt === index + 1)) lines.push(engineLine(row.engine, row.shares));
  });
  if (report.prompts.length > 1) {
    lines.push("", "All prompts:");
    for (const row of report.byEngine) lines.push(engineLine(row.engine, row.shares));
  }
  const reasons = report.samples.flatMap((sample) => (sample.result.status === "unavailable" ? [`${sample.result.engine}: ${sample.result.detail}`] : []));
  if (reasons.length > 0) {
    lines.push("", "Unavailable samples:");
    for (const [reason, count] of countOf(reasons)) lines.push(`  ${reason}${count > 1 ? ` (×${count})` : ""}`);
  }
  if (report.competitors.length > 0) {
    lines.push("", "Share of voice (citations among the domain and its competitors):");
    for (const entry of report.shareOfVoice) {
      lines.push(`  ${entry.domain.padEnd(28)} ${entry.voice === null ? "  -" : `${String(Math.round(entry.voice * 100)).padStart(3)}%`}  ${describeShare(entry.cited, "cited")}`);
    }
  }
  lines.push("", `Cost: about $${report.costUsd.toFixed(4)} (configured per-call prices; Perplexity's as it reports)`);
  return `${lines.join("\n")}\n`;
}

function countOf(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts];
}
