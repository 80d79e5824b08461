import { Type as T, type Static } from "@sinclair/typebox";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { BRAND_NAME_MAX_CHARS, BRAND_NAMES_MAX, defaultBrandNames } from "./brand-mention.ts";
import { ENGINE_NAMES } from "./engine.ts";
import { PROMPT_MAX_CHARS, SAMPLES_MAX } from "./run-answers.ts";
import type { WatchFields, WatchSchedule } from "../store/answer-watches-repo.ts";

/** The bodies of the answers API, validated at the edge (TypeBox), and their turning into stored fields. */

export const COMPETITORS_MAX = 20;
export const WATCHES_PER_ACCOUNT_MAX = 50;
export const PROMPTS_PER_WATCH_MAX = 20;
export const PROMPT_NAME_MAX_CHARS = 60;
export const PROMPT_GROUP_MAX_CHARS = 60;

export const WatchBody = T.Object(
  {
    domain: T.String({ minLength: 1, maxLength: 2048, description: "The site, as for a scan (example.com, https://www.example.com/)." }),
    brandNames: T.Optional(T.Array(T.String({ minLength: 1, maxLength: BRAND_NAME_MAX_CHARS }), { maxItems: BRAND_NAMES_MAX, description: "Names and aliases to look for in answers. Default: the domain's name and the domain." })),
    competitors: T.Optional(T.Array(T.String({ minLength: 1, maxLength: 2048 }), { maxItems: COMPETITORS_MAX, description: "Competitors' domains, for share of voice." })),
    engines: T.Optional(T.Array(T.Union(ENGINE_NAMES.map((name) => T.Literal(name))), { minItems: 1, maxItems: ENGINE_NAMES.length, description: "Engines to ask. Default: every configured one." })),
    samples: T.Optional(T.Integer({ minimum: 1, maximum: SAMPLES_MAX, description: "Times each prompt is asked of each engine per run (default 3)." })),
    schedule: T.Optional(T.Union([T.Literal("none"), T.Literal("daily"), T.Literal("weekly")], { description: "How often runs start on their own (default none)." })),
  },
  { additionalProperties: false },
);
export type WatchBody = Static<typeof WatchBody>;

export const PromptBody = T.Object(
  {
    name: T.String({ minLength: 1, maxLength: PROMPT_NAME_MAX_CHARS, description: "A short name, unique within the watch." }),
    prompt: T.String({ minLength: 1, maxLength: PROMPT_MAX_CHARS, description: "The question asked." }),
    group: T.Optional(T.String({ minLength: 1, maxLength: PROMPT_GROUP_MAX_CHARS, description: "A group of prompts whose citation share is followed together." })),
  },
  { additionalProperties: false },
);
export type PromptBody = Static<typeof PromptBody>;

const PERIOD_MS: Record<WatchSchedule, number | null> = { none: null, daily: 86_400_000, weekly: 7 * 86_400_000 };

export function nextRunAfter(schedule: WatchSchedule, now: number): number | null {
  const period = PERIOD_MS[schedule];
  return period === null ? null : now + period;
}

export type WatchFieldsResult = { ok: true; fields: WatchFields } | { ok: false; error: string };

export function watchFieldsOf(body: WatchBody, now: number): WatchFieldsResult {
  const target = normalizeTarget(body.domain);
  if (!target.ok) return { ok: false, error: `domain: ${target.error}` };
  const brandNames = body.brandNames?.map((name) => name.trim()).filter((name) => name.length > 0) ?? [];
  const competitors: string[] = [];
  for (const given of body.competitors ?? []) {
    const competitor = normalizeTarget(given);
    if (!competitor.ok) return { ok: false, error: `competitors: ${JSON.stringify(given)}: ${competitor.error}` };
    if (competitor.domain === target.domain) return { ok: false, error: `competitors: ${competitor.domain} is the watched domain itself.` };
    if (!competitors.includes(competitor.domain)) competitors.push(competitor.domain);
  }
  const schedule = body.schedule ?? "none";
  return {
    ok: true,
    fields: {
      domain: target.domain,
      brandNames: brandNames.length > 0 ? [...new Set(brandNames)] : defaultBrandNames(target.domain),
      competitors,
      engines: body.engines ? [...new Set(body.engines)] : null,
      samples: body.samples ?? 3,
      schedule,
      nextRunAt: nextRunAfter(schedule, now),
    },
  };
}
